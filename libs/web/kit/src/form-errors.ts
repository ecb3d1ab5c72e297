import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.js';

/**
 * Put the server's field errors (ApiError.details: field → message) under the
 * matching inputs. Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  serverNames: Readonly<Record<string, string>> = {},
): boolean {
  if (!isApiError(error) || !error.details) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.details)) {
    const sent = field.split('.')[0]!;
    const name = (serverNames[sent] ?? sent) as Path<T>;
    if (fields.includes(name)) {
      setError(name, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** The message to show for a failed call: the one the server wrote, else the screen's catalogue fallback (requirements 01 §8). */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}

/**
 * A failed update (requirements 01 §8): 'Failed to update {thing}' when the server refused it,
 * followed by its reason when it gave one; 'Error updating {thing}' when it was not reached.
 */
export function updateErrorText(error: unknown, thing: string): string {
  if (!isApiError(error) || !error.answered) return `Error updating ${thing}`;
  return error.fromServer && error.message ? `Failed to update ${thing}: ${error.message}` : `Failed to update ${thing}`;
}
