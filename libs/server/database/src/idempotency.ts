import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { IDEMPOTENCY_TTL_HOURS, idempotencyKeyReusedMessage } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * A create that carries the caller's Idempotency-Key. The record of it is written in the
 * same transaction as the write itself, so a reply lost on the way back (gateway killed,
 * timeout) never hides a committed write from the retry.
 */
export interface IdempotentRequest {
  /** The client's key, as sent. */
  key: string;
  /** Whose key it is (the actor's user id): a key never reaches another user's result. */
  scope: string;
  /** What was asked (say, the subject and the payload without actor and key): the same key with another request is refused. */
  request: unknown;
}

/** The IdempotentRequest of a create from `actor`, or undefined when the caller sent no key. */
export function idempotencyOf(actor: { id: string }, key: string | undefined, request: unknown): IdempotentRequest | undefined {
  return key === undefined ? undefined : { key, scope: actor.id, request };
}

const TABLE = 'idempotency';
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string | undefined) => (schema ? `${quoteIdent(schema)}.${TABLE}` : TABLE);

/**
 * For a service's migration: the table of answered keys in `schema`. Only hashes are kept:
 * the key as SHA-256, the request as an HMAC keyed with the key itself, so the table does not
 * reveal what was asked (a new user's password, say) to anyone who does not hold the key.
 */
export async function createIdempotencyTable(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`
    CREATE TABLE ${qualified(schema)} (
      scope text NOT NULL,
      key_hash bytea NOT NULL,
      request_hash bytea NOT NULL,
      reply json NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key_hash)
    )`);
  await runner.query(`CREATE INDEX ix_idempotency_created_at ON ${qualified(schema)} (created_at)`);
}

export async function dropIdempotencyTable(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`DROP TABLE ${qualified(schema)}`);
}

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

interface StoredReply {
  request_hash: Buffer;
  reply: unknown;
}

/** Table name of the data source's schema (every service's data source names its schema). */
function tableOf(dataSource: DataSource): string {
  return qualified((dataSource.options as { schema?: string }).schema);
}

/** Deletes expired keys (a range delete on the created_at index); answers how many. */
export async function pruneIdempotencyKeys(dataSource: DataSource): Promise<number> {
  const [, deleted] = await dataSource.query<[unknown[], number]>(`DELETE FROM ${tableOf(dataSource)} WHERE created_at < now() - make_interval(hours => $1)`, [
    IDEMPOTENCY_TTL_HOURS,
  ]);
  return deleted;
}

const lastPruned = new WeakMap<DataSource, number>();
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Prunes after a write at most once an hour per data source: housekeeping that never fails the write. */
async function pruneNowAndThen(dataSource: DataSource): Promise<void> {
  const last = lastPruned.get(dataSource);
  if (last !== undefined && Date.now() - last < PRUNE_EVERY_MS) return;
  lastPruned.set(dataSource, Date.now());
  await pruneIdempotencyKeys(dataSource).catch(() => undefined);
}

/**
 * True when `idempotency` names a key already answered (within the TTL): checks a service makes
 * before its write (a username still free?) do not apply to it, as the write will answer the
 * stored reply (or IDEMPOTENCY_KEY_REUSED) instead of writing.
 */
export async function alreadyAnswered(manager: EntityManager, idempotency: IdempotentRequest | undefined): Promise<boolean> {
  if (!idempotency) return false;
  const keyHash = createHash('sha256').update(idempotency.key).digest();
  const rows = await manager.query<unknown[]>(
    `SELECT 1 FROM ${tableOf(manager.connection)} WHERE scope = $1 AND key_hash = $2 AND created_at >= now() - make_interval(hours => $3)`,
    [idempotency.scope, keyHash, IDEMPOTENCY_TTL_HOURS],
  );
  return rows.length > 0;
}

/**
 * Runs `work` in a transaction that first claims the key: the first request with a key
 * writes and stores its reply in that transaction; a repeat (same scope, key and request)
 * within the TTL answers the stored reply without writing; the same key with another request
 * is IDEMPOTENCY_KEY_REUSED. A repeat that arrives while the first is still running waits on
 * the key's row (the unique index) and then answers its result. A request that failed wrote
 * nothing, its key included, so asking again runs it again.
 */
export async function idempotentTransaction<T>(
  dataSource: DataSource,
  idempotency: IdempotentRequest,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const table = tableOf(dataSource);
  const keyHash = createHash('sha256').update(idempotency.key).digest();
  const requestHash = createHmac('sha256', idempotency.key).update(canonicalJson(idempotency.request)).digest();
  const ids = [idempotency.scope, keyHash];

  const outcome = await dataSource.transaction(async (manager): Promise<{ result: T } | { stored: StoredReply }> => {
    // Claims a new key, or an expired one; otherwise inserts nothing (after waiting for a claim in progress).
    const claimed = await manager.query<unknown[]>(
      `INSERT INTO ${table} AS t (scope, key_hash, request_hash, reply) VALUES ($1, $2, $3, 'null')
       ON CONFLICT (scope, key_hash) DO UPDATE SET request_hash = EXCLUDED.request_hash, reply = EXCLUDED.reply, created_at = now()
         WHERE t.created_at < now() - make_interval(hours => $4)
       RETURNING 1`,
      [...ids, requestHash, IDEMPOTENCY_TTL_HOURS],
    );
    if (claimed.length === 0) {
      const [stored] = await manager.query<StoredReply[]>(`SELECT request_hash, reply FROM ${table} WHERE scope = $1 AND key_hash = $2`, ids);
      return { stored: stored! };
    }
    const result = await work(manager);
    await manager.query(`UPDATE ${table} SET reply = $3 WHERE scope = $1 AND key_hash = $2`, [...ids, JSON.stringify(result ?? null)]);
    return { result };
  });

  if ('result' in outcome) {
    await pruneNowAndThen(dataSource);
    return outcome.result;
  }
  const { request_hash: storedHash, reply } = outcome.stored;
  if (storedHash.length !== requestHash.length || !timingSafeEqual(storedHash, requestHash)) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', idempotencyKeyReusedMessage);
  }
  return reply as T;
}
