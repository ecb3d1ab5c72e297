import { Alert, TextInput } from '@mantine/core';

/** A money input (spec 02 §9: minimum 0, step 0.01); the value stays the text typed, sent as a decimal string. */
export function MoneyInput({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextInput
      label={label}
      required
      type="number"
      min={0}
      step={0.01}
      inputMode="decimal"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/** What a save came to, above the form: a success (status) or a failure (alert). */
export interface Outcome {
  ok: boolean;
  text: string;
}

export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Alert>
  );
}
