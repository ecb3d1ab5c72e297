import type { PipeTransform } from '@nestjs/common';
import { safeParse, type $ZodError, type $ZodType, type output } from 'zod/v4/core';
import { controlCharacterProblems } from '@freight/contracts';
import { AppError } from './errors.js';

/** Field path → message for each problem (first message per field), e.g. `{ "user.email": "Enter a valid email address" }`. */
export function zodDetails(error: $ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '(body)';
    details[path] ??= issue.message;
  }
  return details;
}

/** A VALIDATION_FAILED error whose message is the first problem and whose details list them all. */
export function validationError(error: $ZodError): AppError {
  return new AppError('VALIDATION_FAILED', error.issues[0]?.message ?? 'Invalid request', zodDetails(error));
}

/** Parse with a schema or throw VALIDATION_FAILED; control characters are refused in any string first, whatever the schema. */
export function parseOrThrow<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const control = controlCharacterProblems(value, '(body)');
  const [first] = Object.values(control);
  if (first) throw new AppError('VALIDATION_FAILED', first, control);
  // The core's parse: schemas of the classic API (configuration) and of zod/mini (the contracts) alike.
  const result = safeParse(schema, value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** `@Payload(new ZodPayloadPipe(schema))`: a service never trusts its caller's payload. */
export class ZodPayloadPipe<S extends $ZodType> implements PipeTransform<unknown, output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): output<S> {
    return parseOrThrow(this.schema, value);
  }
}
