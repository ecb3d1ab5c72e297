import { Catch, HttpException, Inject, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RemoteError } from '@freight/server';
import { Messages, type ErrorBody, type ErrorCode } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { ERROR_STATUS } from './errors.js';

/** How long a refused sign-in should wait when the service does not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;
/** A service or its database that is not there now (restarting, failing over) is worth asking again soon. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

interface FastifyClientError {
  statusCode: number;
  code?: string;
  message: string;
}

function isFastifyClientError(error: unknown): error is FastifyClientError {
  const statusCode = (error as FastifyClientError | null)?.statusCode;
  return error instanceof Error && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

function codeForStatus(status: number): ErrorCode {
  const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status && c !== 'INVALID_CREDENTIALS');
  return code ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
}

/**
 * Every error leaves the gateway as JSON `{message, code, details?}` with the status of
 * ERROR_STATUS. Bad input caught by Fastify before routing (malformed JSON, wrong
 * content type, oversized body) and unknown routes get a clear 4xx; anything unexpected
 * is logged and answered as INTERNAL without leaking its text.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'BODY_LIMIT_BYTES'>) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.send(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  send(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const { status, body } = this.toResponse(exception, request);
    if (body.code === 'TOO_MANY_ATTEMPTS') {
      const seconds = Number(body.details?.retryAfterSeconds);
      reply.header('Retry-After', String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS));
    } else if (status === 503) {
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    if (status >= 500) this.logger.warn(`${request.method} ${request.url} → ${status} ${body.code}`);
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  }

  toResponse(exception: unknown, request: Pick<FastifyRequest, 'method' | 'url'>): { status: number; body: ErrorBody } {
    // Nest wraps Fastify's own 4xx errors (body parsing) in an HttpException; their code says more.
    if (exception instanceof HttpException && isFastifyClientError(exception.cause)) exception = exception.cause;
    if (exception instanceof AppError || exception instanceof RemoteError) {
      return { status: ERROR_STATUS[exception.body.code], body: exception.body };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const message = status === 404 ? `There is no ${request.method} ${request.url.split('?')[0]} in this API.` : exception.message;
      return { status, body: { code: codeForStatus(status), message } };
    }
    if (isFastifyClientError(exception)) {
      return { status: exception.statusCode, body: { code: codeForStatus(exception.statusCode), message: this.clientErrorMessage(exception) } };
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return { status: 500, body: { code: 'INTERNAL', message: Messages.internal } };
  }

  private clientErrorMessage(error: FastifyClientError): string {
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return 'The request body must be JSON (Content-Type: application/json).';
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return `The request body is too large: the limit is ${this.config.BODY_LIMIT_BYTES} bytes.`;
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return 'The request body is empty although its Content-Type says JSON.';
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return 'The request body is not valid JSON.';
      case 'FST_ERR_MAX_PARAM_LENGTH':
        return 'A part of the request path is too long.';
      case 'FST_ERR_BAD_URL':
        return 'The request path is not a valid URL (broken percent-encoding).';
      default:
        // Fastify's JSON parser reports a SyntaxError with status 400.
        return error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message;
    }
  }
}
