import type { QueryRunner } from 'typeorm';
import { QueryCache, values, type Db } from './named-sql.js';

/*
 * A limit of calls per client address in a fixed window, kept in Postgres so that every replica
 * of a service counts against the same number: the contact form (5 an hour) and the public BL
 * search (30 a minute). A table per use, made by the service's migration.
 */

/** How many calls one address may make per window. */
export interface AddressLimit {
  calls: number;
  windowSeconds: number;
}

/** The table of a limit: one row per client address, its window's start and its calls in it. */
export async function createAddressLimitTable(q: QueryRunner, table: string): Promise<void> {
  await q.query(`
    CREATE TABLE ${table} (
      client_address text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      calls integer NOT NULL
    )`);
}

/**
 * The statement that counts a call from `:clientAddress` against `:maxCalls` a `:windowSeconds`
 * window, answering `calls` and `wait` (the seconds left of the window): over the limit when
 * `calls` > `:maxCalls`. Refused calls stop counting at one over the limit, so an address that
 * keeps calling is not locked out past its window. A statement of its own, or a CTE of a caller's
 * (the public BL search counts and reads in one statement).
 */
export const countCallSql = (table: string) =>
  `INSERT INTO ${table} AS t (client_address, window_started_at, calls) VALUES (:clientAddress, now(), 1)
     ON CONFLICT (client_address) DO UPDATE SET
       calls = CASE WHEN t.window_started_at <= now() - make_interval(secs => :windowSeconds) THEN 1 ELSE least(t.calls + 1, :maxCalls + 1) END,
       window_started_at = CASE WHEN t.window_started_at <= now() - make_interval(secs => :windowSeconds) THEN now() ELSE t.window_started_at END
     RETURNING calls, extract(epoch FROM window_started_at + make_interval(secs => :windowSeconds) - now())::float AS wait`;

/** The seconds to wait of a call counted over its limit (at least 1), or null when it may go. */
export const callWait = (counted: { calls: number; wait: number }, limit: AddressLimit): number | null =>
  counted.calls > limit.calls ? Math.max(1, Math.ceil(counted.wait)) : null;

/**
 * Counts a call from `address` under the address's row lock (parallel calls from one address take
 * turns on the row), and answers the seconds to wait when it is over the limit (null when it may go).
 */
export async function countCall(db: Db, table: string, address: string, limit: AddressLimit): Promise<number | null> {
  const statement = COUNT_CALL.get(table, () => countCallSql(table), PARAMS_EXAMPLE);
  const [counted] = await db.query<{ calls: number; wait: number }[]>(
    statement.text,
    values(statement, { clientAddress: address, windowSeconds: limit.windowSeconds, maxCalls: limit.calls }),
  );
  return callWait(counted!, limit);
}

const PARAMS_EXAMPLE = { clientAddress: '127.0.0.1', windowSeconds: 60, maxCalls: 30 };
/** The statement of each limit's table, compiled once. */
const COUNT_CALL = new QueryCache();
