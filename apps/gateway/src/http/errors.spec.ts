import { HttpException, Logger, NotFoundException } from '@nestjs/common';
import { AppError, RemoteError } from '@freight/server';
import { ERROR_CODES, Messages } from '@freight/contracts';
import { ERROR_STATUS } from './errors.js';
import { HttpErrorFilter } from './exception.filter.js';

describe('ERROR_STATUS', () => {
  it('maps every contract error code, and nothing else', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  // Written by status, as the API documents them, rather than copied from the table.
  it.each([
    [400, ['VALIDATION_FAILED']],
    [401, ['INVALID_CREDENTIALS', 'UNAUTHORIZED']],
    [403, ['FORBIDDEN']],
    [404, ['NOT_FOUND']],
    [409, ['CONFLICT']],
    [413, ['PAYLOAD_TOO_LARGE']],
    [422, ['IDEMPOTENCY_KEY_REUSED', 'REPLY_TOO_LARGE']],
    [429, ['TOO_MANY_ATTEMPTS']],
    [500, ['INTERNAL', 'UNAUTHENTICATED_CALLER']],
    [503, ['DATABASE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']],
    [504, ['SERVICE_TIMEOUT']],
  ])('answers %i for exactly %j', (status, codes) => {
    expect(
      Object.entries(ERROR_STATUS)
        .filter(([, s]) => s === status)
        .map(([code]) => code)
        .sort(),
    ).toEqual(codes);
  });
});

describe('HttpErrorFilter.toResponse', () => {
  beforeAll(() => Logger.overrideLogger(false));
  const filter = new HttpErrorFilter({ BODY_LIMIT_BYTES: 2048 });
  const request = { method: 'POST', url: '/api/users/add?x=1' };
  const fastifyError = (statusCode: number, code: string, message: string) => Object.assign(new Error(message), { statusCode, code });

  it.each(ERROR_CODES)('renders a service error %s with its status and body', (code) => {
    const body = { code, message: `text of ${code}`, details: { field: 'problem' } };
    expect(filter.toResponse(new RemoteError(body), request)).toEqual({ status: ERROR_STATUS[code], body });
  });

  it('renders the gateway’s own errors the same way', () => {
    expect(filter.toResponse(new AppError('FORBIDDEN', Messages.forbidden), request)).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: Messages.forbidden },
    });
  });

  it('answers an unknown route with a JSON 404 naming it', () => {
    expect(filter.toResponse(new NotFoundException(), { method: 'GET', url: '/api/nope?a=1' })).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'There is no GET /api/nope in this API.' },
    });
  });

  it.each([
    [415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'VALIDATION_FAILED', 'The request body must be JSON (Content-Type: application/json).'],
    [413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'PAYLOAD_TOO_LARGE', 'The request body is too large: the limit is 2048 bytes.'],
    [400, 'FST_ERR_CTP_INVALID_JSON_BODY', 'VALIDATION_FAILED', 'The request body is not valid JSON.'],
    [400, 'FST_ERR_CTP_EMPTY_JSON_BODY', 'VALIDATION_FAILED', 'The request body is empty although its Content-Type says JSON.'],
  ])('explains Fastify’s %i %s (as Nest wraps it)', (status, fstCode, code, message) => {
    const wrapped = new HttpException('raw', status, { cause: fastifyError(status, fstCode, 'raw') });
    expect(filter.toResponse(wrapped, request)).toEqual({ status, body: { code, message } });
  });

  it('hides unexpected errors behind INTERNAL', () => {
    const { status, body } = filter.toResponse(new TypeError('secret detail'), request);
    expect(status).toBe(500);
    expect(body).toEqual({ code: 'INTERNAL', message: Messages.internal });
  });
});
