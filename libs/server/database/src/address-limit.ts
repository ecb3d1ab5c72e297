import type { EntityManager, QueryRunner } from 'typeorm';

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
 * Counts a call from `address` in `tx`, under the address's row lock, and answers the seconds to
 * wait when it is over the limit (null when it may go). A caller that rolls back over the limit
 * does not count refused calls; parallel calls from one address take turns on the row.
 */
export async function countCall(tx: EntityManager, table: string, address: string, limit: AddressLimit): Promise<number | null> {
  const [row] = await tx.query<{ calls: number; wait: number }[]>(
    `INSERT INTO ${table} AS t (client_address, window_started_at, calls) VALUES ($1, now(), 1)
     ON CONFLICT (client_address) DO UPDATE SET
       calls = CASE WHEN t.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE t.calls + 1 END,
       window_started_at = CASE WHEN t.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE t.window_started_at END
     RETURNING calls, extract(epoch FROM window_started_at + make_interval(secs => $2) - now())::float AS wait`,
    [address, limit.windowSeconds],
  );
  return row!.calls > limit.calls ? Math.max(1, Math.ceil(row!.wait)) : null;
}
