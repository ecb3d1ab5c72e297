import { Alert, TextInput, type TextInputProps } from '@mantine/core';

/** A money input (requirements 02 §9: minimum 0, step 0.01); the value stays the text typed, sent as a decimal string. */
export function MoneyInput(props: TextInputProps & { label: string }) {
  return <TextInput required type="number" min={0} step={0.01} inputMode="decimal" {...props} />;
}

/** What a save came to, above the form: a success (status) or a failure (alert). */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** The form's outcome: its failure (`useServerForm`'s formError) before its last success. */
export const outcomeOf = (formError: string | null, saved: string | null): Outcome | null =>
  formError ? { ok: false, text: formError } : saved ? { ok: true, text: saved } : null;

export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Alert>
  );
}
