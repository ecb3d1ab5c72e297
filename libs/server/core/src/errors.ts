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

/** The Postgres SQLSTATE of an error, if it is one (e.g. '23505'). */
export function pgErrorCode(error: unknown): string | undefined {
  return isPgError(error) ? error.code : undefined;
}

/** The body any error becomes on the wire; unknown errors are logged and hidden behind INTERNAL. */
export function toErrorBody(error: unknown, logger: Pick<Logger, 'error'>): ErrorBody {
  if (error instanceof AppError) return error.body;
  if (error instanceof RpcException) {
    const inner = error.getError();
    if (isErrorBody(inner)) return inner;
  }
  const mapped = pgErrorToAppError(error);
  if (mapped) return mapped.body;
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return { code: 'INTERNAL', message: Messages.internal };
}

/**
 * Global filter for microservices: every error leaves a service as an ErrorBody, never as
 * Nest's bare "Internal server error" (TOOLCHAIN pitfall 5).
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const body = toErrorBody(exception, this.logger);
    return throwError(() => body);
  }
}
