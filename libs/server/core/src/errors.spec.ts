import { RpcException } from '@nestjs/microservices';
import { Messages } from '@freight/contracts';
import { z } from 'zod';
import { AppError, pgErrorToAppError, toErrorBody } from './errors.js';
import { parseOrThrow } from './validation.js';

const logged: unknown[] = [];
const logger = { error: (message: unknown) => void logged.push(message) };

describe('toErrorBody', () => {
  beforeEach(() => {
    logged.length = 0;
  });

  it('passes AppError and well-formed RpcException through', () => {
    expect(toErrorBody(new AppError('NOT_FOUND', 'gone', { id: 'x' }), logger)).toEqual({ code: 'NOT_FOUND', message: 'gone', details: { id: 'x' } });
    expect(toErrorBody(new RpcException({ code: 'CONFLICT', message: 'taken' }), logger)).toEqual({ code: 'CONFLICT', message: 'taken' });
    expect(logged).toEqual([]);
  });

  it('maps unhandled unique and foreign-key violations to CONFLICT', () => {
    expect(toErrorBody(Object.assign(new Error('dup'), { code: '23505' }), logger).code).toBe('CONFLICT');
    expect(pgErrorToAppError({ code: '23503' })?.code).toBe('CONFLICT');
    expect(pgErrorToAppError({ code: '40001' })).toBeUndefined();
  });

  it('hides anything else behind INTERNAL and logs it', () => {
    expect(toErrorBody(new TypeError('secret detail'), logger)).toEqual({ code: 'INTERNAL', message: Messages.internal });
    expect(toErrorBody(new RpcException('plain text'), logger).code).toBe('INTERNAL');
    expect(logged).toHaveLength(2);
    expect(String(logged[0])).toContain('secret detail');
  });
});

describe('parseOrThrow', () => {
  it('throws VALIDATION_FAILED with the first message and every field', () => {
    const schema = z.object({ a: z.string({ error: 'a is required' }), b: z.object({ c: z.number({ error: 'c must be a number' }) }) });
    expect(() => parseOrThrow(schema, { b: { c: 'x' } })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'a is required', details: { a: 'a is required', 'b.c': 'c must be a number' } }));
  });
});
