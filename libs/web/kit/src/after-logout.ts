import { Messages } from '@freight/contracts';
import type { LogoutReason } from '@freight/web-session';
import { clearServerData } from './providers.js';
import { toastError, toastInfo } from './toast.js';

/** The console's and the portal's answer to a logout (`onLogout(afterLogout)`): no one's data survives into the next session, and why it ended. */
export function afterLogout(reason: LogoutReason): void {
  clearServerData();
  if (reason === 'unauthorized') toastError(Messages.unauthorized);
  if (reason === 'expired') toastInfo('Your session has ended. Please sign in again.');
}
