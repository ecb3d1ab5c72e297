import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { controlCharacterProblems } from '@freight/contracts';
import { AppError } from './errors.js';

/** Field path → message for each problem (first message per field), e.g. `{ "user.email": "Enter a valid email address" }`. */
export function zodDetails(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '(body)';
    details[path] ??= issue.message;
  }
  return details;
}

/** A VALIDATION_FAILED error whose message is the first problem and whose details list them all. */
export function validationError(error: z.ZodError): AppError {
  return new AppError('VALIDATION_FAILED', error.issues[0]?.message ?? 'Invalid request', zodDetails(error));
}

/** Parse with a schema or throw VALIDATION_FAILED; control characters are refused in any string first, whatever the schema. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const control = controlCharacterProblems(value, '(body)');
  const [first] = Object.values(control);
  if (first) throw new AppError('VALIDATION_FAILED', first, control);
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** `@Payload(new ZodPayloadPipe(schema))`: a service never trusts its caller's payload. */
export class ZodPayloadPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseOrThrow(this.schema, value);
  }
}
