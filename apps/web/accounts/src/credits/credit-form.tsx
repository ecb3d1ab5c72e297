import { useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { PAYMENT_TYPES, creditAddSchema, creditEditSchema, type CreditAdd, type CreditEdit, type PaymentType } from '@freight/contracts';
import { useServerForm } from '@freight/web-kit';
import { useConsigneeNames } from '../consignees.js';
import { MoneyInput, OutcomeAlert, outcomeOf } from '../form-parts.js';
import { CreditTexts } from '../texts.js';

/** What the credit form's inputs hold. */
export interface CreditFormValues {
  consigneeName: string;
  paymentType: PaymentType | '';
  chequeNumber: string;
  amount: string;
  /** `YYYY-MM-DD`; empty on add: today. */
  date: string;
  remarks: string;
}

export const EMPTY_CREDIT: CreditFormValues = { consigneeName: '', paymentType: '', chequeNumber: '', amount: '', date: '', remarks: '' };

/** The body of an add (with the consignee) or an edit: the cheque number only for a cheque. */
export function creditBody(values: CreditFormValues) {
  return {
    paymentType: values.paymentType as PaymentType,
    amount: values.amount.trim(),
    chequeNumber: values.paymentType === 'Cheque' ? values.chequeNumber.trim() : '',
    remarks: values.remarks.trim(),
    ...(values.date && { date: values.date }),
  };
}

/** The form's rules: the body it sends (`creditBody`) checked by the call's schema, as the server checks it. */
const SCHEMAS = {
  add: z.pipe(
    z.transform((values: CreditFormValues): CreditAdd => ({ consigneeName: values.consigneeName, ...creditBody(values) })),
    creditAddSchema,
  ),
  edit: z.pipe(
    z.transform((values: CreditFormValues): CreditEdit => creditBody(values)),
    creditEditSchema,
  ),
};

const FIELDS = ['consigneeName', 'paymentType', 'chequeNumber', 'amount', 'date', 'remarks'] as const;

interface CreditFormProps {
  mode: 'add' | 'edit';
  initial: CreditFormValues;
  /** Shown above the fields on edit: the voucher number and the consignee, which do not change. */
  fixed?: ReactNode;
  submitLabel: string;
  /** The catalogue's text of a failed save (requirements 02 §8). */
  failedText: string;
  /** Send the values; resolves with the message to show (the server's), throws an ApiError. */
  onSave: (values: CreditFormValues) => Promise<string>;
  /** After a save that succeeded (add: a fresh form; edit: back to the records). */
  afterSave?: () => void;
  /** A link back, beside the submit button. */
  back?: ReactNode;
}

/**
 * The credit form of Add Credit Payment and Edit Credit (requirements 02 §5): consignee (add only),
 * Cash or Cheque, the cheque number only for a cheque, amount, date and remarks. A missing
 * consignee, payment type or amount says "⚠ Please fill all required fields."; the schema's
 * (and the server's) other problems show under their fields.
 */
export function CreditForm({ mode, initial, fixed, submitLabel, failedText, onSave, afterSave, back }: CreditFormProps) {
  const names = useConsigneeNames();
  const [saved, setSaved] = useState<string | null>(null);
  const { form, submit, formError } = useServerForm<CreditFormValues>({
    schema: SCHEMAS[mode] as z.ZodMiniType<unknown, CreditFormValues>,
    asTyped: true,
    defaultValues: initial,
    fields: FIELDS,
    formRule: (values) => ((mode === 'add' && !values.consigneeName) || !values.paymentType || !values.amount.trim() ? CreditTexts.required : undefined),
    onSubmit: async (values) => {
      setSaved(await onSave(values));
      if (mode === 'add') form.reset(EMPTY_CREDIT);
      afterSave?.();
    },
    errorText: () => failedText,
  });
  const { control, register } = form;
  const errors = form.formState.errors;
  const paymentType = form.watch('paymentType');

  return (
    <Stack maw={720}>
      <OutcomeAlert outcome={outcomeOf(formError, saved)} />
      {fixed}
      <form
        noValidate
        onSubmit={(event) => {
          setSaved(null);
          void submit(event);
        }}
      >
        <Stack>
          {mode === 'add' && (
            <Controller
              control={control}
              name="consigneeName"
              render={({ field, fieldState }) => (
                <NativeSelect
                  label="Consignee"
                  required
                  data={[{ value: '', label: 'Select Consignee', disabled: true }, ...(names.data ?? [])]}
                  {...field}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="paymentType"
            render={({ field, fieldState }) => (
              <NativeSelect
                label="Payment Type"
                required
                data={[{ value: '', label: 'Select Payment Type', disabled: true }, ...PAYMENT_TYPES]}
                {...field}
                error={fieldState.error?.message}
                maw={320}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {paymentType === 'Cheque' && <TextInput label="Cheque Number" required {...register('chequeNumber')} error={errors.chequeNumber?.message} />}
            <MoneyInput label="Amount" {...register('amount')} error={errors.amount?.message} />
            <TextInput
              label="Date"
              type="date"
              description={mode === 'add' ? 'Left empty: today' : undefined}
              {...register('date')}
              error={errors.date?.message}
            />
          </SimpleGrid>
          <Textarea label="Remarks" autosize minRows={2} {...register('remarks')} error={errors.remarks?.message} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
            {back}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
