import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { writeTransaction } from './write-transaction.js';

// A throwaway schema on the real server (the test harness builds on this lib, so it is not used here).
const schema = `wtx_${randomBytes(4).toString('hex')}`;
let dataSource: DataSource;

beforeAll(async () => {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  dataSource = await new DataSource({ type: 'postgres', url, poolSize: 2 }).initialize();
  await dataSource.query(`CREATE SCHEMA ${schema}`);
  await dataSource.query(`CREATE TABLE ${schema}.item (name text NOT NULL, note text)`);
  await dataSource.query(`CREATE UNIQUE INDEX ux_item_name ON ${schema}.item (lower(name))`);
  await dataSource.query(`INSERT INTO ${schema}.item (name) VALUES ('Galle')`);
});
afterAll(async () => {
  await dataSource?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await dataSource?.destroy();
});

const taken = { ux_item_name: () => new Error('Name is already taken') };
const names = async () => (await dataSource.query(`SELECT name, note FROM ${schema}.item ORDER BY name`)) as { name: string; note: string | null }[];

describe('writeTransaction', () => {
  it('turns the named unique index into its error and keeps nothing of the failed write', async () => {
    const write = writeTransaction(dataSource, taken, async (m) => {
      await m.query(`UPDATE ${schema}.item SET note = 'changed'`);
      await m.query(`INSERT INTO ${schema}.item (name) VALUES ('GALLE')`);
    });
    await expect(write).rejects.toThrow('Name is already taken');
    await expect(names()).resolves.toEqual([{ name: 'Galle', note: null }]);
  });

  it('rethrows any other error as it was', async () => {
    await expect(writeTransaction(dataSource, taken, (m) => m.query(`INSERT INTO ${schema}.item (note) VALUES ('x')`))).rejects.toMatchObject({
      code: '23502',
    });
  });

  it('commits and returns what the work returns', async () => {
    await expect(
      writeTransaction(dataSource, taken, async (m) => (await m.query(`INSERT INTO ${schema}.item (name) VALUES ('Kandy') RETURNING name`))[0].name),
    ).resolves.toBe('Kandy');
    await expect(names()).resolves.toEqual([
      { name: 'Galle', note: null },
      { name: 'Kandy', note: null },
    ]);
  });
});
