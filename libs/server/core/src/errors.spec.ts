import { RpcException } from '@nestjs/microservices';
import { Messages } from '@freight/contracts';
import { z } from 'zod';
import { AppError, isDatabaseUnreachable, pgErrorToAppError, toErrorBody } from './errors.js';
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

  it('maps a database that cannot be reached to DATABASE_UNAVAILABLE, logged in one line', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorBody(refused, logger)).toEqual({ code: 'DATABASE_UNAVAILABLE', message: Messages.databaseUnavailable });
    expect(logged).toEqual(['Database unreachable: connect ECONNREFUSED 127.0.0.1:5432']);
  });

  it('hides anything else behind INTERNAL and logs it', () => {
    expect(toErrorBody(new TypeError('secret detail'), logger)).toEqual({ code: 'INTERNAL', message: Messages.internal });
    expect(toErrorBody(new RpcException('plain text'), logger).code).toBe('INTERNAL');
    expect(logged).toHaveLength(2);
    expect(String(logged[0])).toContain('secret detail');
  });
});

describe('isDatabaseUnreachable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', coded('ECONNREFUSED')],
    ['a reset connection', coded('ECONNRESET')],
    ['a connect timeout', coded('ETIMEDOUT')],
    ['an unknown host', coded('ENOTFOUND')],
    ['an administrator shutdown (57P01)', coded('57P01', 'terminating connection due to administrator command')],
    ['a server starting or stopping (57P03)', coded('57P03', 'the database system is shutting down')],
    ['a connection exception (08006)', coded('08006')],
    ['too many connections (53300)', coded('53300')],
    ['out of memory (53200)', coded('53200')],
    ['a database not accepting connections (55000)', coded('55000', 'database "freight" is not currently accepting connections')],
    ['a pool whose connect timed out', new Error('Connection terminated due to connection timeout')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a transaction whose connection the pool dropped',
      Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' }),
    ],
    [
      'a query on a connection the pool dropped',
      Object.assign(new Error('Database connection provided by a query runner was already released'), { name: 'QueryRunnerProviderAlreadyReleasedError' }),
    ],
    ['TypeORM wrapping the driver error', Object.assign(new Error('query failed'), { driverError: coded('57P01') })],
    ['a cause chain', new Error('outer', { cause: coded('ECONNREFUSED') })],
    ['Node trying each address of a host', Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), { code: undefined })],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a syntax error', coded('42601')],
    ['a serialization failure', coded('40001')],
    ['a statement in the wrong state (55000)', coded('55000', 'currval of sequence "job_no" is not yet defined in this session')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

describe('parseOrThrow', () => {
  it('refuses control characters in any string before the schema, naming the field', () => {
    const schema = z.object({ city: z.string(), nested: z.object({ note: z.string() }) });
    expect(() => parseOrThrow(schema, { city: 'Col\u0000ombo', nested: { note: 'two\nlines' } })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        message: 'city must not contain control characters (found U+0000)',
        details: { city: 'city must not contain control characters (found U+0000)' },
      }),
    );
    expect(parseOrThrow(schema, { city: 'Colombo', nested: { note: 'two\nlines' } })).toEqual({ city: 'Colombo', nested: { note: 'two\nlines' } });
  });

  it('throws VALIDATION_FAILED with the first message and every field', () => {
    const schema = z.object({ a: z.string({ error: 'a is required' }), b: z.object({ c: z.number({ error: 'c must be a number' }) }) });
    expect(() => parseOrThrow(schema, { b: { c: 'x' } })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'a is required', details: { a: 'a is required', 'b.c': 'c must be a number' } }),
    );
  });
});
