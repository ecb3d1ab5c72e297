import { AppError } from '@freight/server';
import { Messages, type ErrorCode } from '@freight/contracts';

/**
 * The one table that turns an error code into an HTTP status. `Record<ErrorCode, ...>`
 * makes it exhaustive: a code added to the contracts does not compile until it is mapped.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  SERVICE_UNAVAILABLE: 503,
  SERVICE_TIMEOUT: 504,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
  // A service refused the gateway's signature: a key mismatch in the deployment, never the client's fault.
  UNAUTHENTICATED_CALLER: 500,
  // The request asks for more than one reply may carry: the caller asks for pages instead.
  REPLY_TOO_LARGE: 422,
};

export const unauthorized = () => new AppError('UNAUTHORIZED', Messages.unauthorized);
export const forbidden = () => new AppError('FORBIDDEN', Messages.forbidden);
