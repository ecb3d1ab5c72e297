import { migrateServiceSchema } from '@freight/server-database';
import { createTestDatabase, type TestDatabase } from '@freight/server-testing';
import pg from 'pg';
import { directoryDataSourceOptions } from '../app.module.js';
import { SERVICE } from '../config.js';
import { migrations } from './index.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ service: SERVICE });
});
afterAll(async () => {
  await db?.drop();
});

describe('directory migrations', () => {
  it('apply once when several replicas start together, and not again afterwards', async () => {
    const options = directoryDataSourceOptions(db.serviceUrl);
    const runs = await Promise.all([migrateServiceSchema(options), migrateServiceSchema(options), migrateServiceSchema(options)]);
    expect(runs.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
    await expect(migrateServiceSchema(options)).resolves.toEqual([]);

    const admin = new pg.Client({ connectionString: db.adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM directory.migrations`);
      expect(rows[0].n).toBe(migrations.length);
    } finally {
      await admin.end();
    }
  });
});
