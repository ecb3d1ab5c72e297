import { useState, type BaseSyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import { Button, Group } from '@mantine/core';
import { applyServerFieldErrors } from './form-errors.js';

export interface ServerFormOptions<T extends FieldValues> {
  /** The contracts' schema the server validates with too. */
  schema: z.ZodMiniType<unknown, FieldValues>;
  /** `onSubmit` gets the values as typed, the schema only checks them (for a form that builds its own body); else what the schema gives. */
  asTyped?: boolean;
  defaultValues: DefaultValues<T>;
  /** Inputs that may receive the server's field errors. */
  fields: readonly Path<T>[];
  /** The server's name of a field → the input's, where the body renames it (`newForwarderName` → `Forwarder`). */
  serverNames?: Readonly<Record<string, string>>;
  /** A rule of the whole form, checked before the schema: the text it returns shows as `formError` and nothing is sent. */
  formRule?: (values: T) => string | undefined;
  /** Send the validated values; throw (ApiError) on failure. */
  onSubmit: (values: T) => Promise<void>;
  /** The text shown above the form for a failure. */
  errorText: (error: unknown) => string;
}

/**
 * A form validated with a contracts schema and sent to the server: a refused
 * submit puts the server's field errors under the inputs and `formError` above them.
 */
export function useServerForm<T extends FieldValues>({
  schema,
  asTyped = false,
  defaultValues,
  fields,
  serverNames,
  formRule,
  onSubmit,
  errorText,
}: ServerFormOptions<T>) {
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = asTyped ? zodResolver(schema, undefined, { raw: true }) : zodResolver(schema);
  const form = useForm<T>({ resolver: resolver as Resolver<T>, defaultValues });

  const send = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fields, serverNames);
      setFormError(errorText(error));
    }
  });

  const submit = async (event?: BaseSyntheticEvent) => {
    const refused = formRule?.(form.getValues());
    if (refused === undefined) return send(event);
    event?.preventDefault();
    setFormError(refused);
  };

  return { form, submit, formError };
}

/** The submit button and the Cancel link back to `cancelTo`. */
export function FormActions({ submitLabel, submitting, cancelTo }: { submitLabel: string; submitting: boolean; cancelTo: string }) {
  return (
    <Group>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
      <Button component={Link} to={cancelTo} variant="default">
        Cancel
      </Button>
    </Group>
  );
}

/**
 * Props for an input that shows a value the user cannot change (e.g. a branch's city on
 * edit): greyed, not marked required, and saying so, so that it does not look editable.
 */
export const READ_ONLY_INPUT = { readOnly: true, required: false, variant: 'filled', description: 'Cannot be changed' } as const;
