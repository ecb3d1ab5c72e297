import { Counter } from './counter.js';
import { query, queryFileDifferences, renderQueries, rows, values, type Db } from './named-sql.js';

/** A database answering every statement with `answer(text, params)`. */
const fakeDb = (answer: (text: string, params?: unknown[]) => unknown): Db => ({
  query: (async (text: string, params?: unknown[]) => answer(text, params)) as Db['query'],
});

describe('query', () => {
  it('numbers the named parameters in order of first use, one number per name', () => {
    const q = query('SELECT * FROM t WHERE a = :id OR b = :other OR c = :id', { id: 'a', other: 'b' });
    expect(q.text).toBe('SELECT * FROM t WHERE a = $1 OR b = $2 OR c = $1');
    expect(q.names).toEqual(['id', 'other']);
    expect(values(q, { id: 'x', other: 'y' })).toEqual(['x', 'y']);
  });

  it('leaves casts, string literals, quoted identifiers and comments alone', () => {
    const source = `SELECT :at::date, to_char(t, 'HH24:MI:SS') AS "a:b" -- not :this
      /* nor :that */ FROM t WHERE x = 'it''s :no' AND y = :y::text`;
    const q = query(source, { at: '2026-01-01', y: 'y' });
    expect(q.names).toEqual(['at', 'y']);
    expect(q.text).toBe(`SELECT $1::date, to_char(t, 'HH24:MI:SS') AS "a:b" -- not :this
      /* nor :that */ FROM t WHERE x = 'it''s :no' AND y = $2::text`);
  });

  it('refuses an example without a value for a parameter, and a call without one', () => {
    expect(() => query('SELECT :a, :b', { a: 1 })).toThrow(/lacks :b/);
    const q = query('SELECT :a', { a: 1 });
    expect(() => values(q, {} as { a: number })).toThrow(/Parameter :a missing/);
  });
});

describe('rows', () => {
  const q = query('UPDATE t SET a = :a RETURNING a', { a: 1 });

  it('answers the rows of an UPDATE, which TypeORM answers as [rows, count]', async () => {
    const db = fakeDb(() => [[{ a: 1 }], 1]);
    await expect(rows(db, q, { a: 1 })).resolves.toEqual([{ a: 1 }]);
  });

  it('answers the rows of a SELECT as they are, with the values in order', async () => {
    const calls: unknown[] = [];
    const db = fakeDb((text, params) => {
      calls.push([text, params]);
      return [{ a: 1 }, { a: 2 }];
    });
    await expect(rows(db, q, { a: 5 })).resolves.toEqual([{ a: 1 }, { a: 2 }]);
    expect(calls).toEqual([['UPDATE t SET a = $1 RETURNING a', [5]]]);
  });
});

describe('committed SQL', () => {
  const file = {
    file: 'things/queries/thing.repository.sql',
    queries: { byId: query('SELECT * FROM t WHERE id = :id', { id: 'a' }), all: query('SELECT * FROM t', {}) },
  };

  it('renders every query with its parameters and their examples', () => {
    expect(renderQueries(file)).toContain('-- query: byId\n-- $1 :id = "a"\nSELECT * FROM t WHERE id = $1;\n\n-- query: all\nSELECT * FROM t;\n');
  });

  it('agrees with its own rendering', () => {
    expect(queryFileDifferences(file, renderQueries(file))).toEqual([]);
  });

  it('names the query whose SQL changed, the one added and the one removed', () => {
    const committed = renderQueries(file);
    const changed = { ...file, queries: { byId: query('SELECT * FROM t WHERE id = :id AND live', { id: 'a' }), fresh: query('SELECT 1', {}) } };
    expect(queryFileDifferences(changed, committed)).toEqual([
      'byId: its SQL differs from things/queries/thing.repository.sql',
      'fresh: new, not in things/queries/thing.repository.sql',
      'all: in things/queries/thing.repository.sql, no longer declared',
    ]);
    expect(queryFileDifferences(file, null)).toEqual(['things/queries/thing.repository.sql is not committed']);
  });
});

describe('Counter', () => {
  const counter = new Counter({ table: 's.counter', name: 'job', numbers: { table: 's.job', column: 'number' } });
  /** A database answering each statement from `answers`, recording what ran. */
  const fake = (answers: Record<string, unknown>) => {
    const ran: [string, unknown[] | undefined][] = [];
    const db = fakeDb((text, params) => {
      ran.push([text, params]);
      return answers[text] ?? [];
    });
    return { db, ran };
  };

  it('takes numbers after the last given: the first of them', async () => {
    const { db, ran } = fake({ [counter.queries.take.text]: [[{ value: 12 }], 1] });
    await expect(counter.take(db, 3)).resolves.toBe(10);
    expect(ran).toEqual([[`UPDATE s.counter SET value = value + $1 WHERE name = 'job' RETURNING value`, [3]]]);
  });

  it('is set under its lock, never below the highest number in use', async () => {
    const refuse = (highest: number) => new Error(`in use up to ${highest}`);
    const answers = { [counter.queries.highest.text]: [{ highest: 40 }] };
    await expect(counter.set(fake(answers).db, 39, refuse)).rejects.toThrow('in use up to 40');
    const { db, ran } = fake(answers);
    await counter.set(db, 40, refuse);
    expect(ran.map(([text]) => text)).toEqual([counter.queries.lock.text, counter.queries.highest.text, counter.queries.set.text]);
    expect(ran.at(-1)![1]).toEqual([40]);
  });
});
