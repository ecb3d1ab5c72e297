import { Messages } from '@freight/contracts';
import { isApiError } from '@freight/web-kit';

/** What a failed user delete shows (spec 01 §8, as a toast; the row stays). */
export function userDeleteErrorText(error: unknown): string {
  if (!isApiError(error)) return 'Failed to delete user. Please try again.';
  switch (error.status) {
    case 401:
      return Messages.unauthorized;
    case 403:
      return Messages.forbidden;
    case 404:
      return Messages.userNotFound;
    case 0:
      return error.message;
    default:
      return error.code.startsWith('HTTP_') ? `HTTP error! Status: ${error.status}` : error.message;
  }
}
