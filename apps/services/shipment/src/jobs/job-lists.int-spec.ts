import { DataSource } from 'typeorm';
import { planNodes } from '../testing/query-plan.js';
import { startShipment, type ShipmentHarness } from '../testing/shipment-harness.js';
import { jobPage, type JobListScope } from './job-lists.js';

// The lists sorted by a date walk that date's index: found by the benchmark (npm run bench:shipment),
// where ORDER BY job_date took JOB_COLUMNS' text of the date and sorted every booking of a million.
const JOBS = 20_000;
let shipment: ShipmentHarness;
let db: DataSource;

beforeAll(async () => {
  shipment = await startShipment();
  db = shipment.app.get(DataSource);
  // Two years of jobs, two in five proceeded (bookings), a third of those inactive; dates repeat, so the id breaks ties.
  await shipment.adminQuery(
    `INSERT INTO shipment.job (job_number, job_no, direction, job_date, user_id, user_name, branch_id, branch_city, consignee_id, consignee_name,
       origin_id, origin_port, type_id, type_of_shipment, term_id, term_of_shipment, shipment_status, proceed, job_status, etd)
     SELECT i, 'IMP-' || lpad(i::text, 6, '0'), 'Import', date '2026-11-27' - (i * 7919 % 730), gen_random_uuid(), 'Staff', gen_random_uuid(), 'Kandy',
       gen_random_uuid(), 'Consignee ' || i % 300, gen_random_uuid(), 'Shanghai', gen_random_uuid(), 'FCL', gen_random_uuid(), 'FOB',
       CASE WHEN i % 5 < 2 THEN 'Booking Confirmed' ELSE 'Inquiry For Charges' END, i % 5 < 2, i % 3 > 0, date '2026-11-27' - (i * 104729 % 700)
     FROM generate_series(1, $1::int) AS i`,
    [JOBS],
  );
  await shipment.adminQuery(`ANALYZE shipment.job`);
}, 60_000);
afterAll(() => shipment.close());

/** One page of a list as the service reads it, the page query's plan, and the same jobs as plain SQL orders them by the column. */
async function pageAndPlan(scope: JobListScope, query: Parameters<typeof jobPage>[2], where: string, order: string) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const recording = { query: (sql: string, params: unknown[]) => (sent.push({ sql, params }), db.query(sql, params)) } as unknown as DataSource;
  const { items, total } = await jobPage(recording, scope, query);
  const nodes = await planNodes(db, sent[0]!.sql, sent[0]!.params);
  const expected = await shipment.adminQuery<{ job_no: string }>(`SELECT job_no FROM shipment.job WHERE ${where} ORDER BY ${order} LIMIT 50 OFFSET 50`);
  return { jobNos: items.map((row) => row.job_no), total, nodes, expected: expected.map((row) => row.job_no) };
}

describe('job lists sorted by a date', () => {
  it('the Active booking sheet by date, newest first: page 2 in date then id order, read along the date index without sorting', async () => {
    const { jobNos, total, nodes, expected } = await pageAndPlan(
      { proceed: true, defaultSort: ['job_number', 'desc'] },
      { page: 2, pageSize: 50, sort: 'date', order: 'desc', status: 'active' },
      'proceed AND job_status',
      'job_date DESC, id DESC',
    );
    expect(jobNos).toEqual(expected);
    expect(total).toBe(Number((await shipment.adminQuery(`SELECT count(*) AS n FROM shipment.job WHERE proceed AND job_status`))[0]!.n));
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(nodes.some((node) => node['Index Name'] === 'ix_job_sort_date')).toBe(true);
  });

  it('the worklist by its default order (date ascending) and the booking sheet by ETD: the same', async () => {
    const worklist = await pageAndPlan({ proceed: false, defaultSort: ['job_date', 'asc'] }, { page: 2, pageSize: 50 }, 'NOT proceed', 'job_date, id');
    expect(worklist.jobNos).toEqual(worklist.expected);
    expect(worklist.nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    const byEtd = await pageAndPlan(
      { proceed: true, defaultSort: ['job_number', 'desc'] },
      { page: 2, pageSize: 50, sort: 'etd', order: 'asc', status: 'all' },
      'proceed',
      'etd, id',
    );
    expect(byEtd.jobNos).toEqual(byEtd.expected);
    expect(byEtd.nodes.map((node) => node['Node Type'])).not.toContain('Sort');
  });
});

describe('a searched job list', () => {
  /** A page of the list is that slice of the whole list (read without a page), with the whole list's length as total. */
  async function expectPageOfWhole(scope: JobListScope, query: Parameters<typeof jobPage>[2]) {
    const { page = 1, pageSize = 50, ...filter } = query;
    const whole = (await jobPage(db, scope, filter)).items.map((row) => row.job_no);
    const paged = await jobPage(db, scope, { ...filter, page, pageSize });
    expect(paged.total).toBe(whole.length);
    expect(paged.items.map((row) => row.job_no)).toEqual(whole.slice((page - 1) * pageSize, page * pageSize));
    return paged;
  }
  const worklist: JobListScope = { proceed: false, defaultSort: ['job_date', 'asc'] };
  const sheet: JobListScope = { proceed: true, defaultSort: ['job_number', 'desc'] };

  it('a term with more matches than SORTED_MATCHES_MAX (every worklist job): pages past the first, both ways, by the sort', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const paged = await expectPageOfWhole(worklist, { q: 'consignee', sort: 'date', order, page: 3 });
      expect(paged.total).toBeGreaterThan(10_000);
    }
  });

  it('a rare term, sorted from its matches by date and by a name, in both directions, and a page past its end', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const paged = await expectPageOfWhole(sheet, { q: 'Consignee 7', sort: 'date', order, page: 2, pageSize: 20, status: 'active' });
      expect(paged.items).toHaveLength(20);
      await expectPageOfWhole(sheet, { q: 'consignee 29', sort: 'consigneeName', order, page: 1, pageSize: 25 });
    }
    const past = await jobPage(db, sheet, { q: 'consignee 7', page: 1_000, pageSize: 50 });
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });
});
