import { PasswordMessages, passwordIsUsername } from '@freight/contracts';
import { AppError } from '@freight/server';
import { hashPassword } from '../users/password.js';
import type { ClientRow } from './client.repository.js';

/** The 409 for a client username another consignee or shipper has (they share one namespace). */
export const clientUsernameTaken = (username: string | undefined) =>
  new AppError('CONFLICT', `Username '${username}' is already taken`, { username: `Username '${username}' is already taken` });

/** A new password's hash (outside the transaction: argon2 takes tens of milliseconds; `first` as hashPassword's). */
export async function passwordValues(password: string | undefined, first?: () => Promise<void>): Promise<Partial<ClientRow>> {
  return password ? { passwordHash: await hashPassword(password, first) } : {};
}

/**
 * An edit of a client: the username is read-only (a body may repeat it unchanged, in any case),
 * and a new password is not the username. A new password ends the client's sessions.
 */
export function judgeClientEdit(row: ClientRow, edit: { username?: string; password?: string }): Partial<ClientRow> {
  if (edit.username !== undefined && edit.username.toLowerCase() !== row.username.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', 'Username cannot be changed', { username: 'Username cannot be changed' });
  }
  if (passwordIsUsername(edit.password, row.username)) {
    throw new AppError('VALIDATION_FAILED', PasswordMessages.sameAsUsername, { password: PasswordMessages.sameAsUsername });
  }
  return edit.password ? { sessionVersion: row.sessionVersion + 1 } : {};
}

/** What an edit of a client changes: the fields it sends (absent ones stay), judged by judgeClientEdit. */
export function clientChanges<E extends ClientRow>(row: E, { username, password, ...fields }: { username?: string; password?: string }): Partial<E> {
  const changed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<E>;
  return { ...changed, ...judgeClientEdit(row, { username, password }) };
}
