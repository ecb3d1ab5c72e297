import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from './audited.entity.js';
import { EntityRepository, SEARCH_LIMIT, SORTED_MATCHES_MAX, containsPattern, type ListQuery } from './entity-repository.js';
import { createIdempotencyTable, idempotencyOf } from './idempotency.js';

// A throwaway schema on the real server: yards (the natural key `name`, a unique `code` in a
// column of another name) in regions, read with their region's name.
const schema = `repo_${randomBytes(4).toString('hex')}`;
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

@Entity({ name: 'yard', schema })
class YardEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text', { name: 'yard_code' })
  code!: string;

  @Column('uuid', { name: 'region_id', nullable: true })
  regionId!: string | null;
}

interface YardRow {
  id: string;
  name: string;
  code: string;
  region: string | null;
}

const taken = (property: string) => new Error(`${property} is taken`);

let dataSource: DataSource;
let plain: EntityRepository<YardEntity>;
let withRegion: EntityRepository<YardEntity, YardRow, 'name' | 'code' | 'region'>;
let other: pg.Client;
let regions: Record<'west' | 'north', string>;

beforeAll(async () => {
  const setup = await new DataSource({ type: 'postgres', url, poolSize: 1 }).initialize();
  await setup.query(`CREATE SCHEMA ${schema}`);
  await setup.query(`CREATE TABLE ${schema}.region (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL)`);
  await setup.query(`CREATE TABLE ${schema}.yard (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, yard_code text NOT NULL, region_id uuid REFERENCES ${schema}.region (id),
      created_at timestamptz NOT NULL DEFAULT now(), created_by uuid, updated_at timestamptz NOT NULL DEFAULT now(), updated_by uuid)`);
  await setup.query(`CREATE UNIQUE INDEX ux_yard_name ON ${schema}.yard (lower(name))`);
  await setup.query(`CREATE UNIQUE INDEX ux_yard_code ON ${schema}.yard (lower(yard_code))`);
  const runner = setup.createQueryRunner();
  await createIdempotencyTable(runner, schema);
  await runner.release();
  const [west, north] = await setup.query<{ id: string }[]>(`INSERT INTO ${schema}.region (name) VALUES ('West'), ('North') RETURNING id`);
  regions = { west: west!.id, north: north!.id };
  await setup.destroy();

  dataSource = await new DataSource({ type: 'postgres', url, schema, entities: [YardEntity], poolSize: 4 }).initialize();
  plain = new EntityRepository(dataSource, YardEntity, {
    alias: 'y',
    key: 'name',
    sort: { name: ['lower(y.name)'], code: ['lower(y.yard_code)'] },
    search: ['name', 'code'],
    unique: { name: 'ux_yard_name', code: 'ux_yard_code' },
  });
  withRegion = new EntityRepository(dataSource, YardEntity, {
    alias: 'y',
    key: 'name',
    columns: `y.id, y.name, y.yard_code AS "code", r.name AS "region"`,
    joins: `LEFT JOIN ${schema}.region r ON r.id = y.region_id`,
    sort: { name: ['lower(y.name)'], code: ['lower(y.yard_code)'], region: ['lower(r.name)', 'y.id'] },
    joinedSorts: ['region'],
    search: ['name'],
  });
  await plain.transaction(async (tx) => {
    for (const [name, code, region] of [
      ['Orugodawatta', 'ORU', regions.west],
      ['Peliyagoda', 'PEL', regions.west],
      ['Port', 'PRT', regions.west],
      ['Jaffna Port', 'JAF', regions.north],
      ['Half_way', 'H50', null],
    ] as const) {
      await plain.insert(tx, { name, code, regionId: region });
    }
  });
  other = new pg.Client({ connectionString: url });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await dataSource?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await dataSource?.destroy();
});

describe('containsPattern', () => {
  it('matches anywhere and takes LIKE wildcards literally', () => {
    expect(containsPattern('ab')).toBe('%ab%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('EntityRepository.list', () => {
  it('without a page: every row, in the default order, the entity’s columns named as its properties', async () => {
    const page = await plain.list({});
    expect(page.items.map((y) => y.name)).toEqual(['Half_way', 'Jaffna Port', 'Orugodawatta', 'Peliyagoda', 'Port']);
    expect(page.total).toBe(5);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      name: 'Half_way',
      code: 'H50',
      regionId: null,
      createdAt: expect.any(Date),
      createdBy: null,
      updatedAt: expect.any(Date),
      updatedBy: null,
    });
  });

  it('filters by q over the search properties, case-insensitively, wildcards taken literally', async () => {
    await expect(plain.list({ q: 'PORT' }).then((p) => p.items.map((y) => y.name))).resolves.toEqual(['Jaffna Port', 'Port']);
    await expect(plain.list({ q: 'pel' }).then((p) => p.items.map((y) => y.code))).resolves.toEqual(['PEL']);
    await expect(plain.list({ q: '%' })).resolves.toEqual({ items: [], total: 0 });
    await expect(plain.list({ q: 'f_w' }).then((p) => p.items.map((y) => y.name))).resolves.toEqual(['Half_way']);
  });

  it('pages and sorts in SQL, the total counting the filter; a page past the end is empty with that total', async () => {
    const page = await plain.list({ sort: 'code', order: 'desc', page: 2, pageSize: 2 });
    expect(page.items.map((y) => y.code)).toEqual(['ORU', 'JAF']);
    expect(page.total).toBe(5);
    await expect(plain.list({ q: 'port', page: 2, pageSize: 1 }).then((p) => [p.items.map((y) => y.name), p.total])).resolves.toEqual([['Port'], 2]);
    await expect(plain.list({ q: 'port', page: 3, pageSize: 1 })).resolves.toEqual({ items: [], total: 2 });
  });

  it('reads the joins, sorts by a joined column with ties by id, and pages the same way', async () => {
    const all = await withRegion.list({ sort: 'region' });
    expect(all.items.map((y) => y.region)).toEqual(['North', 'West', 'West', 'West', null]);
    const west = all.items.filter((y) => y.region === 'West').map((y) => y.id);
    expect(west).toEqual([...west].sort());
    const paged = [];
    for (let page = 1; page <= 5; page++) paged.push(...(await withRegion.list({ sort: 'region', page, pageSize: 1 })).items);
    expect(paged).toEqual(all.items);
    const desc = await withRegion.list({ sort: 'region', order: 'desc', page: 1, pageSize: 10 });
    expect(desc.items).toEqual([...all.items].reverse());
    expect(desc.items[4]).toEqual({ id: expect.any(String), name: 'Jaffna Port', code: 'JAF', region: 'North' });
  });
});

describe('EntityRepository.list with a search, over more rows than it sorts itself', () => {
  // `bulk-00001` … in name order; regions in turns (West, North, none) for ties on a joined key.
  const BULK = SORTED_MATCHES_MAX + 2_000;
  beforeAll(async () => {
    await dataSource.query(
      `INSERT INTO ${schema}.yard (name, yard_code, region_id)
       SELECT 'bulk-' || lpad(i::text, 5, '0'), 'BLK' || i, (ARRAY[$2::uuid, $3::uuid, NULL])[1 + i % 3] FROM generate_series(1, $1::int) AS i`,
      [BULK, regions.west, regions.north],
    );
  });
  afterAll(() => dataSource.query(`DELETE FROM ${schema}.yard WHERE name LIKE 'bulk-%'`));

  /** A page of `query` is that slice of the whole list (read by one plain ORDER BY), with the whole list's length as total. */
  async function expectPageOfWhole<Row, Sort extends string>(repository: EntityRepository<YardEntity, Row, Sort>, query: ListQuery<Sort>) {
    const { page = 1, pageSize = 50, ...filter } = query;
    const whole = (await repository.list(filter)).items;
    const paged = await repository.list({ ...filter, page, pageSize });
    expect(paged.total).toBe(whole.length);
    expect(paged.items).toEqual(whole.slice((page - 1) * pageSize, page * pageSize));
    return paged;
  }

  it('a common term (more matches than SORTED_MATCHES_MAX): pages of it in both directions, past the first', async () => {
    for (const order of ['asc', 'desc'] as const) {
      for (const page of [1, 2, 40]) await expectPageOfWhole(plain, { q: 'BULK-', order, page, pageSize: 50 });
    }
    const first = await expectPageOfWhole(plain, { q: 'bulk-', page: 1, pageSize: 2 });
    expect(first.total).toBe(BULK);
    expect(first.items.map((y) => y.name)).toEqual(['bulk-00001', 'bulk-00002']);
  });

  it('a rare term, and a term whose matches all lie at the end of the sort: sorted from its matches, paged both ways', async () => {
    const rare = await expectPageOfWhole(plain, { q: '0042', page: 1, pageSize: 5 });
    expect(rare.total).toBeLessThanOrEqual(SORTED_MATCHES_MAX);
    expect(rare.items.map((y) => y.name)).toEqual(['bulk-00042', 'bulk-00420', 'bulk-00421', 'bulk-00422', 'bulk-00423']);
    await expectPageOfWhole(plain, { q: '0042', page: 3, pageSize: 5 });
    await expectPageOfWhole(plain, { q: '0042', order: 'desc', page: 2, pageSize: 5 });
    // 11,900 … 12,000: the last names of the table.
    const late = await expectPageOfWhole(plain, { q: 'bulk-119', order: 'asc', page: 2, pageSize: 30 });
    expect([late.total, late.items[0]!.name]).toEqual([100, 'bulk-11930']);
    await expectPageOfWhole(plain, { q: 'bulk-119', order: 'desc', page: 4, pageSize: 30 });
    await expect(plain.list({ q: 'bulk-119', page: 5, pageSize: 30 })).resolves.toEqual({ items: [], total: 100 });
  });

  it('sorts the matches of either size by a joined key with ties by id, and by another column, in both directions', async () => {
    for (const q of ['bulk-11', 'bulk-']) {
      for (const order of ['asc', 'desc'] as const) {
        await expectPageOfWhole(withRegion, { q, sort: 'region', order, page: 3, pageSize: 25 });
        await expectPageOfWhole(withRegion, { q, sort: 'code', order, page: 2, pageSize: 25 });
      }
    }
  });

  it('an empty term is no filter: the whole table, paged', async () => {
    const page = await expectPageOfWhole(plain, { q: '', page: 2, pageSize: 10 });
    expect(page.total).toBe(BULK + 5);
  });
});

describe('EntityRepository.chunk', () => {
  /** Every chunk of a list, `limit` rows at a time, each after the last row of the one before. */
  async function chunks<R>(repository: { chunk: EntityRepository<YardEntity, R>['chunk'] }, query: Parameters<typeof plain.chunk>[0], limit: number) {
    const all: R[][] = [];
    let after: Parameters<typeof plain.chunk>[1];
    do {
      const chunk = await repository.chunk(query, after, limit);
      all.push(chunk.items);
      after = chunk.next ?? undefined;
    } while (after);
    return all;
  }

  it('walks the list in its order, limit rows at a time, the sort keys left out of the rows', async () => {
    const parts = await chunks(plain, {}, 2);
    expect(parts.map((rows) => rows.map((y) => y.name))).toEqual([['Half_way', 'Jaffna Port'], ['Orugodawatta', 'Peliyagoda'], ['Port']]);
    expect(parts.flat()).toEqual((await plain.list({})).items);
    const desc = await chunks(plain, { sort: 'code', order: 'desc' }, 3);
    expect(desc.flat().map((y) => y.code)).toEqual(['PRT', 'PEL', 'ORU', 'JAF', 'H50']);
  });

  it('keeps the search, and ends with next null, also when the last chunk is full', async () => {
    await expect(chunks(plain, { q: 'PORT' }, 1).then((parts) => parts.map((rows) => rows.map((y) => y.name)))).resolves.toEqual([['Jaffna Port'], ['Port']]);
    await expect(plain.chunk({ q: 'port' }, undefined, 2)).resolves.toMatchObject({ next: null });
    await expect(plain.chunk({ q: 'nowhere' }, undefined, 2)).resolves.toEqual({ items: [], next: null });
  });

  it('walks ties of a non-unique key by id, over the joins, in both directions', async () => {
    const all = (await withRegion.list({ sort: 'name' })).items;
    await expect(chunks(withRegion, { sort: 'name' }, 2).then((parts) => parts.flat())).resolves.toEqual(all);
    const byCode = await chunks(withRegion, { sort: 'code', order: 'desc' }, 1);
    expect(byCode).toHaveLength(5);
    expect(byCode.flat()).toEqual((await withRegion.list({ sort: 'code', order: 'desc' })).items);
    await dataSource.query(`INSERT INTO ${schema}.yard (name, yard_code, region_id) SELECT 'tie-' || i, 'TIE' || i, $1::uuid FROM generate_series(1, 7) AS i`, [
      regions.north,
    ]);
    try {
      const byRegion = (await withRegion.list({ sort: 'region', q: 'tie-' })).items;
      await expect(chunks(withRegion, { sort: 'region', q: 'tie-' }, 3).then((parts) => parts.flat())).resolves.toEqual(byRegion);
      await expect(chunks(withRegion, { sort: 'region', q: 'tie-', order: 'desc' }, 2).then((parts) => parts.flat())).resolves.toEqual([...byRegion].reverse());
    } finally {
      await dataSource.query(`DELETE FROM ${schema}.yard WHERE name LIKE 'tie-%'`);
    }
  });

  it('refuses a cursor that does not fit the sort', async () => {
    await expect(plain.chunk({ sort: 'name' }, ['a', 'b'], 2)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('EntityRepository.search', () => {
  it('answers the exact key first, then keys containing the text in key order', async () => {
    await expect(plain.search('PORT').then((rows) => rows.map((y) => y.name))).resolves.toEqual(['Port', 'Jaffna Port']);
    await expect(withRegion.search('o').then((rows) => rows.map((y) => `${y.name}/${y.region}`))).resolves.toEqual([
      'Jaffna Port/North',
      'Orugodawatta/West',
      'Peliyagoda/West',
      'Port/West',
    ]);
    await expect(plain.search('_')).resolves.toEqual([expect.objectContaining({ name: 'Half_way' })]);
    await expect(plain.search('nowhere')).resolves.toEqual([]);
  });

  it(`answers at most ${SEARCH_LIMIT}, the exact match first even when the others sort before it`, async () => {
    await dataSource.query(
      `INSERT INTO ${schema}.yard (name, yard_code) SELECT 'a-capped-' || lpad(i::text, 3, '0'), 'CAP' || i FROM generate_series(1, $1::int) AS i`,
      [SEARCH_LIMIT + 5],
    );
    await dataSource.query(`INSERT INTO ${schema}.yard (name, yard_code) VALUES ('capped', 'CAPPED')`);
    try {
      const found = await plain.search('CAPPED');
      expect(found).toHaveLength(SEARCH_LIMIT);
      expect(found.map((y) => y.name)).toEqual(['capped', ...Array.from({ length: SEARCH_LIMIT - 1 }, (_, i) => `a-capped-${String(i + 1).padStart(3, '0')}`)]);
    } finally {
      await dataSource.query(`DELETE FROM ${schema}.yard WHERE name LIKE '%capped%'`);
    }
  });
});

/** Whether another connection could take the row lock `mode` on the yard named `name` right now. */
async function canLock(name: string, mode: 'UPDATE' | 'SHARE'): Promise<boolean> {
  await other.query('BEGIN');
  try {
    await other.query(`SELECT 1 FROM ${schema}.yard WHERE name = $1 FOR ${mode} NOWAIT`, [name]);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  } finally {
    await other.query('ROLLBACK');
  }
}

describe('EntityRepository.findByKey', () => {
  it('finds the row by key whatever its case, not by a part of it', async () => {
    await expect(withRegion.findByKey('jaffna PORT')).resolves.toEqual({ id: expect.any(String), name: 'Jaffna Port', code: 'JAF', region: 'North' });
    await expect(plain.findByKey('Jaffna')).resolves.toBeUndefined();
  });

  it('locks the row for the rest of the transaction: for update, or shared', async () => {
    await plain.transaction(async (tx) => {
      await expect(plain.findByKey('port', { tx, lock: 'update' })).resolves.toMatchObject({ name: 'Port' });
      expect(await canLock('Port', 'SHARE')).toBe(false);
      expect(await canLock('Peliyagoda', 'UPDATE')).toBe(true);
    });
    await withRegion.transaction(async (tx) => {
      await expect(withRegion.findByKey('PORT', { tx, lock: 'share' })).resolves.toMatchObject({ region: 'West' });
      expect(await canLock('Port', 'SHARE')).toBe(true);
      expect(await canLock('Port', 'UPDATE')).toBe(false);
    });
    expect(await canLock('Port', 'UPDATE')).toBe(true);
  });
});

describe('EntityRepository writes', () => {
  it('taken: the first unique property another row holds, whatever its case, in the declared order; never the row itself', async () => {
    const port = (await plain.findByKey('Port'))!;
    await plain.transaction(async (tx) => {
      await expect(plain.taken(tx, { name: 'PORT', code: 'oru' })).resolves.toBe('name');
      await expect(plain.taken(tx, { name: 'Free', code: 'oru' })).resolves.toBe('code');
      await expect(plain.taken(tx, { name: 'Free', code: 'FREE' })).resolves.toBeUndefined();
      await expect(plain.taken(tx, { name: 'port', code: 'PRT' }, port.id)).resolves.toBeUndefined();
      await expect(plain.taken(tx, { name: 'port', code: 'PEL' }, port.id)).resolves.toBe('code');
      await expect(plain.taken(tx, { regionId: null })).resolves.toBeUndefined();
    });
  });

  it('inserts, updates by id and deletes by id in the caller’s transaction, recording the audit columns', async () => {
    const actor = randomUUID();
    const made = await plain.transaction((tx) => plain.insert(tx, { name: 'Wattala', code: 'WAT', regionId: null, createdBy: actor, updatedBy: actor }));
    expect(made).toMatchObject({ id: expect.any(String), name: 'Wattala', createdBy: actor, createdAt: expect.any(Date) });
    await plain.transaction((tx) => plain.update(tx, made.id, { code: 'WTL', regionId: regions.north }));
    await expect(withRegion.findByKey('wattala')).resolves.toMatchObject({ code: 'WTL', region: 'North' });
    const [row] = await dataSource.query<{ changed: boolean }[]>(`SELECT updated_at > created_at AS changed FROM ${schema}.yard WHERE id = $1`, [made.id]);
    expect(row!.changed).toBe(true);
    await plain.transaction((tx) => plain.delete(tx, made.id));
    await expect(plain.findByKey('Wattala')).resolves.toBeUndefined();
  });

  it('transaction: a unique index that refuses the write answers the error of its property; nothing of the work is kept', async () => {
    const write = plain.transaction(
      async (tx) => {
        await plain.insert(tx, { name: 'Kelaniya', code: 'KEL' });
        await plain.insert(tx, { name: 'Kelani', code: 'kel' });
      },
      { taken },
    );
    await expect(write).rejects.toThrow('code is taken');
    await expect(plain.findByKey('Kelaniya')).resolves.toBeUndefined();
    // Without `taken`, the database's own error goes on (the RPC filter makes it a plain 409).
    await expect(plain.transaction((tx) => plain.insert(tx, { name: 'port', code: 'NEW' }))).rejects.toMatchObject({ code: '23505' });
  });

  it('transaction: with idempotency, a repeat answers the first result without writing again', async () => {
    const actor = { id: randomUUID() };
    const add = () =>
      plain.transaction(async (tx) => (await plain.insert(tx, { name: 'Ragama', code: 'RAG' })).id, {
        taken,
        idempotency: idempotencyOf(actor, 'key-1', { name: 'Ragama' }),
      });
    const first = await add();
    await expect(add()).resolves.toBe(first);
    const [count] = await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${schema}.yard WHERE name = 'Ragama'`);
    expect(count!.n).toBe(1);
  });
});
