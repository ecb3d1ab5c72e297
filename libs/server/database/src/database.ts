import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Schema holding shared extensions (pg_trgm); every service role may use it, none may create in it. */
export const EXTENSIONS_SCHEMA = 'extensions';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ServiceDatabaseUrl {
  database: string;
  roleName: string;
  password: string;
}

/** Database, role and password of a service connection URL (e.g. DIRECTORY_DATABASE_URL). */
export function parseServiceDatabaseUrl(url: string): ServiceDatabaseUrl {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const roleName = decodeURIComponent(parsed.username);
  if (!database || !roleName) throw new Error(`A service database URL needs a role and a database name: ${parsed.protocol}//…`);
  return { database, roleName, password: decodeURIComponent(parsed.password) };
}

export interface ProvisionOptions {
  /** A superuser connection (any database on the server). */
  adminUrl: string;
  database: string;
  /** Also the schema name. */
  service: string;
  roleName: string;
  password: string;
}

/**
 * Make the database ready for one service, idempotently (safe on every start):
 * the database, a login role that owns schema `<service>` and nothing else, no access
 * to `public`, pg_trgm in the shared `extensions` schema, and a search_path of
 * `<service>, extensions`. Other schemas stay unreadable to the role: it is granted
 * nothing there. Serialised cluster-wide with an advisory lock, because roles are
 * cluster-wide and parallel test files provision at the same time.
 */
export async function provisionServiceDatabase(options: ProvisionOptions): Promise<{ serviceUrl: string }> {
  const { adminUrl, database, service, roleName, password } = options;
  await withClient(withDatabase(adminUrl, 'postgres'), async (admin) => {
    await admin.query(`SELECT pg_advisory_lock(hashtext('freight:provision'))`);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);

      const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [roleName]);
      const verb = role.rowCount === 0 ? 'CREATE' : 'ALTER';
      const { rows } = await admin.query<{ sql: string }>(
        `SELECT format('${verb} ROLE %I WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD %L', $1::text, $2::text) AS sql`,
        [roleName, password],
      );
      await admin.query(rows[0]!.sql);

      await withClient(withDatabase(adminUrl, database), async (db) => {
        const role = quoteIdent(roleName);
        const schema = quoteIdent(service);
        const ext = quoteIdent(EXTENSIONS_SCHEMA);
        await db.query(`REVOKE ALL ON DATABASE ${quoteIdent(database)} FROM PUBLIC`);
        await db.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${quoteIdent(database)} TO ${role}`);
        await db.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
        await db.query(`CREATE SCHEMA IF NOT EXISTS ${schema} AUTHORIZATION ${role}`);
        await db.query(`ALTER SCHEMA ${schema} OWNER TO ${role}`);
        await db.query(`CREATE SCHEMA IF NOT EXISTS ${ext}`);
        await db.query(`REVOKE ALL ON SCHEMA ${ext} FROM PUBLIC`);
        await db.query(`GRANT USAGE ON SCHEMA ${ext} TO ${role}`);
        const trgm = await db.query<{ schema: string }>(
          `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
        );
        if (trgm.rowCount === 0) await db.query(`CREATE EXTENSION pg_trgm WITH SCHEMA ${ext}`);
        else if (trgm.rows[0]!.schema !== EXTENSIONS_SCHEMA) await db.query(`ALTER EXTENSION pg_trgm SET SCHEMA ${ext}`);
        await db.query(`ALTER ROLE ${role} IN DATABASE ${quoteIdent(database)} SET search_path = ${schema}, ${ext}`);
      });
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext('freight:provision'))`);
    }
  });
  const serviceUrl = new URL(withDatabase(adminUrl, database));
  serviceUrl.username = encodeURIComponent(roleName);
  serviceUrl.password = encodeURIComponent(password);
  return { serviceUrl: serviceUrl.toString() };
}

/**
 * Create the service's schema before TypeORM looks for its migrations table in it (on an empty
 * database TypeORM creates `<schema>.migrations` first and fails with `schema "<schema>" does not
 * exist`), but only where the role may; otherwise say what to run.
 */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ exists: boolean; can_create: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS exists,
              has_database_privilege(current_database(), 'CREATE') AS can_create`,
      [schema],
    );
    if (rows[0]!.exists) return;
    if (!rows[0]!.can_create) {
      throw new Error(`Schema "${schema}" does not exist and this role cannot create it: provision the database first (npm run db:provision).`);
    }
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  });
}

export interface ServiceDataSourceOptions {
  url: string;
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  /** Apply pending migrations before the data source is handed out (default true). */
  migrationsRun?: boolean;
  poolSize?: number;
}

/**
 * How long a call waits for a connection, new or from a full pool, before it fails as
 * DATABASE_UNAVAILABLE (503, worth a retry): under the gateway's 5 s NATS time-out, so a database
 * that accepts but does not answer (a failover in progress) is never a 504 after the fact.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 3000;

/** TypeORM options for a service: its own schema, migrations, never synchronize. */
export function serviceDataSourceOptions(options: ServiceDataSourceOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    // Migrations run through migrateServiceSchema, under a lock, never inside initialize().
    migrationsRun: false,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Ten for requests, and one the event consumers hold their turns on (docs/adr/0061-events-keep-up.md).
    poolSize: options.poolSize ?? 11,
    connectTimeoutMS: DATABASE_CONNECT_TIMEOUT_MS,
    // Raw SQL ignores `schema`: the same search_path the provisioner sets on the role.
    extra: { options: `-c search_path=${options.schema},${EXTENSIONS_SCHEMA}` },
  };
}

/**
 * Apply pending migrations under a per-schema advisory lock, so replicas that start
 * together take turns instead of racing to create the same tables. Returns their names.
 */
export async function migrateServiceSchema(options: ServiceDataSourceOptions): Promise<string[]> {
  await ensureSchema(options.url, options.schema);
  const lockKey = `freight:migrate:${options.schema}`;
  return withClient(options.url, async (lock) => {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    const dataSource = await new DataSource(serviceDataSourceOptions({ ...options, poolSize: 1 })).initialize();
    try {
      return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await dataSource.destroy();
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
    }
  });
}

/** An initialised data source: schema ensured, pending migrations applied unless disabled. */
export async function createServiceDataSource(options: ServiceDataSourceOptions): Promise<DataSource> {
  if (options.migrationsRun ?? true) await migrateServiceSchema(options);
  else await ensureSchema(options.url, options.schema);
  return new DataSource(serviceDataSourceOptions(options)).initialize();
}

/**
 * A migration as a class TypeORM can run: `name` is the class name it records
 * (`DirectoryOutbox1796000000000`), `up` and `down` what it does each way.
 */
export function migration(name: string, up: (q: QueryRunner) => Promise<void>, down: (q: QueryRunner) => Promise<void>): new () => MigrationInterface {
  const made = class implements MigrationInterface {
    name = name;
    up = up;
    down = down;
  };
  Object.defineProperty(made, 'name', { value: name });
  return made;
}

/** The TypeORM module of a service: its schema migrated (under the lock) before the data source is handed out. */
export function serviceTypeOrmModule(options: ServiceDataSourceOptions): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      await migrateServiceSchema(options);
      return serviceDataSourceOptions(options);
    },
  });
}
