import { useState, type BaseSyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import { inverted, renamed, type Inverted, type Renamed } from '@freight/contracts';
import { Button, Group } from '@mantine/core';
import { applyServerFieldErrors } from './form-errors.js';

type Names = Readonly<Record<string, string>>;

export interface ServerFormOptions<T extends FieldValues, M extends Names = Record<never, string>> {
  /** The contracts' schema the server validates with too. */
  schema: z.ZodMiniType<unknown, FieldValues>;
  /** `onSubmit` gets the values as typed, the schema only checks them (for a form that builds its own body); else what the schema gives. */
  asTyped?: boolean;
  defaultValues: DefaultValues<T>;
  /** Inputs that may receive the server's field errors. */
  fields: readonly Path<T>[];
  /** The server's name of a field → the input's, where the body renames it (`newForwarderName` → `Forwarder`). */
  serverNames?: Names;
  /**
   * The body's fields the inputs name in plain words, the wire's name → the input's (`JOB_BODY_NAMES`,
   * ADR 56): the values are checked and sent by the wire's names, errors shown under the inputs.
   */
  names?: M;
  /** A rule of the whole form, checked before the schema: the text it returns shows as `formError` and nothing is sent. */
  formRule?: (values: T) => string | undefined;
  /** Send the validated values, by the wire's names where `names` renames them (the call's body); throw (ApiError) on failure. */
  onSubmit: (body: Renamed<T, Inverted<NoInfer<M>>>) => Promise<void>;
  /** The text shown above the form for a failure. */
  errorText: (error: unknown) => string;
}

/**
 * A form validated with a contracts schema and sent to the server: a refused
 * submit puts the server's field errors under the inputs and `formError` above them.
 */
export function useServerForm<T extends FieldValues, M extends Names = Record<never, string>>({
  schema,
  asTyped = false,
  defaultValues,
  fields,
  serverNames,
  names,
  formRule,
  onSubmit,
  errorText,
}: ServerFormOptions<T, M>) {
  const [formError, setFormError] = useState<string | null>(null);
  const check = (asTyped ? zodResolver(schema, undefined, { raw: true }) : zodResolver(schema)) as Resolver<T>;
  const wireNames = names && inverted(names);
  // The schema reads the wire's names: the values go to it renamed, its answer comes back by the inputs' names.
  const resolver: Resolver<T> =
    names && wireNames
      ? async (values, context, options) => {
          const result = await check(renamed(values, wireNames) as T, context, options);
          return { values: renamed(result.values, names), errors: renamed(result.errors, names) } as Awaited<ReturnType<Resolver<T>>>;
        }
      : check;
  const form = useForm<T>({ resolver, defaultValues });

  const send = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit((wireNames ? renamed(values, wireNames) : values) as Renamed<T, Inverted<M>>);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fields, { ...names, ...serverNames });
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
