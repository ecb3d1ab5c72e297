/** Session length, on the server (token lifetime) and in the browser (timer). */
export const SESSION_LENGTH_MS = 60 * 60 * 1000;

/** Browser storage keys of a staff session (spec 01 §3). */
export const SESSION_KEYS = ['token', 'user_id', 'user_role', 'user_username', 'user_fullName', 'user_login', 'loginTime'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** Where a staff member lands after sign-in: Head and Admin the dashboard, others shipment management. */
export function landingPathFor(role: string): string {
  return role === 'Head' || role === 'Admin' ? '/admindashboard' : '/shipmentmanagement';
}
