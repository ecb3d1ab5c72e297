/** Session length, on the server (token lifetime) and in the browser (timer). */
export const SESSION_LENGTH_MS = 60 * 60 * 1000;

/** Browser storage keys of a staff session (requirements 01 §3). */
export const SESSION_KEYS = ['token', 'user_id', 'user_role', 'user_username', 'user_fullName', 'user_login', 'loginTime'] as const;

/** Where a staff member lands after sign-in: Head and Admin the dashboard, others shipment management. */
export function landingPathFor(role: string): string {
  return role === 'Head' || role === 'Admin' ? '/admindashboard' : '/shipmentmanagement';
}

/**
 * Why a visitor is sent to a sign-in form instead of the page they asked for, and what the form
 * says about it. `next` (the query parameter beside `reason`) is the page to return to after sign-in.
 */
export const SIGN_IN_REASONS = {
  'signed-out': 'Please sign in to open that page. You will be taken there once you are signed in.',
  expired: 'Your session has ended. Please sign in again to go back to the page you were on.',
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** A sign-in page's address (`/`, `/clientlogin`) that says why, and returns to `next` after sign-in. */
export function signInPath(signIn: string, reason: SignInReason, next: string): string {
  const [path, hash] = signIn.split('#');
  return `${path}?reason=${encodeURIComponent(reason)}&next=${encodeURIComponent(next)}${hash ? `#${hash}` : ''}`;
}

/**
 * A path of this site and nothing else: one slash then no second slash or backslash (`//host` and
 * `/\host` name another site), and no space or control character (a browser drops those, which
 * could make `/<tab>/host` into `//host`).
 */
const SAME_SITE_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;

/**
 * The page a sign-in may return to: a path of this site, never another site (no open redirect),
 * nor the sign-in page itself. Undefined when there is none to follow.
 */
export function returnPath(next: string | null | undefined, signIn = '/'): string | undefined {
  if (!next || !SAME_SITE_PATH.test(next)) return undefined;
  const pathname = next.split(/[?#]/)[0];
  return pathname === signIn ? undefined : next;
}
