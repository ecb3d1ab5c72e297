/**
 * Every error that crosses a NATS hop or reaches a browser carries one of these
 * codes. The gateway maps each code to an HTTP status in one exhaustive table.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_ATTEMPTS',
  'SERVICE_UNAVAILABLE',
  'SERVICE_TIMEOUT',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
  /** A service got a NATS request the gateway did not sign (or signed for other bytes, or long ago). */
  'UNAUTHENTICATED_CALLER',
  /** A reply larger than REPLY_MAX_BYTES: refused at once rather than sent; ask for it in pages. */
  'REPLY_TOO_LARGE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error: over NATS as is, over HTTP as `{message, code, details?}`. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Field-level problems for VALIDATION_FAILED: path → message. */
  details?: Record<string, string>;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).message === 'string' &&
    (ERROR_CODES as readonly string[]).includes((value as ErrorBody).code)
  );
}

/** Texts of the specification's error catalogue, word for word (typos fixed per requirements decisions §2). */
export const Messages = {
  unauthorized: 'Unauthorized: Please log in again.',
  forbidden: 'Forbidden: You do not have permission to perform this action.',
  userNotFound: 'Not Found: The specified user does not exist.',
  branchNotFound: 'Not Found: The specified branch does not exist.',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  serviceUnavailable: 'The service is not available right now. Please try again in a moment.',
  serverBusy: 'The server is busy right now. Please try again in a moment.',
  serviceTimeout: 'The service took too long to answer. Please try again.',
  databaseUnavailable: 'The database is not reachable right now. Please try again in a moment.',
  pdfBusy: 'Too many statement PDFs are being drawn right now. Please try again in a few seconds.',
  replyTooLarge: 'This answer is too large to send in one reply: ask for it in pages or for a shorter period.',
  internal: 'Something went wrong on our side. Please try again.',
  unauthenticatedCaller: 'The request was refused: it does not carry a valid signature of the gateway.',
  userAdded: 'User added successfully!',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  lastHead: 'The last Head cannot be removed or demoted.',
  branchAdded: 'Branch added successfully!',
  branchUpdated: 'Branch updated successfully',
  branchDeleted: 'Branch deleted successfully',
  loggedOut: 'Logged out',
} as const;

/**
 * The largest reply a service sends for one request. A reply over NATS's max_payload (1 MB by
 * default) crosses in parts that the caller puts together (libs/server/core nats.ts); one over
 * this is answered at once with REPLY_TOO_LARGE (docs/adr/0043-replies-of-any-size-and-pdf-workers.md).
 */
export const REPLY_MAX_BYTES = 16 * 1024 * 1024;
