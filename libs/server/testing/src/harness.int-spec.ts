import pg from 'pg';
import { createTestDatabase, defaultAdminUrl } from './database.js';
import { httpReady, uniqueNamespace } from './nats.js';
import { spawnService } from './spawn.js';

async function databaseExists(name: string): Promise<boolean> {
  const url = new URL(defaultAdminUrl());
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('test harness', () => {
  it('gives distinct NATS namespaces', () => {
    const a = uniqueNamespace();
    expect(a).toMatch(/^t[0-9a-f]{10}\.$/);
    expect(uniqueNamespace()).not.toBe(a);
  });

  it('creates a provisioned database the service role can use, and drops it', async () => {
    const db = await createTestDatabase({ service: 'probe' });
    try {
      const client = new pg.Client({ connectionString: db.serviceUrl });
      await client.connect();
      await client.query('CREATE TABLE t (id int)');
      const { rows } = await client.query(`SELECT current_schema() AS schema`);
      expect(rows[0].schema).toBe('probe');
      await client.end();
    } finally {
      await db.drop();
    }
    await expect(databaseExists(db.database)).resolves.toBe(false);
  });

  it('reports the output of a process that dies before it is ready', async () => {
    await expect(
      spawnService({ entry: '-e', env: {}, ready: httpReady('http://127.0.0.1:1/'), readyTimeoutMs: 5000 }).catch((error: Error) => error.message),
    ).resolves.toMatch(/exited|not ready/);
  });
});
