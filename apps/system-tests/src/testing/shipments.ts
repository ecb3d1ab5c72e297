import { adminQuery, until } from '@freight/server-testing';
import { JOB_BODY_NAMES, inverted, jobUpdateOf, plainJob, renamed, type Job, type JobAdd, type LoginResponse } from '@freight/contracts';
import { addClient } from './clients.js';
import type { FileStack, Reply } from './gateway-stack.js';

/** The master data every job test names (besides the seeded Colombo branch). */
export const NAMES = {
  branch: 'Colombo',
  consignee: 'Consignee acme',
  otherConsignee: 'Consignee bolt',
  shipper: 'Shipper sails',
  forwarder: 'Swift Forwarding',
  origin: 'Shanghai',
  yard: 'North Yard',
  type: 'FCL',
  term: 'FOB',
} as const;

/** A valid add body (adminadd, branchadminadd) for `userName`; `extra` replaces any field. */
export const jobBody = (userName: string, extra: Partial<JobAdd> = {}): JobAdd => ({
  consigneeName: NAMES.consignee,
  originPort: NAMES.origin,
  typeOfShipment: NAMES.type,
  termOfShipment: NAMES.term,
  ShipmentStatus: 'Inquiry For Charges',
  date: '2026-11-20',
  remarks: 'First inquiry',
  userName,
  branchCity: NAMES.branch,
  ...extra,
});

export interface JobWorld {
  head: LoginResponse;
  admin: LoginResponse;
  emma: LoginResponse;
  eric: LoginResponse;
  consigneeToken?: string;
}

/** Adds what jobs name through the API as the Head, and waits until the shipment service's copy knows all of it. */
export async function seedJobWorld(shared: FileStack): Promise<JobWorld> {
  const { stack, head, call } = shared;
  const token = head.token;
  const admin = await stack.addUser(token, 'adam', 'Admin');
  const emma = await stack.addUser(token, 'emma', 'Employee', { fullName: 'Emma Perera' });
  const eric = await stack.addUser(token, 'eric', 'Employee', { fullName: 'Eric Silva' });
  await addClient(stack, token, 'consignee', 'acme');
  await addClient(stack, token, 'consignee', 'bolt');
  await addClient(stack, token, 'shipper', 'sails');
  const added = await Promise.all([
    call('POST', '/api/forwarders/add', { token, body: { Forwarder: NAMES.forwarder, email: 'ops@swift.example' } }),
    call('POST', '/api/origins/add', { token, body: { OriginPortName: NAMES.origin, OriginPortLocation: 'China' } }),
    call('POST', '/api/yards/add', { token, body: { YardName: NAMES.yard } }),
    call('POST', '/api/ShipmentType/add', { token, body: { TypeofShipment: NAMES.type } }),
    call('POST', '/api/ShipmentTerm/add', { token, body: { TermofShipment: NAMES.term } }),
  ]);
  for (const reply of added) if (reply.status !== 201) throw new Error(`seeding failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  // The copy is fed by the directory's events: every kind is there once its last record is.
  await until(async () => {
    const rows = await shipmentQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM shipment.directory_name`);
    // head, adam, emma, eric, Colombo, acme, bolt, sails, forwarder, origin, yard, type, term
    return rows[0]!.n >= 13 ? true : undefined;
  }, 'the shipment service to copy the directory');
  return { head, admin, emma, eric };
}

/** SQL as the superuser on the shipment service's database of this stack. */
export function shipmentQuery<Row = Record<string, unknown>>(shared: FileStack, sql: string, params: unknown[] = []): Promise<Row[]> {
  return adminQuery<Row>(shared.stack.services.byName.shipment.database, sql, params);
}

/** Adds a job as `who` through adminadd (201 expected) and answers the job. */
export async function addJob(shared: FileStack, who: LoginResponse, userName: string, extra: Partial<JobAdd> = {}): Promise<Job> {
  const reply = await shared.call('POST', '/api/shipments/adminadd', { token: who.token, body: jobBody(userName, extra) });
  if (reply.status !== 201) throw new Error(`adding a job failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.shipment;
}

/** Saves `fields` as the job's booking as `who` (updatebooking over the job's version, 200 expected) and answers the job as saved. */
export async function saveBooking(shared: FileStack, who: LoginResponse, job: Job, fields: Record<string, unknown>): Promise<Job> {
  const reply = await shared.call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, { token: who.token, body: { version: job.version, ...fields } });
  if (reply.status !== 200) throw new Error(`saving the booking of ${job.jobNo} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.shipment;
}

/** A booking of Emma's, as the Admin: a job added Booking Confirmed (`extra` replaces any add field), proceeded with the booking `fields`. */
export async function addBooking(shared: FileStack, world: JobWorld, fields: Record<string, unknown> = {}, extra: Partial<JobAdd> = {}): Promise<Job> {
  const job = await addJob(shared, world.admin, 'emma', { ShipmentStatus: 'Booking Confirmed', ...extra });
  return saveBooking(shared, world.admin, job, { proceedToProceeding: true, ...fields });
}

/** The edit-job body of a job as read (its version included); `extra` replaces any field. */
export const editBody = (job: Job, extra: Record<string, unknown> = {}) => ({ ...renamed(jobUpdateOf(plainJob(job)), inverted(JOB_BODY_NAMES)), ...extra });

/** The details of a 400, for assertions. */
export const detailsOf = (reply: Reply) => (reply.body as { details?: Record<string, string> }).details ?? {};
