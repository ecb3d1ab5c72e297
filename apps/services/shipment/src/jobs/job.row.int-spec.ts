import { DataSource } from 'typeorm';
import { startShipment, type ShipmentHarness } from '../testing/shipment-harness.js';
import { JOB_COLUMNS, JOB_JSON, toJob, type JobRow } from './job.row.js';
import { jobListSql, jobPage, jobPageJson, type JobListQuery, type JobListScope } from './job-list.repository.js';

// The replies Postgres builds as JSON (docs/adr/0059-json-replies-passed-as-bytes.md) are the jobs
// toJob makes of the same rows: every field, null and edge value alike.
let shipment: ShipmentHarness;
let db: DataSource;

beforeAll(async () => {
  shipment = await startShipment();
  db = shipment.app.get(DataSource);
  await shipment.adminQuery(`INSERT INTO shipment.job (job_number, job_no, direction, job_date, user_id, user_name, branch_id, branch_city, consignee_id,
      consignee_name, origin_id, origin_port, type_id, type_of_shipment, term_id, term_of_shipment, shipment_status, proceed, job_status, bl_no)
    SELECT g, 'IMP-' || lpad(g::text, 6, '0'), CASE WHEN g % 5 = 0 THEN 'Export' ELSE 'Import' END, date '2024-01-01' + (g % 900),
      gen_random_uuid(), 'User ' || (g % 20), gen_random_uuid(), 'Colombo', gen_random_uuid(), 'Consignee ' || (g % 50), gen_random_uuid(),
      'Port ' || (g % 50), gen_random_uuid(), 'FCL', gen_random_uuid(), 'FOB', CASE WHEN g % 3 = 0 THEN 'Booking Confirmed' ELSE 'Inquiry For Charges' END,
      g % 3 = 0, g % 7 <> 0, CASE WHEN g % 3 = 0 THEN 'BL' || g ELSE '' END
    FROM generate_series(1, 300) g`);
  // Edge values: every optional reference set or half set, numbers with and without decimals, texts a JSON writer must escape, timestamps to the microsecond.
  await shipment.adminQuery(`UPDATE shipment.job SET
      notify_id = gen_random_uuid(), notify_name = 'Notify "quoted" \\ back', shipper_id = gen_random_uuid(), shipper_name = 'ශ්‍රී Lanka 🚢',
      forwarder_id = gen_random_uuid(), forwarder_name = NULL, yard_id = gen_random_uuid(), yard_name = E'Yard\\nline\\ttab\\u0001',
      status_of_shipment = 'Arrived', cartoons = 12, cbm = 12345678901.125, weight = 0.001, invoice_no = 'INV-1', invoice_amount = 1250.50,
      invoice_date = date '2026-02-28', wh_arrival_date = date '2026-01-31', etd = date '2025-12-31', eta = date '2026-01-02', de_stuff = date '2026-01-03',
      do_issue = date '2026-01-04', remarks = '</script><b>', personal_remarks = E'\\u2028\\u2029', vessel_name = 'MSC Aurora',
      created_at = timestamptz '2026-03-04 05:06:07.891234+05:30', updated_at = timestamptz '2026-03-04 23:59:59.999999+00'
    WHERE job_number % 2 = 0`);
}, 120_000);
afterAll(() => shipment?.close());

describe('JOB_JSON', () => {
  it('is toJob of the same row, for every job (each field, null or edge value)', async () => {
    const rows = await db.query<(JobRow & { json: string })[]>(`SELECT ${JOB_COLUMNS}, ${JOB_JSON}::text AS json FROM shipment.job job ORDER BY job_number`);
    expect(rows).toHaveLength(300);
    for (const row of rows) expect(JSON.parse(row.json)).toStrictEqual(toJob(row));
  });
});

describe('jobPageJson', () => {
  const bookings: JobListScope = { proceed: true, defaultSort: ['job.job_number', 'desc'] };
  const worklist: JobListScope = { proceed: false, defaultSort: ['job.job_date', 'asc'] };
  const cases: [string, JobListScope, JobListQuery][] = [
    ['the booking sheet, active, by date', bookings, { page: 1, pageSize: 50, status: 'active', sort: 'date', order: 'desc' }],
    ["the worklist's second page", worklist, { page: 2, pageSize: 50 }],
    ['a search', bookings, { page: 1, pageSize: 10, q: 'consignee 3' }],
    ["a client's bookings", { ...bookings, client: { column: 'consignee_id', id: '00000000-0000-4000-8000-000000000000' } }, { page: 1 }],
    ['a page past the end', worklist, { page: 99, pageSize: 50 }],
    ['a searched page past the end', bookings, { page: 99, pageSize: 50, q: 'consignee' }],
    ['every booking (no page)', bookings, {}],
  ];

  it.each(cases)('answers what jobPage does, through toJob, in one order with one total: %s', async (_, scope, query) => {
    const reply = await jobPageJson(db, scope, query);
    const expected = await jobPage(db, scope, query);
    expect(reply.value()).toStrictEqual({ items: expected.items.map(toJob), total: expected.total });
  });

  it('reads a page without search text as one JSON array and its total in one statement', () => {
    const sql = jobListSql(bookings, { page: 1, pageSize: 50, status: 'active' }, 'json')!;
    expect(sql.rows.sql).toMatch(
      /^SELECT coalesce\(json_agg\(json_build_object\(.*\) ORDER BY .*\), '\[\]'\)::text AS json, \(SELECT coalesce\(sum\(n\), 0\)::int AS total FROM shipment\.job_counts .*\) job$/s,
    );
  });
});
