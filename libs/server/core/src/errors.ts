import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Messages, isErrorBody, type ErrorBody, type ErrorCode } from '@freight/contracts';
import { throwError, type Observable } from 'rxjs';

/** The one error type service code throws: it crosses NATS as `{code, message, details}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get body(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

/** What a caller receives when a service (or the hop to it) answered with an error. */
export class RemoteError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message);
    this.name = 'RemoteError';
  }

  get code(): ErrorCode {
    return this.body.code;
  }
}

interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

function isPgError(error: unknown): error is PgError {
  // TypeORM wraps driver errors in QueryFailedError and copies the driver's fields onto it.
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgError).code);
}

/**
 * Postgres integrity errors the service did not turn into a better message itself:
 * unique and foreign-key violations become CONFLICT; anything else stays unknown (undefined).
 */
export function pgErrorToAppError(error: unknown): AppError | undefined {
  if (!isPgError(error)) return undefined;
  switch (error.code) {
    case '23505':
      return new AppError('CONFLICT', 'This record already exists.');
    case '23503':
      return new AppError('CONFLICT', 'This record is still referenced by, or refers to, another record.');
    default:
      return undefined;
  }
}

/** Socket errors of a connection that cannot be opened or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server that is going away or not accepting connections: class 08
 * (connection exception), class 53 (insufficient resources: too many connections, out of memory
 * or disk), 57P01-57P03 (admin or crash shutdown, cannot connect now).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[123])$/;
/**
 * 55000 (object not in prerequisite state) is also a statement's error (a sequence's currval
 * before nextval); only this message of it is a database closed to connections
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false`, as maintenance or a failover does).
 */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/;
/**
 * node-postgres and its pool report a lost or timed-out connection with a plain Error (no code);
 * TypeORM answers a statement on a transaction whose connection the pool has just dropped with
 * QueryRunnerAlreadyReleasedError or QueryRunnerProviderAlreadyReleasedError (both seen when
 * Postgres stopped mid-transaction in `npm run chaos`).
 */
const RELEASED_CONNECTION_ERRORS = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when the error says the database cannot be reached (refused, cut, shutting down,
 * pool timed out) rather than that a statement failed: worth a retry, not a bug. Looks
 * through TypeORM's `driverError`, `cause` and AggregateError's `errors`.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (code === '55000' && typeof message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(message)) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  if (RELEASED_CONNECTION_ERRORS.has(String((error as { name?: unknown }).name))) return true;
  const inner = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((e) => e !== error && isDatabaseUnreachable(e, depth + 1));
}

/**
 * The body any error becomes on the wire: a database that cannot be reached is
 * DATABASE_UNAVAILABLE; unknown errors are logged and hidden behind INTERNAL.
 */
export function toErrorBody(error: unknown, logger: Pick<Logger, 'error'>): ErrorBody {
  if (error instanceof AppError) return error.body;
  if (error instanceof RpcException) {
    const inner = error.getError();
    if (isErrorBody(inner)) return inner;
  }
  const mapped = pgErrorToAppError(error);
  if (mapped) return mapped.body;
  if (isDatabaseUnreachable(error)) {
    // One line, no stack: during an outage every call lands here.
    logger.error(`Database unreachable: ${error instanceof Error ? error.message : String(error)}`);
    return { code: 'DATABASE_UNAVAILABLE', message: Messages.databaseUnavailable };
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return { code: 'INTERNAL', message: Messages.internal };
}

/**
 * Global filter for microservices: every error leaves a service as an ErrorBody, never as
 * Nest's bare "Internal server error", which is what any error but an RpcException becomes.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const body = toErrorBody(exception, this.logger);
    return throwError(() => body);
  }
}

/**
 * For tests: the error of class `type` that `work` rejects (or throws) with; any other error
 * is thrown on, and a `work` that succeeds fails the test.
 */
export async function failureOf<E extends Error>(type: abstract new (...args: never[]) => E, work: Promise<unknown> | (() => unknown)): Promise<E> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}, but it succeeded`);
}
