import { randomUUID } from 'node:crypto';
import { JobTexts, jobs, type ClientActor } from '@freight/contracts';
import { remoteErrorOf as errorOf } from '@freight/server-testing';
import { startShipment, type ShipmentHarness } from '../testing/shipment-harness.js';

/*
 * One booking for its client (`shipment.job.clientbooking`, issue 11), over NATS as the gateway
 * sends it. The gateway lets any client token through to this call, so the service alone decides:
 * a booking (proceeded, not deleted) whose consignee (for a consignee) or shipper (for a shipper) is
 * the client its copy of the directory has under the caller's username and id.
 */
let shipment: ShipmentHarness;
const ACME = randomUUID();
const BOLT = randomUUID();
const SAILS = randomUUID();
const GONE = randomUUID();
const acme: ClientActor = { id: ACME, username: 'acme', role: 'consignee' };
const sails: ClientActor = { id: SAILS, username: 'sails', role: 'shipper' };

/** Job number → its row id. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  shipment = await startShipment();
  await shipment.adminQuery(
    `INSERT INTO shipment.directory_name (kind, id, name, username, deleted_at) VALUES
       ('consignee', $1, 'Consignee acme', 'acme', NULL), ('consignee', $2, 'Consignee bolt', 'bolt', NULL),
       ('shipper', $3, 'Shipper sails', 'sails', NULL), ('consignee', $4, 'Consignee gone', 'gone', now())`,
    [ACME, BOLT, SAILS, GONE],
  );
  // IMP-000001 acme's booking (shipper sails), 2 bolt's booking, 3 acme's inquiry, 4 acme's deleted booking, 5 gone's booking.
  const rows = await shipment.adminQuery<{ id: string; job_no: string }>(
    `INSERT INTO shipment.job (job_number, job_no, direction, job_date, user_id, user_name, branch_id, branch_city, consignee_id, consignee_name,
       shipper_id, shipper_name, origin_id, origin_port, type_id, type_of_shipment, term_id, term_of_shipment, shipment_status, proceed,
       remarks, personal_remarks, invoice_no, invoice_amount, deleted_at)
     SELECT n, 'IMP-' || lpad(n::text, 6, '0'), 'Import', date '2026-11-20', gen_random_uuid(), 'Emma Perera', gen_random_uuid(), 'Colombo', c,
       'Consignee', s, CASE WHEN s IS NULL THEN NULL ELSE 'Shipper sails' END, gen_random_uuid(), 'Shanghai', gen_random_uuid(), 'FCL',
       gen_random_uuid(), 'FOB', 'Booking Confirmed', p, 'Fragile', 'Private note', 'INV-1', 99.5, CASE WHEN d THEN now() END
     FROM (VALUES (1, $1::uuid, $3::uuid, true, false), (2, $2::uuid, NULL, true, false), (3, $1::uuid, $3::uuid, false, false),
                  (4, $1::uuid, $3::uuid, true, true), (5, $4::uuid, NULL, true, false)) AS v(n, c, s, p, d)
     RETURNING id, job_no`,
    [ACME, BOLT, SAILS, GONE],
  );
  for (const row of rows) ids[row.job_no] = row.id;
  await shipment.adminQuery(
    `INSERT INTO shipment.job_history (job_id, changed_by, field, before, after) VALUES
       ($1, $2, 'statusOfShipment', NULL, 'Process'), ($1, $2, 'remarks', '', 'Fragile'), ($1, $2, 'statusOfShipment', 'Process', 'Transit')`,
    [ids['IMP-000001'], randomUUID()],
  );
}, 60_000);
afterAll(() => shipment.close());

const read = (actor: object, jobNo: string) => shipment.client.request(jobs.subjects.findClientBooking, { actor, params: { jobNo } } as never);
const notYours = { code: 'FORBIDDEN', message: JobTexts.notYourBooking };
const notFound = { code: 'NOT_FOUND', message: JobTexts.bookingNotFound };

describe('clientbooking', () => {
  it("answers the booking's consignee and its shipper its client fields and the status timeline, without personal information or invoice", async () => {
    for (const actor of [acme, sails]) {
      const reply = (await read(actor, 'imp-000001')) as { results: Record<string, unknown>[]; history: { status: string; date: string }[] };
      expect(reply.results).toHaveLength(1);
      expect(reply.results[0]).toMatchObject({ jobNo: 'IMP-000001', remarks: 'Fragile', user: { fullName: 'Emma Perera' } });
      for (const field of ['personalremarks', 'invoiceNo', 'invoiceAmount', 'invoiceDate', 'version']) expect(reply.results[0]).not.toHaveProperty(field);
      expect(reply.history.map((entry) => entry.status)).toEqual(['Process', 'Transit']);
    }
  });

  it("refuses another client's booking, and a caller the copy does not know as that client (FORBIDDEN)", async () => {
    await expect(errorOf(read(acme, 'IMP-000002'))).resolves.toEqual(notYours);
    await expect(errorOf(read(sails, 'IMP-000002'))).resolves.toEqual(notYours);
    // The id and the username must be the same client of the copy: bolt's id under acme's username is nobody.
    await expect(errorOf(read({ ...acme, id: BOLT }, 'IMP-000002'))).resolves.toEqual(notYours);
    // The role picks the column: a shipper whose id is the booking's consignee is not its shipper.
    await expect(errorOf(read({ id: ACME, username: 'acme', role: 'shipper' }, 'IMP-000001'))).resolves.toEqual(notYours);
    // A consignee deleted from the directory reads nothing (the gateway refuses their token too).
    await expect(errorOf(read({ id: GONE, username: 'gone', role: 'consignee' }, 'IMP-000005'))).resolves.toEqual(notYours);
  });

  it('answers NOT_FOUND for an inquiry, a deleted booking and an unknown job, whoever asks', async () => {
    for (const jobNo of ['IMP-000003', 'IMP-000004', 'IMP-999999']) {
      await expect(errorOf(read(acme, jobNo))).resolves.toEqual(notFound);
      await expect(errorOf(read(sails, jobNo))).resolves.toEqual(notFound);
    }
  });

  it('refuses a staff actor in the message itself (a client call)', async () => {
    await expect(errorOf(read({ id: randomUUID(), username: 'head', role: 'Head' }, 'IMP-000001'))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
