import { DataSource } from 'typeorm';
import { planNodes } from '@freight/server-testing';
import { startShipment, type ShipmentHarness } from '../testing/shipment-harness.js';
import { values } from '@freight/server-database';
import { JOB_QUERIES } from '../jobs/job.repository.js';

const TRACK = JOB_QUERIES.track;

// The public BL search reads the BL number's index whichever job it asks for: found by the
// benchmark (npm run bench:shipment), where the planner, with no statistics of lower(bl_no),
// walked the job numbers backwards and an old job's BL took seconds (a 504) at a million jobs.
const JOBS = 20_000;
let shipment: ShipmentHarness;

beforeAll(async () => {
  shipment = await startShipment();
  // Three jobs in five have a BL number (bookings), each its own.
  await shipment.adminQuery(
    `INSERT INTO shipment.job (job_number, job_no, direction, job_date, user_id, user_name, branch_id, branch_city, consignee_id, consignee_name,
       origin_id, origin_port, type_id, type_of_shipment, term_id, term_of_shipment, shipment_status, bl_no)
     SELECT i, 'IMP-' || lpad(i::text, 6, '0'), 'Import', date '2026-11-27' - i / 30, gen_random_uuid(), 'Staff', gen_random_uuid(), 'Kandy',
       gen_random_uuid(), 'Consignee', gen_random_uuid(), 'Shanghai', gen_random_uuid(), 'FCL', gen_random_uuid(), 'FOB', 'Booking Confirmed',
       CASE WHEN i % 5 < 3 THEN 'MEDU' || lpad((i * 7919 % 100000000)::text, 8, '0') ELSE '' END
     FROM generate_series(1, $1::int) AS i`,
    [JOBS],
  );
  await shipment.adminQuery(`ANALYZE shipment.job`);
}, 60_000);
afterAll(() => shipment.close());

describe('the public BL search at scale', () => {
  it("finds the oldest job's BL number (any case) through the BL index, not by walking the job numbers", async () => {
    const db = shipment.app.get(DataSource);
    const [oldest] = await shipment.adminQuery<{ bl_no: string; id: string }>(
      `SELECT bl_no, id FROM shipment.job WHERE bl_no <> '' ORDER BY job_number LIMIT 1`,
    );
    const typed = oldest!.bl_no.toLowerCase();
    const params = values(TRACK, { clientAddress: '203.0.113.9', windowSeconds: 60, maxCalls: 30, blNo: typed });
    const indexes = (await planNodes(db, TRACK.text, params)).map((node) => node['Index Name']);
    expect(indexes).toContain('ix_job_bl_no');
    expect(indexes).not.toContain('ux_job_number');
    const [found] = (await db.query(TRACK.text, params)) as { calls: number; json: string }[];
    expect(found!.calls).toBe(1);
    expect(JSON.parse(found!.json)).toMatchObject({ blNo: oldest!.bl_no, history: [] });
  });
});
