import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from '@freight/server';
import { IDEMPOTENCY_TTL_HOURS, idempotencyKeyReusedMessage } from '@freight/contracts';
import { createIdempotencyTable, idempotencyOf, pruneIdempotencyKeys } from './idempotency.js';
import { writeTransaction } from './write-transaction.js';

// A throwaway schema on the real server. `parcel` has no unique index: a second write would be a second row.
const schema = `idem_${randomBytes(4).toString('hex')}`;
let dataSource: DataSource;

beforeAll(async () => {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const setup = await new DataSource({ type: 'postgres', url, poolSize: 1 }).initialize();
  await setup.query(`CREATE SCHEMA ${schema}`);
  await setup.query(`CREATE TABLE ${schema}.parcel (id serial PRIMARY KEY, label text NOT NULL)`);
  const runner = setup.createQueryRunner();
  await createIdempotencyTable(runner, schema);
  await runner.release();
  await setup.destroy();
  dataSource = await new DataSource({ type: 'postgres', url, schema, poolSize: 10 }).initialize();
});
afterAll(async () => {
  await dataSource?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await dataSource?.destroy();
});

const alice = { id: randomUUID() };
const bob = { id: randomUUID() };

/** Adds a parcel as `actor`, with `key` if given; answers the new row. */
function addParcel(actor: { id: string }, label: string, key?: string) {
  return writeTransaction(
    dataSource,
    {},
    async (m) => (await m.query<{ id: number; label: string }[]>(`INSERT INTO ${schema}.parcel (label) VALUES ($1) RETURNING id, label`, [label]))[0]!,
    idempotencyOf(actor, key, { subject: 'parcel.create', label }),
  );
}
const parcels = async (label: string) =>
  (await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${schema}.parcel WHERE label = $1`, [label]))[0]!.n;

describe('writeTransaction with an Idempotency-Key', () => {
  it('writes once for the same key and request and answers the first result again', async () => {
    const key = randomUUID();
    const first = await addParcel(alice, 'twice', key);
    await expect(addParcel(alice, 'twice', key)).resolves.toEqual(first);
    expect(await parcels('twice')).toBe(1);
  });

  it('writes exactly once for 50 parallel requests with one key, and all get the same answer', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => addParcel(alice, 'fifty', key)));
    expect(await parcels('fifty')).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it('refuses the same key with a different request: IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const key = randomUUID();
    await addParcel(alice, 'original', key);
    const error = await addParcel(alice, 'another', key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: idempotencyKeyReusedMessage });
    expect(await parcels('another')).toBe(0);
  });

  it("never answers another user's result for the same key: theirs is written on its own", async () => {
    const key = randomUUID();
    const alices = await addParcel(alice, 'shared-key', key);
    const bobs = await addParcel(bob, 'shared-key', key);
    expect(bobs.id).not.toBe(alices.id);
    expect(await parcels('shared-key')).toBe(2);
  });

  it('keeps no key of a failed write, so the retry runs again', async () => {
    const key = randomUUID();
    const failing = writeTransaction(
      dataSource,
      {},
      async () => {
        throw new AppError('CONFLICT', 'not now');
      },
      idempotencyOf(alice, key, { subject: 'parcel.create', label: 'after-failure' }),
    );
    await expect(failing).rejects.toMatchObject({ code: 'CONFLICT' });
    await addParcel(alice, 'after-failure', key);
    expect(await parcels('after-failure')).toBe(1);
  });

  it('stores neither the key nor the request in clear', async () => {
    const key = `key-${randomUUID()}`;
    await addParcel(alice, 'secret-label', key);
    const rows = await dataSource.query<Record<string, unknown>[]>(`SELECT scope, key_hash, request_hash FROM ${schema}.idempotency`);
    const dump = JSON.stringify(rows.map((r) => ({ ...r, key_hash: String(r.key_hash), request_hash: String(r.request_hash) })));
    expect(dump).not.toContain(key);
    expect(dump).not.toContain('secret-label');
  });

  it(`writes again once a key is older than ${IDEMPOTENCY_TTL_HOURS} hours, and prunes expired keys`, async () => {
    const key = randomUUID();
    await addParcel(alice, 'expired', key);
    await dataSource.query(`UPDATE ${schema}.idempotency SET created_at = now() - interval '25 hours'`); // every key so far
    await addParcel(alice, 'expired', key);
    expect(await parcels('expired')).toBe(2);

    const keys = async () => (await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${schema}.idempotency`))[0]!.n;
    const before = await keys();
    await expect(pruneIdempotencyKeys(dataSource)).resolves.toBe(before - 1);
    expect(await keys()).toBe(1); // the key just used again
  });
});
