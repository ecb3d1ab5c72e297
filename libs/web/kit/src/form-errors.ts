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
): boolean {
  if (!isApiError(error) || !error.details) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.details)) {
    const name = field.split('.')[0] as Path<T>;
    if (fields.includes(name)) {
      setError(name, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** The message to show for a failed write: the server's when it answered, else the screen's fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.answered && error.message ? error.message : fallback;
}
