import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { MAX_ADDITIONAL_EMAILS, consignees, consigneeUpdateDataSchema, shipperUpdateDataSchema, shippers } from '@freight/contracts';
import {
  ErrorNotice,
  FormActions,
  LoadingNotice,
  READ_ONLY_INPUT,
  callRoute,
  recordLoadErrorText,
  screenTexts,
  useAfterSave,
  useRecord,
  useRole,
  useServerForm,
  type FormMode,
} from '@freight/web-kit';
import { useCurrentBalance } from './current-balance.js';

export type ClientKind = 'consignee' | 'shipper';
type Values = Record<string, unknown>;

const RESOURCES = { consignee: consignees, shipper: shippers } as const;
const UPDATE_DATA = { consignee: consigneeUpdateDataSchema, shipper: shipperUpdateDataSchema } as const;

type TextField = { name: string; label: string; required: boolean; type?: string };

/** A client's text inputs, in the screens' order (requirements 01 §5): required but for `optional`, as the schema says. */
function textFields(kind: ClientKind, optional: readonly string[]): readonly TextField[] {
  const fields = [
    { name: `${kind}Name`, label: `${kind.charAt(0).toUpperCase()}${kind.slice(1)} Name` },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'address', label: 'Address' },
    { name: 'mobile', label: 'Mobile', type: 'tel' },
    { name: 'handlingPersonName', label: 'Handling Person Name' },
  ];
  return fields.map((field) => ({ ...field, required: !optional.includes(field.name) }));
}

const TEXT_FIELDS: Record<ClientKind, readonly TextField[]> = { consignee: textFields('consignee', ['address', 'mobile']), shipper: textFields('shipper', []) };

const errorOf = (form: UseFormReturn<FieldValues>, name: string): string | undefined => form.formState.errors[name]?.message as string | undefined;

/** Additional e-mails as rows that can be added (up to 10) and removed. */
function AdditionalEmails({ form }: { form: UseFormReturn<FieldValues> }) {
  return (
    <Controller
      control={form.control}
      name="additionalEmails"
      render={({ field, fieldState }) => {
        const emails = (field.value as string[]) ?? [];
        const rowErrors = fieldState.error as ({ message?: string } | undefined)[] | undefined;
        const set = (next: string[]) => field.onChange(next);
        return (
          <Stack gap="xs">
            <Text fw={500} size="sm">
              Additional Emails
            </Text>
            {emails.map((email, i) => (
              <Group key={i} align="flex-start" wrap="nowrap">
                <TextInput
                  type="email"
                  aria-label={`Additional email ${i + 1}`}
                  value={email}
                  onChange={(event) => set(emails.map((e, j) => (j === i ? event.currentTarget.value : e)))}
                  error={rowErrors?.[i]?.message}
                  style={{ flex: 1 }}
                />
                <Button variant="light" color="red" onClick={() => set(emails.filter((_, j) => j !== i))} aria-label={`Remove additional email ${i + 1}`}>
                  Remove
                </Button>
              </Group>
            ))}
            {fieldState.error?.message && (
              <Text c="red" size="sm">
                {fieldState.error.message}
              </Text>
            )}
            <Group>
              <Button variant="default" onClick={() => set([...emails, ''])} disabled={emails.length >= MAX_ADDITIONAL_EMAILS}>
                Add Email
              </Button>
            </Group>
          </Stack>
        );
      }}
    />
  );
}

/** Why the opening balance of an existing consignee is locked for everyone but the Head (the directory refuses it too, 403). */
export const OPENING_BALANCE_HEAD_ONLY_HINT = 'Only the Head can change the opening balance';

/**
 * The opening balance: on the edit screen the Head's alone (requirements decisions §4), locked until Unlock is
 * pressed (requirements 01 §4), locked for good for others; the current balance is read-only.
 */
function Balances({ form, mode, id, openingBalance }: { form: UseFormReturn<FieldValues>; mode: FormMode; id?: string; openingBalance?: string }) {
  const role = useRole();
  const mayUnlock = mode === 'edit' && role === 'Head';
  const [locked, setLocked] = useState(mode === 'edit');
  const currentBalance = useCurrentBalance(mode === 'edit' ? (id ?? '') : '', openingBalance);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="Opening Balance (Rs.)"
          inputMode="decimal"
          style={{ flex: 1 }}
          {...form.register('openingBalance')}
          {...(locked
            ? { readOnly: true, variant: 'filled', description: mayUnlock ? 'Locked: press Unlock to change it' : OPENING_BALANCE_HEAD_ONLY_HINT }
            : {})}
          error={errorOf(form, 'openingBalance')}
        />
        {mayUnlock && (
          <Button variant="default" onClick={() => setLocked(!locked)}>
            {locked ? 'Unlock' : 'Lock'}
          </Button>
        )}
      </Group>
      {mode === 'edit' && <TextInput label="Current Balance" value={currentBalance} {...READ_ONLY_INPUT} description="Read-only: from the accounts" />}
    </SimpleGrid>
  );
}

function ClientForm({ kind, mode, record }: { kind: ClientKind; mode: FormMode; record?: Values }) {
  const resource = RESOURCES[kind];
  const texts = screenTexts(resource);
  const listPath = `../manage${kind}`;
  const afterSave = useAfterSave(resource.key, listPath);
  // Others than the Head send no opening balance on an edit: theirs cannot change it (and a stale one would be refused).
  const role = useRole();
  const sendsOpeningBalance = mode === 'add' || role === 'Head';
  const fields = TEXT_FIELDS[kind];
  const id = record?.[`${kind}_id`] as string | undefined;
  const defaults: Values = {
    ...Object.fromEntries([...fields.map((f) => f.name), 'username', 'remarks'].map((name) => [name, (record?.[name] as string) ?? ''])),
    password: '',
    ...(kind === 'consignee'
      ? { additionalEmails: (record?.additionalEmails as string[]) ?? [], openingBalance: (record?.openingBalance as string) ?? '0.00' }
      : {}),
  };
  const { form, submit, formError } = useServerForm<FieldValues>({
    schema: (mode === 'add' ? resource.operations.add.body : UPDATE_DATA[kind]) as never,
    defaultValues: defaults,
    fields: [...fields.map((f) => f.name), 'username', 'password', 'remarks', 'additionalEmails', 'openingBalance'],
    onSubmit: async (values) => {
      if (mode === 'add') await callRoute(resource.operations.add, { body: values });
      else {
        const { openingBalance: _, ...kept } = values;
        const updateData = sendsOpeningBalance ? values : kept;
        await callRoute(resource.operations.update, { params: { [resource.naturalKey]: id! }, body: { updateData } });
      }
      await afterSave(mode === 'add' ? resource.texts.added : resource.texts.updated);
    },
    errorText: mode === 'add' ? texts.addError : texts.updateError,
  });
  const input = (name: string, label: string, required: boolean, type?: string) => (
    <TextInput key={name} label={label} type={type} required={required} {...form.register(name)} error={errorOf(form, name)} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'add' ? `Add ${kind}` : `Edit ${kind}`}>
      <Stack maw={720}>
        {formError && <ErrorNotice>{formError}</ErrorNotice>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input(fields[0]!.name, fields[0]!.label, true)}
          {mode === 'edit' ? <TextInput label="Username" {...READ_ONLY_INPUT} {...form.register('username')} /> : input('username', 'Username', true)}
          {fields.slice(1).map((f) => input(f.name, f.label, f.required, f.type))}
          <PasswordInput
            label="Password"
            required={mode === 'add'}
            placeholder={mode === 'edit' ? 'Leave blank to keep current' : undefined}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
            {...form.register('password')}
            error={errorOf(form, 'password')}
          />
        </SimpleGrid>
        {kind === 'consignee' && <AdditionalEmails form={form} />}
        {kind === 'consignee' && <Balances form={form} mode={mode} id={id} openingBalance={record?.openingBalance as string | undefined} />}
        <Textarea label="Remarks" autosize minRows={3} {...form.register('remarks')} error={errorOf(form, 'remarks')} />
        <FormActions submitLabel={mode === 'add' ? texts.addTitle : 'Save Changes'} submitting={form.formState.isSubmitting} cancelTo={listPath} />
      </Stack>
    </form>
  );
}

/** The add screen (`addconsignee`, `addshipper`) or the edit screen (`editconsignee/:consignee_id`, ...) of a client. */
export function ClientFormPage({ kind, mode }: { kind: ClientKind; mode: FormMode }) {
  const texts = screenTexts(RESOURCES[kind]);
  return (
    <Stack>
      <Title order={2}>{mode === 'add' ? texts.addTitle : texts.editTitle}</Title>
      {mode === 'add' ? <ClientForm kind={kind} mode="add" /> : <EditClient kind={kind} />}
    </Stack>
  );
}

function EditClient({ kind }: { kind: ClientKind }) {
  const resource = RESOURCES[kind];
  const id = useParams()[`${kind}_id`] ?? '';
  const record = useRecord(resource, id);
  const texts = screenTexts(resource);
  if (!id) return <ErrorNotice>{kind === 'consignee' ? 'Consignee ID is missing.' : 'Shipper ID is missing.'}</ErrorNotice>;
  if (record.isPending) return <LoadingNotice />;
  if (record.isError) return <ErrorNotice>{recordLoadErrorText(record.error, texts)}</ErrorNotice>;
  return <ClientForm kind={kind} mode="edit" record={record.data as Values} />;
}
