import { z } from 'zod/mini';

// Building blocks shared by the entity schemas, each with a message a person can act on.

/** A single-line text field: no line breaks, tabs or other control characters (C0, DEL, C1). */
export function requiredText(label: string, max = 100) {
  return z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.regex(/^\P{Cc}*$/u, `${label} must be one line without control characters`),
    );
}

/**
 * An optional single-line text field: empty is allowed (the definition wraps it in `z._default(…, '')`, so
 * a field left out is stored as ''); otherwise the rules of `requiredText`.
 */
export function optionalText(label: string, max = 100) {
  return z
    .string({ error: `${label} must be text` })
    .check(
      z.trim(),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.regex(/^\P{Cc}*$/u, `${label} must be one line without control characters`),
    );
}

/** An optional field where a blank ('' or null, as a form sends an untouched input) means left out: a blank password keeps the old one. */
export const blankAsMissing = <S extends z.ZodMiniType>(schema: S) =>
  z.optional(
    z.pipe(
      z.transform<unknown, unknown>((value) => (value === '' || value === null ? undefined : value)),
      z.optional(schema),
    ),
  );

/** A blank choice asks to choose; a wrong one says what the choices are. */
export const choiceError = (label: string, choices: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? `${label} is required` : `${label} must be ${choices}`;

/** An optional e-mail address: '' or a valid address. */
export const optionalEmailField = optionalText('Email', 254).check(
  z.refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address'),
);

/** A multi-line text field (notes, remarks): line breaks and tabs allowed; other control characters never are (see below). */
export function multilineText(label: string, max = 2000) {
  return z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.regex(/^[\P{Cc}\t\n\r]*$/u, `${label} must not contain control characters other than line breaks and tabs`),
    );
}

export const emailField = z.pipe(
  z.string({ error: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Email must be at most 254 characters')),
  z.email('Enter a valid email address'),
);

export const phoneField = (label: string) =>
  requiredText(label, 30).check(z.regex(/^[0-9+()\-\s]{5,30}$/, `${label} must be a phone number (digits, spaces, + - ( ))`));

/** An optional phone number: '' or what phoneField takes. */
export const optionalPhoneField = (label: string) =>
  optionalText(label, 30).check(z.regex(/^(|[0-9+()\-\s]{5,30})$/, `${label} must be a phone number (digits, spaces, + - ( ))`));

/**
 * Keys that travel as a URL path segment (branch cities): any single line, `/` and `%` included,
 * since every client encodes the segment (apiPath) and the gateway decodes it once. Only `.`
 * and `..` cannot travel: URL parsers resolve them as dot segments.
 */
export const keyText = (label: string, max = 60) =>
  requiredText(label, max).check(z.refine((value) => value !== '.' && value !== '..', `${label} cannot be "." or ".."`));

/**
 * Control characters no text field may hold, whatever its schema: all (C0, DEL, C1) but tab,
 * line feed and carriage return. Postgres refuses NUL outright, and the rest are never text.
 */
const FORBIDDEN_CONTROL = /(?![\t\n\r])\p{Cc}/u;

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Every string in a parsed JSON value (body, query or path parameters) that holds a forbidden
 * control character, as field path → message; `root` names a value that is itself a string.
 * The gateway and the services run it on all input before the schemas, so no field, present
 * or future, can forget it. A loop, not recursion: a deeply nested body must not overflow the stack.
 */
export function controlCharacterProblems(value: unknown, root: string): Record<string, string> {
  interface Step {
    key: string;
    parent?: Step;
  }
  const name = (step?: Step) => {
    const keys: string[] = [];
    for (let at = step; at; at = at.parent) keys.push(at.key);
    return keys.length ? keys.reverse().join('.') : root;
  };
  const problems: Record<string, string> = {};
  const pending: Array<[unknown, Step | undefined]> = [[value, undefined]];
  // Breadth first, in document order: the top-level fields are named first.
  for (let next = 0; next < pending.length; next++) {
    const [item, step] = pending[next]!;
    if (typeof item === 'string') {
      const found = FORBIDDEN_CONTROL.exec(item);
      if (found) {
        const field = name(step);
        problems[field] ??= `${field} must not contain control characters (found ${codePoint(found[0])})`;
      }
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (!FORBIDDEN_CONTROL.test(key)) pending.push([child, { key, parent: step }]);
        else problems[name(step)] ??= `${name(step)} must not contain control characters in a field name`;
      }
    }
  }
  return problems;
}

/** Largest amount a money field takes: numeric(14,2) in Postgres. */
export const MONEY_MAX_WHOLE_DIGITS = 12;

/**
 * An amount of money, not negative, exact to the cent: a decimal string (or a JSON number, as a
 * form may send it) with at most 2 decimals, answered as a string with exactly 2 ("1234.50").
 * Never a binary float in between: Postgres keeps it as numeric (ADR 23).
 */
export const moneyField = (label: string) =>
  z.pipe(
    z.pipe(
      z.pipe(
        z.union([z.string(), z.number()], { error: `${label} must be an amount such as 1234.50` }),
        z.transform((value: string | number) => String(value).trim()),
      ),
      z.string().check(
        z.minLength(1, `${label} is required`),
        z.refine((value) => !value.startsWith('-'), `${label} must not be negative`),
        z.regex(/^\d+(\.\d+)?$/, `${label} must be an amount such as 1234.50`),
        z.regex(/^\d+(\.\d{1,2})?$/, `${label} must have at most 2 decimals`),
        z.regex(new RegExp(`^\\d{1,${MONEY_MAX_WHOLE_DIGITS}}(\\.|$)`), `${label} is too large`),
      ),
    ),
    z.transform(toCents),
  );

/** "12.5" → "12.50", "007" → "7.00": one spelling per amount. */
function toCents(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `${BigInt(whole!).toString()}.${fraction.padEnd(2, '0')}`;
}

export const MAX_ADDITIONAL_EMAILS = 10;

/**
 * Further e-mail addresses (booking mails go to each): at most 10, each a valid address; blank
 * rows are dropped and repeats (whatever their case) kept once, the first spelling.
 */
export const additionalEmailsField = z.pipe(
  z.pipe(
    z.array(z.string({ error: 'Each additional email must be text' }).check(z.trim(), z.maxLength(254, 'Email must be at most 254 characters')), {
      error: 'Additional emails must be a list of email addresses',
    }),
    z.transform((emails: string[]) => {
      const seen = new Set<string>();
      return emails.filter((email) => email !== '' && !seen.has(email.toLowerCase()) && seen.add(email.toLowerCase()));
    }),
  ),
  z.array(z.email('Enter a valid email address')).check(z.maxLength(MAX_ADDITIONAL_EMAILS, `At most ${MAX_ADDITIONAL_EMAILS} additional emails`)),
);
