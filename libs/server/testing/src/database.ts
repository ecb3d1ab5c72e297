import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { provisionServiceDatabase } from '@freight/server-database';

export interface TestDatabase {
  /** The fresh database's name. */
  database: string;
  /** Superuser URL of the fresh database (for assertions and setup a service role may not do). */
  adminUrl: string;
  /** URL of the service's own role: what the service itself connects with. */
  serviceUrl: string;
  roleName: string;
  password: string;
  /** Drop the database and its role. Safe to call twice. */
  drop(): Promise<void>;
}

const PREFIX = 'ftest_';
/** Test databases older than this are left-overs of a killed run and get swept. */
const STALE_AFTER_SECONDS = 2 * 60 * 60;

export function defaultAdminUrl(): string {
  return process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

function urlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor(adminUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * One statement on a test database as its superuser: setup no call of the API can do (a value
 * no form accepts, say, to see how a reader copes with it). Answers the rows.
 */
export async function adminQuery<Row = Record<string, unknown>>(database: Pick<TestDatabase, 'adminUrl'>, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * Takes the advisory lock `key` (as `hashtext(key)`) on a test database and holds it, in a session
 * of its own, until the function answered is called: whoever waits for the lock (an outbox relay,
 * `freight:outbox:<schema>`) is held back meanwhile.
 */
export async function holdAdvisoryLock(database: Pick<TestDatabase, 'adminUrl'>, key: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  await client.query(`SELECT pg_advisory_lock(hashtext($1))`, [key]);
  return async () => {
    await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [key]).catch(() => undefined);
    await client.end();
  };
}

async function dropDatabaseAndRole(client: pg.Client, database: string, roleName: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await client.query(`DROP ROLE IF EXISTS "${roleName}"`);
}

/** Names carry their creation time, so a later run can sweep what a killed run left behind. */
async function sweepStale(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`);
  const now = Math.floor(Date.now() / 1000);
  for (const { datname } of rows) {
    const created = Number.parseInt(datname.split('_')[1] ?? '', 36);
    if (Number.isFinite(created) && now - created > STALE_AFTER_SECONDS) {
      await dropDatabaseAndRole(client, datname, `${datname}_role`).catch(() => undefined);
    }
  }
}

/**
 * A fresh, uniquely named database provisioned for one service exactly as production
 * is (own role owning schema `<service>`, pg_trgm in `extensions`). Call `drop()` in afterAll.
 */
export async function createTestDatabase(options: { service: string; adminUrl?: string }): Promise<TestDatabase> {
  const adminBase = options.adminUrl ?? defaultAdminUrl();
  const stamp = Math.floor(Date.now() / 1000).toString(36);
  const database = `${PREFIX}${stamp}_${options.service.replace(/\W/g, '')}_${randomBytes(4).toString('hex')}`;
  const roleName = `${database}_role`;
  const password = randomBytes(18).toString('base64url');
  await withAdmin(adminBase, sweepStale).catch(() => undefined);
  const { serviceUrl } = await provisionServiceDatabase({ adminUrl: adminBase, database, service: options.service, roleName, password });
  let dropped = false;
  return {
    database,
    adminUrl: urlFor(adminBase, database),
    serviceUrl,
    roleName,
    password,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminBase, (client) => dropDatabaseAndRole(client, database, roleName));
    },
  };
}
