import { z } from 'zod/mini';
import { isHardToGuess } from './password-strength.js';

// The password rule of staff and clients (ADR 11). Apart from fields.ts, so that a screen without
// a password field does not load it.

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
export const passwordField = z.string({ error: PasswordMessages.required }).check(
  // An empty box, as a form sends it, is a missing password, not a short one.
  z.minLength(1, { error: PasswordMessages.required, abort: true }),
  z.minLength(PASSWORD_MIN_LENGTH, { error: PasswordMessages.tooShort, abort: true }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: PasswordMessages.tooLong, abort: true }),
  z.refine(isHardToGuess, PasswordMessages.tooCommon),
);

/** True when the password is the username, whatever the case (both are compared as typed). */
export const passwordIsUsername = (password: string | undefined, username: string | undefined): boolean =>
  password !== undefined && username !== undefined && password.toLowerCase() === username.trim().toLowerCase();
