import { z } from 'zod/mini';

// Path parameters as the routes take them. Kept apart from fields.ts, so that a page that checks
// one (the microsite's BL search) loads no other schema of the contracts.

/** The longest natural key a URL may name, in characters. */
export const KEY_MAX_LENGTH = 100;

/** The usual natural-key path parameter: required, trimmed, at most 100 characters. */
export function keyParam<const K extends string>(name: K, label: string) {
  return z.object({
    [name]: z.string({ error: `${label} is required` }).check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(KEY_MAX_LENGTH, `${label} is too long`),
      // Keys are single-line texts (requiredText): a line break in a path names no record, say so.
      z.regex(/^\P{Cc}*$/u, `${label} must be one line without control characters`),
    ),
  } as { [P in K]: z.ZodMiniString<string> });
}

/** A path parameter that names a staff user by id. */
export const userIdParam = <K extends string>(name: K) => z.object({ [name]: z.uuid(`${name} must be a user id`) } as { [P in K]: z.ZodMiniUUID });
