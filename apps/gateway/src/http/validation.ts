import type { $ZodType, output } from 'zod/v4/core';
import { IDEMPOTENCY_KEY_HEADER, api, controlCharacterProblems, idempotencyKeySchema, type ApiName, type ApiRoute } from '@freight/contracts';
import { AppError } from '@freight/server';

type Part<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends $ZodType } ? output<S> : undefined;

/** The validated parts of a call to a route, typed by its contract schemas. */
export interface InputOf<R extends ApiRoute> {
  params: Part<R, 'params'>;
  query: Part<R, 'query'>;
  body: Part<R, 'body'>;
  /** The Idempotency-Key header of an `idempotent` route, when sent. */
  idempotencyKey: R extends { idempotent: true } ? string | undefined : undefined;
}

/** The validated input of the `api` table's route `N`, for `@Input()` parameters. */
export type RouteInput<N extends ApiName> = InputOf<(typeof api)[N]>;

export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

const PARTS = ['params', 'query', 'body'] as const;
/** zod's own texts ("Invalid input: expected string…") do not say which field they are about. */
const GENERIC_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;
const SUMMARY_LIMIT = 3;

/**
 * Validates every part of a request against the route's contract schemas, after refusing
 * control characters in any string of it (contracts' controlCharacterProblems). Parts a route
 * does not declare are ignored (and come back undefined). Throws one VALIDATION_FAILED
 * error listing every problem: `details` maps each field to its message and `message`
 * is a sentence a person can act on.
 */
export function parseRouteInput<R extends ApiRoute>(route: R, raw: RawInput): InputOf<R> {
  const result: Record<string, unknown> = {};
  const details: Record<string, string> = {};
  const sentences: string[] = [];

  for (const part of PARTS) {
    const schema = route[part];
    if (!schema) continue;
    // Before the schemas, for every field whatever its schema: a NUL must not reach Postgres.
    for (const [field, message] of Object.entries(controlCharacterProblems(raw[part], part))) {
      details[field] = message;
      sentences.push(message);
    }
    const parsed = schema.safeParse(raw[part] ?? (part === 'body' ? undefined : {}));
    if (parsed.success) {
      result[part] = parsed.data;
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path.length ? issue.path.map(String).join('.') : part;
      if (field in details) continue;
      const message = issue.path.length ? issue.message : `The request ${part} must be a JSON object`;
      details[field] = message;
      sentences.push((GENERIC_MESSAGE.test(message) ? `${field}: ${message}` : message).replace(/\.$/, ''));
    }
  }

  // Rules across parts (e.g. a body field that must match a query field), once every part is
  // valid: answered like the service answers them, the first problem as the message.
  if (!sentences.length && route.refine) {
    const [first, ...more] = route.refine(result);
    if (first) {
      const details = Object.fromEntries([first, ...more].map(({ field, message }) => [field, message]));
      throw new AppError('VALIDATION_FAILED', first.sentence ?? first.message, details);
    }
  }

  const key = route.idempotent ? raw.headers?.[IDEMPOTENCY_KEY_HEADER.toLowerCase()] : undefined;
  if (key !== undefined) {
    const parsed = idempotencyKeySchema.safeParse(key);
    if (parsed.success) result.idempotencyKey = parsed.data;
    else {
      details[IDEMPOTENCY_KEY_HEADER] = parsed.error.issues[0]!.message;
      sentences.push(parsed.error.issues[0]!.message);
    }
  }

  if (sentences.length) {
    const more = sentences.length > SUMMARY_LIMIT ? ` (and ${sentences.length - SUMMARY_LIMIT} more)` : '';
    throw new AppError('VALIDATION_FAILED', `${sentences.slice(0, SUMMARY_LIMIT).join('. ')}${more}.`, details);
  }
  // Each part was parsed by the route's own schema above; the compiler cannot follow a loop over the parts to R's types.
  return result as unknown as InputOf<R>;
}
