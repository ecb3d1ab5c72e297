import type { ReactNode } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Checkbox, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { loadPasswordEstimator } from '@freight/contracts';
import { ErrorNotice } from './pages.js';
import { FormActions, READ_ONLY_INPUT, useServerForm } from './server-form.js';
import { screenTexts, type ScreenTexts } from './resource-texts.js';
import { renamesOf, type FieldName, type FormResource, type FormValues } from './resource-types.js';

/** An input of an entity's form, as data. */
export interface FormField<Name extends string = string> {
  /** The field's name in the contract's body (and the record): no renaming on the way. */
  name: Name;
  label: string;
  /** Default 'text'. A 'select' offers `options`; a 'checkbox' holds true or false; a 'textarea' several lines. */
  type?: 'text' | 'tel' | 'email' | 'password' | 'select' | 'checkbox' | 'textarea';
  /** The add screen's value (default ''; a checkbox's: false). */
  defaultValue?: string | boolean;
  /** Default true; 'add': required when adding only (a password left blank on edit keeps the current one). */
  required?: boolean | 'add';
  /** Shown, greyed and not editable on the edit screen (e.g. the natural key). */
  readOnlyOnEdit?: boolean;
  options?: readonly string[];
  /** A select's first, disabled choice ('Select a role'); an input's placeholder. */
  placeholder?: string;
  /** The placeholder on the edit screen ('Enter New Password'). */
  editPlaceholder?: string;
  description?: string;
  autoComplete?: string;
}

export type FormMode = 'add' | 'edit';

export interface ResourceFormProps<R extends FormResource> {
  resource: R;
  mode: FormMode;
  fields: readonly FormField<FieldName<R>>[];
  defaultValues: FormValues<R>;
  /** Send the validated values; throw (ApiError) on failure. */
  onSubmit: (values: FormValues<R>) => Promise<void>;
  /** The text shown above the form for a failure. */
  errorText: (error: unknown) => string;
  cancelTo: string;
  /** Shown above the inputs, e.g. a dropdown that failed to load. */
  notice?: ReactNode;
  texts?: Partial<ScreenTexts>;
}

/** A failed fetch is retried when the form validates; the server checks the same rule anyway. */
const prefetchPasswordEstimator = () => void loadPasswordEstimator().catch(() => undefined);

const withPlaceholder = (placeholder: string, values: readonly string[]) => [
  { value: '', label: placeholder, disabled: true },
  ...values.map((v) => ({ value: v, label: v })),
];

function FieldInput({ field, mode, form }: { field: FormField; mode: FormMode; form: UseFormReturn<FieldValues> }) {
  const { name, label, type = 'text', description, autoComplete } = field;
  const error = form.formState.errors[name]?.message as string | undefined;
  const required = field.required === 'add' ? mode === 'add' : field.required !== false;
  const placeholder = mode === 'edit' && field.editPlaceholder !== undefined ? field.editPlaceholder : field.placeholder;

  if (type === 'select') {
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field: input }) => (
          <NativeSelect
            label={label}
            required={required}
            data={withPlaceholder(placeholder ?? `Select ${label}`, field.options ?? [])}
            {...input}
            error={error}
          />
        )}
      />
    );
  }
  if (type === 'checkbox') {
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field: input }) => (
          <Checkbox
            label={label}
            description={description}
            name={input.name}
            ref={input.ref}
            onBlur={input.onBlur}
            checked={input.value === true}
            onChange={(event) => input.onChange(event.currentTarget.checked)}
            error={error}
          />
        )}
      />
    );
  }
  if (type === 'textarea') {
    const shown = { label, description, required, placeholder };
    return <Textarea {...shown} autosize minRows={3} {...form.register(name)} error={error} />;
  }
  if (type === 'password') {
    return (
      <PasswordInput
        label={label}
        description={description}
        required={required}
        placeholder={placeholder}
        autoComplete={autoComplete ?? 'new-password'}
        // Keep the word 'password' out of the toggle's name: getByLabel('Password') finds the input only.
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
        // The common-password list is fetched while the password is typed, not with the page.
        onFocus={prefetchPasswordEstimator}
        {...form.register(name)}
        error={error}
      />
    );
  }
  // Requirements 01 §5: on edit, the key (a branch's city) and fields like the code stay as they are.
  const fixed = field.readOnlyOnEdit && mode === 'edit' ? READ_ONLY_INPUT : { required, description };
  return (
    <TextInput
      label={label}
      type={type === 'text' ? undefined : type}
      placeholder={placeholder}
      autoComplete={autoComplete}
      {...fixed}
      {...form.register(name)}
      error={error}
    />
  );
}

/**
 * An entity's add or edit form from its fields as data, validated with the contract's schema
 * of the call (the resource's `add` or `update` body, the one the server validates with): a
 * refused submit puts the server's field errors under the inputs and its message above them.
 */
export function ResourceForm<R extends FormResource>({
  resource,
  mode,
  fields,
  defaultValues,
  onSubmit,
  errorText,
  cancelTo,
  notice,
  texts,
}: ResourceFormProps<R>) {
  const renames = renamesOf(resource);
  // An update body that renames fields (`newOriginPortName`) has the add body's rules under other
  // names: the inputs keep the add body's names and rules, and the server's errors come back to them.
  const renaming = Object.keys(renames).length > 0;
  const { form, submit, formError } = useServerForm<FieldValues>({
    schema: (mode === 'add' || renaming ? resource.operations.add.body : resource.operations.update.body) as never,
    defaultValues,
    fields: fields.map((field) => field.name),
    serverNames: Object.fromEntries(Object.entries(renames).map(([field, sent]) => [sent, field])),
    onSubmit: onSubmit as (values: FieldValues) => Promise<void>,
    errorText,
  });
  const { singular } = resource.texts;
  const { addTitle } = screenTexts(resource, texts);

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'add' ? `Add ${singular}` : `Edit ${singular}`}>
      <Stack maw={720}>
        {formError && <ErrorNotice>{formError}</ErrorNotice>}
        {notice}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => (
            <FieldInput key={field.name} field={field} mode={mode} form={form} />
          ))}
        </SimpleGrid>
        <FormActions submitLabel={mode === 'add' ? addTitle : 'Save Changes'} submitting={form.formState.isSubmitting} cancelTo={cancelTo} />
      </Stack>
    </form>
  );
}
