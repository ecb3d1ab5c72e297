import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isLoopback, urlParts, withUrlParts } from './env.mjs';
import { freePort, waitFor } from './net.mjs';

// The embedded cluster's superuser; it listens on loopback only.
export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_PASSWORD = 'postgres';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** 'up', 'down' (nothing answers), or throws when a server answers but refuses us. */
export async function probePostgres(adminUrl) {
  const client = new pg.Client({ connectionString: withUrlParts(adminUrl, { database: 'postgres' }), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return 'up';
  } catch (error) {
    if (UNREACHABLE.has(error.code) || /timeout/i.test(error.message)) return 'down';
    throw new Error(`Postgres at ${redact(adminUrl)} answered but refused the connection: ${error.message}`, { cause: error });
  } finally {
    await client.end().catch(() => {});
  }
}

export const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * The Postgres at `adminUrl` if it answers; otherwise an embedded one under `dataDir/postgres`
 * (a child of `children`), with `adminUrl` rewritten to point at it.
 * @returns {Promise<{ adminUrl: string, embedded: boolean }>}
 */
export async function ensurePostgres({ adminUrl, dataDir, children, log }) {
  if ((await probePostgres(adminUrl)) === 'up') return { adminUrl, embedded: false };
  const { host, port: wanted } = urlParts(adminUrl);
  if (!isLoopback(host)) throw new Error(`No Postgres answers at ${redact(adminUrl)}: start it, or point DATABASE_URL at one that runs.`);

  const dir = join(dataDir, 'postgres');
  const portFile = join(dataDir, 'postgres.port');
  mkdirSync(dataDir, { recursive: true });
  // Keep the same port across starts when it is free, so URLs in logs stay recognisable.
  const remembered = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : wanted;
  const port = await freePort('127.0.0.1', remembered);
  writeFileSync(portFile, String(port));
  log(`No Postgres answers at ${redact(adminUrl)}: starting an embedded Postgres on 127.0.0.1:${port} (data in ${dir})`);

  const script = fileURLToPath(new URL('./embedded-postgres.mjs', import.meta.url));
  const entry = children.start('postgres', process.execPath, [script, dir, String(port)]);
  const url = withUrlParts(adminUrl, { host: '127.0.0.1', port, user: EMBEDDED_USER, password: EMBEDDED_PASSWORD });
  await waitFor(async () => !entry.done && (await probePostgres(url)) === 'up', { timeoutMs: 120_000, what: 'the embedded Postgres' });
  return { adminUrl: url, embedded: true };
}

/** Drops a database (ending its sessions) and the given roles. */
export async function dropDatabase(adminUrl, database, roles = []) {
  const client = new pg.Client({ connectionString: withUrlParts(adminUrl, { database: 'postgres' }) });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database.replaceAll('"', '""')}" WITH (FORCE)`);
    for (const role of roles) await client.query(`DROP ROLE IF EXISTS "${role.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
