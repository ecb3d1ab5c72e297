import { z } from 'zod';

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

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const phoneField = (label: string) =>
  requiredText(label, 30).regex(/^[0-9+()\-\s]{5,30}$/, `${label} must be a phone number (digits, spaces, + - ( ))`);

/** Keys used in URLs (usernames, branch cities) must not contain a slash or control characters. */
export const keyText = (label: string, max = 60) =>
  requiredText(label, max).regex(/^[^/\\?#%\p{Cc}]+$/u, `${label} must not contain / \\ ? # or %`);
