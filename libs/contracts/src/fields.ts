import { z } from 'zod';
import { isHardToGuess } from './password-strength.js';

/** Building blocks shared by the entity schemas, each with a message a person can act on. */
export function requiredText(label: string, max = 100) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PasswordMessages = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tooCommon: 'This password is too common or too easy to guess. Try a longer phrase of unrelated words.',
  sameAsUsername: 'Password must not be the username',
} as const;

/**
 * A staff password, after NIST SP 800-63B: long enough, not common or easy to guess
 * (zxcvbn, see password-strength.ts), and no composition rules. Servers call
 * loadPasswordEstimator() at start-up; the browser's async parse loads it on first use.
 * Users' schemas add that it is not the username. Sign-in does not use it: passwords set
 * before this rule still sign in.
 */
export const passwordField = z
  .string({ error: PasswordMessages.required })
  .min(PASSWORD_MIN_LENGTH, { error: PasswordMessages.tooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: PasswordMessages.tooLong, abort: true })
  .refine(isHardToGuess, PasswordMessages.tooCommon);

/** True when the password is the username, whatever the case (both are compared as typed). */
export const passwordIsUsername = (password: string | undefined, username: string | undefined): boolean =>
  password !== undefined && username !== undefined && password.toLowerCase() === username.trim().toLowerCase();

export const phoneField = (label: string) =>
  requiredText(label, 30).regex(/^[0-9+()\-\s]{5,30}$/, `${label} must be a phone number (digits, spaces, + - ( ))`);

/** Keys used in URLs (usernames, branch cities) must not contain a slash or control characters. */
export const keyText = (label: string, max = 60) =>
  requiredText(label, max).regex(/^[^/\\?#%\p{Cc}]+$/u, `${label} must not contain / \\ ? # or %`);
