import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Entity, PrimaryGeneratedColumn, type DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { AuditedEntity } from './audited.entity.js';
import { createServiceDataSource, ensureSchema, migrateServiceSchema, provisionServiceDatabase, type ServiceDataSourceOptions } from './database.js';
import { checkDatabase } from './health.js';

// A throwaway database and role on the real server (the test harness builds on this lib, so it is not used here).
const adminBase = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `ftest_${Math.floor(Date.now() / 1000).toString(36)}_dblib_${randomBytes(4).toString('hex')}`;
const roleName = `${database}_role`;
const service = 'sample';

function adminUrl(db: string): string {
  const url = new URL(adminBase);
  url.pathname = `/${db}`;
  return url.toString();
}

async function asAdmin<T>(db: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(db) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

@Entity({ name: 'parcel' })
class ParcelEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;
}

class CreateParcel1700000000000 implements MigrationInterface {
  name = 'CreateParcel1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE parcel (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      created_at timestamptz NOT NULL DEFAULT now(), created_by uuid,
      updated_at timestamptz NOT NULL DEFAULT now(), updated_by uuid)`);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE parcel');
  }
}

let serviceUrl: string;
let options: ServiceDataSourceOptions;

beforeAll(async () => {
  const provision = () => provisionServiceDatabase({ adminUrl: adminBase, database, service, roleName, password: randomBytes(12).toString('hex') });
  // Twice at once and once more: it must be idempotent and serialised (the last password wins).
  await Promise.all([provision(), provision()]);
  ({ serviceUrl } = await provision());
  options = { url: serviceUrl, schema: service, entities: [ParcelEntity], migrations: [CreateParcel1700000000000] };
});
afterAll(async () => {
  await asAdmin('postgres', async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.query(`DROP ROLE IF EXISTS "${roleName}"`);
  });
});

describe('provisionServiceDatabase', () => {
  it('gives the service role its own schema, pg_trgm in extensions, and that search path', async () => {
    const facts = await asAdmin(database, async (client) => {
      const { rows } = await client.query<{ owner: string; trgm: string }>(
        `SELECT (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1) AS owner,
                (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm') AS trgm`,
        [service],
      );
      return rows[0]!;
    });
    expect(facts).toEqual({ owner: roleName, trgm: 'extensions' });

    const client = new pg.Client({ connectionString: serviceUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ search_path: string }>('SHOW search_path');
      expect(rows[0]!.search_path).toBe(`${service}, extensions`);
    } finally {
      await client.end();
    }
  });
});

describe('ensureSchema', () => {
  it('accepts the provisioned schema and says what to run when the role may not create a missing one', async () => {
    await expect(ensureSchema(serviceUrl, service)).resolves.toBeUndefined();
    await expect(ensureSchema(serviceUrl, 'elsewhere')).rejects.toThrow(
      'Schema "elsewhere" does not exist and this role cannot create it: provision the database first (npm run db:provision).',
    );
  });
});

describe('migrations and the data source', () => {
  let dataSource: DataSource;
  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
  });

  it('apply once when replicas start together, then hand out a data source with audit columns filled', async () => {
    const runs = await Promise.all([migrateServiceSchema(options), migrateServiceSchema(options), migrateServiceSchema(options)]);
    expect(runs.flat()).toEqual(['CreateParcel1700000000000']);

    dataSource = await createServiceDataSource(options);
    const saved = await dataSource.getRepository(ParcelEntity).save({ createdBy: null, updatedBy: null });
    expect(saved.createdAt).toBeInstanceOf(Date);
    expect(saved.updatedAt).toBeInstanceOf(Date);
    const [row] = await dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM parcel');
    expect(row!.n).toBe(1);
  });

  it('reports the database up while connected and down once the pool is gone', async () => {
    await expect(checkDatabase(dataSource)).resolves.toBe('up');
    await dataSource.destroy();
    await expect(checkDatabase(dataSource)).resolves.toBe('down');
  });

  it('reports a database that does not answer in time as down instead of hanging', async () => {
    const stuck = { query: () => new Promise(() => undefined) } as unknown as DataSource;
    await expect(checkDatabase(stuck, 50)).resolves.toBe('down');
  });
});
