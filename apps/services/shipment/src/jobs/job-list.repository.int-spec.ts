import { BOOKING_SORT_FIELDS, WORKLIST_SORT_FIELDS } from '@freight/contracts';
import { SORTED_MATCHES_MAX } from '@freight/server-database';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { startShipment, type ShipmentHarness } from '../testing/shipment-harness.js';
import { jobListSql, jobPage, type JobListQuery, type JobListScope } from './job-list.repository.js';

// The lists' SQL against the real schema: every sort of both lists is read in index order (no sort
// of the rows), the searches use the trigram indexes, and the totals come from job_counts.
let shipment: ShipmentHarness;
let client: pg.Client;
const EMMA = '00000000-0000-4000-8000-000000000007';

beforeAll(async () => {
  shipment = await startShipment();
  await shipment.adminQuery(`INSERT INTO shipment.job (job_number, job_no, direction, job_date, user_id, user_name, branch_id, branch_city, consignee_id,
      consignee_name, origin_id, origin_port, type_id, type_of_shipment, term_id, term_of_shipment, shipment_status, proceed, job_status, bl_no)
    SELECT g, 'IMP-' || lpad(g::text, 6, '0'), CASE WHEN g % 5 = 0 THEN 'Export' ELSE 'Import' END, date '2024-01-01' + (g % 900),
      ('00000000-0000-4000-8000-' || lpad((g % 20)::text, 12, '0'))::uuid, 'User ' || (g % 20), gen_random_uuid(), 'Colombo', gen_random_uuid(),
      'Consignee ' || (g % 500), gen_random_uuid(), 'Port ' || (g % 50), gen_random_uuid(), 'FCL', gen_random_uuid(), 'FOB',
      CASE WHEN g % 3 = 0 THEN 'Booking Confirmed' ELSE 'Inquiry For Charges' END, g % 3 = 0, g % 7 <> 0, CASE WHEN g % 3 = 0 THEN 'BL' || g ELSE '' END
    FROM generate_series(1, 20000) g`);
  // VACUUM merges the trigram indexes' pending lists (gin fastupdate), as autovacuum does over time.
  await shipment.adminQuery('VACUUM ANALYZE shipment.job');
  client = new pg.Client({ connectionString: shipment.db.adminUrl });
  await client.connect();
}, 120_000);
afterAll(async () => {
  await client?.end();
  await shipment?.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** The plan of the list's page query with sequential scans off (so only an index can give the order cheaply). */
async function planOf(scope: JobListScope, query: JobListQuery, settings = 'SET enable_seqscan = off'): Promise<PlanNode[]> {
  const sql = jobListSql(scope, { page: 3, pageSize: 50, ...query })!;
  await client.query('BEGIN');
  try {
    await client.query(settings);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql.rows.sql}`, sql.rows.params);
    return nodes(rows[0]!['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('ROLLBACK');
  }
}

const worklist: JobListScope = { proceed: false, defaultSort: ['job.job_date', 'asc'] };
const bookings: JobListScope = { proceed: true, defaultSort: ['job.job_number', 'desc'] };

describe('a searched job list: the count picks the plan, the page is that slice of the whole list', () => {
  /** A page of the list is that slice of the whole list (read without a page), with the whole list's length as total. */
  async function expectPageOfWhole(scope: JobListScope, query: JobListQuery) {
    const db = shipment.app.get(DataSource);
    const { page = 1, pageSize = 50, ...filter } = query;
    const whole = (await jobPage(db, scope, filter)).items.map((row) => row.job_no);
    const paged = await jobPage(db, scope, { ...filter, page, pageSize });
    expect(paged.total).toBe(whole.length);
    expect(paged.items.map((row) => row.job_no)).toEqual(whole.slice((page - 1) * pageSize, page * pageSize));
    return paged;
  }

  it('a term with more matches than SORTED_MATCHES_MAX (every worklist job) walks the sort: pages past the first, both ways', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const paged = await expectPageOfWhole(worklist, { q: 'consignee', sort: 'date', order, page: 3 });
      expect(paged.total).toBeGreaterThan(SORTED_MATCHES_MAX);
    }
  });

  it('a rare term is sorted from its matches, by date and by a name, both ways; a page past its end is empty with the total', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const paged = await expectPageOfWhole(bookings, { q: 'Consignee 7', sort: 'date', order, page: 2, pageSize: 20, status: 'active' });
      expect(paged.items).toHaveLength(20);
      await expectPageOfWhole(bookings, { q: 'consignee 29', sort: 'consigneeName', order, page: 1, pageSize: 25 });
    }
    const past = await jobPage(shipment.app.get(DataSource), bookings, { q: 'consignee 7', page: 1_000, pageSize: 50 });
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });
});

describe('job lists at scale', () => {
  it.each([...WORKLIST_SORT_FIELDS.map((sort) => ['worklist', sort] as const), ...BOOKING_SORT_FIELDS.map((sort) => ['booking sheet', sort] as const)])(
    '%s sorted by %s: read in index order, both ways',
    async (list, sort) => {
      for (const order of ['asc', 'desc'] as const) {
        const plan = await planOf(list === 'worklist' ? worklist : bookings, { sort, order });
        expect(plan.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
      }
    },
  );

  it("reads the default orders, an Employee's own lists included, from the lists' own indexes, unsorted", async () => {
    const used = async (scope: JobListScope) => {
      const plan = await planOf(scope, {});
      expect(plan.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
      return plan.map((node) => node['Index Name']).filter(Boolean);
    };
    expect(await used(worklist)).toEqual(['ix_job_worklist_date']);
    expect(['ix_job_worklist_date', 'ix_job_worklist_user_date']).toEqual(expect.arrayContaining(await used({ ...worklist, userId: EMMA })));
    expect(await used(bookings)).toEqual(['ix_job_booking_number']);
    expect(['ix_job_booking_number', 'ix_job_booking_user_number']).toEqual(expect.arrayContaining(await used({ ...bookings, userId: EMMA })));
  });

  it("reads the Active booking sheet and an Employee's own sheet by date from their own indexes, both ways", async () => {
    for (const order of ['asc', 'desc'] as const) {
      const active = await planOf(bookings, { sort: 'date', order, status: 'active' });
      expect(active.map((node) => node['Index Name']).filter(Boolean)).toEqual(['ix_job_booking_active_date']);
      const own = await planOf({ ...bookings, userId: EMMA }, { sort: 'date', order });
      expect(own.map((node) => node['Index Name']).filter(Boolean)).toEqual(['ix_job_booking_user_date']);
      expect([...active, ...own].filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
    }
  });

  it('searches with the trigram indexes (the partial one for the active booking sheet)', async () => {
    const indexes = async (scope: JobListScope, query: JobListQuery) =>
      (await planOf(scope, query, 'SET enable_seqscan = off; SET enable_indexscan = off')).map((node) => node['Index Name']).filter(Boolean);
    expect(await indexes(worklist, { q: 'consignee 12' })).toEqual(['ix_job_search_trgm']);
    expect(await indexes(bookings, { q: 'bl1999', status: 'active' })).toEqual(['ix_job_booking_active_trgm']);
  });

  it('counts an unfiltered list from job_counts, kept right by the triggers through inserts, updates and deletes', async () => {
    const total = async (scope: JobListScope, query: JobListQuery = {}) => {
      const sql = jobListSql(scope, { page: 1, ...query })!;
      expect(sql.total.sql).toContain(query.q ? 'shipment.job ' : 'shipment.job_counts');
      return (await client.query<{ total: number }>(sql.total.sql, sql.total.params)).rows[0]!.total;
    };
    const counted = async (where: string) =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipment.job WHERE deleted_at IS NULL AND ${where}`)).rows[0]!.n;
    await client.query(`UPDATE shipment.job SET proceed = true, shipment_status = 'Booking Confirmed' WHERE job_number % 11 = 0`);
    await client.query(`UPDATE shipment.job SET user_id = '${EMMA}' WHERE job_number % 13 = 0`);
    await client.query(`UPDATE shipment.job SET deleted_at = now() WHERE job_number % 17 = 0`);
    await client.query(`DELETE FROM shipment.job WHERE job_number % 19 = 0`);
    expect(await total(worklist)).toBe(await counted('NOT proceed'));
    expect(await total(bookings, { status: 'active' })).toBe(await counted('proceed AND job_status'));
    expect(await total({ ...bookings, userId: EMMA }, { direction: 'Export' })).toBe(await counted(`proceed AND user_id = '${EMMA}' AND direction = 'Export'`));
    expect(await total(worklist, { q: 'consignee 12' })).toBe(await counted(`NOT proceed AND search_text LIKE '%consignee 12%'`));
  });
});
