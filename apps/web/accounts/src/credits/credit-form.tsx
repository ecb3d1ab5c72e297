import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { PAYMENT_TYPES, creditAddSchema, creditEditSchema, type PaymentType } from '@freight/contracts';
import { isApiError } from '@freight/web-kit';
import { useConsigneeNames } from '../consignees.js';
import { MoneyInput, OutcomeAlert, type Outcome } from '../form-parts.js';
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
type Problems = Partial<Record<keyof CreditFormValues, string>>;

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

/** The field problems of the contracts' schema (the server's rules), by field. */
function schemaProblems(mode: 'add' | 'edit', values: CreditFormValues): Problems {
  const body = mode === 'add' ? { consigneeName: values.consigneeName, ...creditBody(values) } : creditBody(values);
  const parsed = (mode === 'add' ? creditAddSchema : creditEditSchema).safeParse(body);
  const problems: Problems = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0]) as keyof CreditFormValues;
    problems[field] ??= issue.message;
  }
  return problems;
}

interface CreditFormProps {
  mode: 'add' | 'edit';
  initial: CreditFormValues;
  /** Shown above the fields on edit: the voucher number and the consignee, which do not change. */
  fixed?: ReactNode;
  submitLabel: string;
  /** The catalogue's text of a failed save (spec 02 §8). */
  failedText: string;
  /** Send the values; resolves with the message to show (the server's), throws an ApiError. */
  onSave: (values: CreditFormValues) => Promise<string>;
  /** After a save that succeeded (add: a fresh form; edit: back to the records). */
  afterSave?: () => void;
  /** A link back, beside the submit button. */
  back?: ReactNode;
}

/**
 * The credit form of Add Credit Payment and Edit Credit (spec 02 §5): consignee (add only),
 * Cash or Cheque, the cheque number only for a cheque, amount, date and remarks. A missing
 * consignee, payment type or amount says "⚠ Please fill all required fields."; the schema's
 * (and the server's) other problems show under their fields.
 */
export function CreditForm({ mode, initial, fixed, submitLabel, failedText, onSave, afterSave, back }: CreditFormProps) {
  const names = useConsigneeNames();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof CreditFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const missing = (mode === 'add' && !values.consigneeName) || !values.paymentType || !values.amount.trim();
    if (missing) return setOutcome({ ok: false, text: CreditTexts.required });
    const found = schemaProblems(mode, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const message = await onSave(values);
      setOutcome({ ok: true, text: message });
      if (mode === 'add') setValues(EMPTY_CREDIT);
      afterSave?.();
    } catch (error) {
      if (isApiError(error) && error.details) setProblems(error.details as Problems);
      setOutcome({ ok: false, text: failedText });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={720}>
      <OutcomeAlert outcome={outcome} />
      {fixed}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {mode === 'add' && (
            <NativeSelect
              label="Consignee"
              required
              data={[{ value: '', label: 'Select Consignee', disabled: true }, ...(names.data ?? [])]}
              value={values.consigneeName}
              onChange={(event) => set('consigneeName')(event.currentTarget.value)}
              error={problems.consigneeName}
            />
          )}
          <NativeSelect
            label="Payment Type"
            required
            data={[{ value: '', label: 'Select Payment Type', disabled: true }, ...PAYMENT_TYPES]}
            value={values.paymentType}
            onChange={(event) => set('paymentType')(event.currentTarget.value)}
            error={problems.paymentType}
            maw={320}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {values.paymentType === 'Cheque' && (
              <TextInput
                label="Cheque Number"
                required
                value={values.chequeNumber}
                onChange={(event) => set('chequeNumber')(event.currentTarget.value)}
                error={problems.chequeNumber}
              />
            )}
            <MoneyInput label="Amount" value={values.amount} onChange={set('amount')} error={problems.amount} />
            <TextInput
              label="Date"
              type="date"
              description={mode === 'add' ? 'Left empty: today' : undefined}
              value={values.date}
              onChange={(event) => set('date')(event.currentTarget.value)}
              error={problems.date}
            />
          </SimpleGrid>
          <Textarea
            label="Remarks"
            autosize
            minRows={2}
            value={values.remarks}
            onChange={(event) => set('remarks')(event.currentTarget.value)}
            error={problems.remarks}
          />
          <Group>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
            {back}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
