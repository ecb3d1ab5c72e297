import {
  JobTexts,
  eventSubject,
  formatJobNumber,
  type Actor,
  type ClientActor,
  type Direction,
  type Job,
  type JobChangeEvent,
  type ShipmentStatus,
  type StatusTimeline,
} from '@freight/contracts';
import { AppError } from '@freight/server';
import { appendEvents, type OutboxEvent, type Tx } from '@freight/server-database';
import { JOB_COLUMNS, accountsFacts, changedFields, contentFields, toJob, type JobRow } from './job.row.js';

/** A job ready to be written: every name resolved to the copy's record (validated before any batching). */
export interface NewJob {
  direction: Direction;
  date: string;
  userId: string;
  userName: string;
  branchId: string;
  branchCity: string;
  consigneeId: string;
  consigneeName: string;
  originId: string;
  originPort: string;
  typeId: string;
  typeOfShipment: string;
  termId: string;
  termOfShipment: string;
  status: ShipmentStatus;
  remarks: string;
  personalRemarks: string;
  createdBy: string;
}

/**
 * Writes new jobs in the caller's transaction (ADR 28): takes the next numbers from the one
 * shipment counter (its row stays locked until the commit, so concurrent writers queue and
 * never share or skip a number), inserts every job in one statement, records their history
 * and appends their `created` events. Answers the rows in the order of `jobs`.
 */
export async function insertJobs(tx: Tx, jobs: readonly NewJob[]): Promise<JobRow[]> {
  const [[{ value }]] = (await tx.query(`UPDATE shipment.counter SET value = value + $1 WHERE name = 'shipment' RETURNING value`, [jobs.length])) as [
    [{ value: number }],
    number,
  ];
  const first = value - jobs.length + 1;
  const records = jobs.map((job, i) => ({
    job_number: first + i,
    job_no: formatJobNumber(job.direction, first + i),
    direction: job.direction,
    job_date: job.date,
    user_id: job.userId,
    user_name: job.userName,
    branch_id: job.branchId,
    branch_city: job.branchCity,
    consignee_id: job.consigneeId,
    consignee_name: job.consigneeName,
    origin_id: job.originId,
    origin_port: job.originPort,
    type_id: job.typeId,
    type_of_shipment: job.typeOfShipment,
    term_id: job.termId,
    term_of_shipment: job.termOfShipment,
    shipment_status: job.status,
    remarks: job.remarks,
    personal_remarks: job.personalRemarks,
    created_by: job.createdBy,
    updated_by: job.createdBy,
  }));
  const columns = Object.keys(records[0]!);
  const types: Record<string, string> = { job_number: 'integer', job_date: 'date' };
  const rows = await tx.query<JobRow[]>(
    `INSERT INTO shipment.job (${columns.join(', ')})
     SELECT ${columns.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${columns.map((c) => `${c} ${types[c] ?? (c.endsWith('_id') || c.endsWith('_by') ? 'uuid' : 'text')}`).join(', ')})
     RETURNING ${JOB_COLUMNS}`,
    [JSON.stringify(records)],
  );
  const byNumber = new Map(rows.map((row) => [Number(row.job_number), row]));
  const ordered = records.map((record) => byNumber.get(record.job_number)!);
  await recordChanges(
    tx,
    ordered.map((row, i) => ({ by: jobs[i]!.createdBy, before: null, after: row })),
  );
  return ordered;
}

/** A live job by number (any case), locked for the caller's change; NOT_FOUND with `notFound` otherwise. */
export async function lockJob(tx: Tx, jobNo: string, notFound: string = JobTexts.jobNotFound): Promise<JobRow> {
  const [row] = await tx.query<JobRow[]>(`SELECT ${JOB_COLUMNS} FROM shipment.job WHERE lower(job_no) = lower($1) AND deleted_at IS NULL FOR UPDATE`, [jobNo]);
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return row;
}

/** A live job by number (any case), or NOT_FOUND with `notFound`. */
export async function findJob(tx: Pick<Tx, 'query'>, jobNo: string, notFound: string = JobTexts.jobNotFound): Promise<JobRow> {
  const [row] = await tx.query<JobRow[]>(`SELECT ${JOB_COLUMNS} FROM shipment.job WHERE lower(job_no) = lower($1) AND deleted_at IS NULL`, [jobNo]);
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return row;
}

/** A job's status timeline (the status of shipment each time it was set, oldest first), from its history: the BL search's and a client's booking's. */
export async function statusTimeline(db: Pick<Tx, 'query'>, jobId: string): Promise<StatusTimeline> {
  const history = await db.query<{ status: string; date: Date }[]>(
    `SELECT after AS status, changed_at AS date FROM shipment.job_history
      WHERE job_id = $1 AND field = 'statusOfShipment' AND after IS NOT NULL AND after <> '' ORDER BY id`,
    [jobId],
  );
  return history.map((entry) => ({ status: entry.status, date: entry.date.toISOString() }));
}

/** Head and Admin see every job; an Employee only the jobs assigned to them (DECISIONS §3-4). */
export function mayTouch(actor: Actor | ClientActor, row: Pick<JobRow, 'user_id'>): boolean {
  return actor.role === 'Head' || actor.role === 'Admin' || (actor.role === 'Employee' && row.user_id === actor.id);
}

export function assertMayTouch(actor: Actor, row: Pick<JobRow, 'user_id'>): void {
  if (!mayTouch(actor, row)) throw new AppError('FORBIDDEN', JobTexts.notYourJob);
}

/** A list or add whose path names a user id: it must be the caller's (the gateway checks it too). */
export function assertSelf(actor: Actor, userId: string): void {
  if (userId.toLowerCase() !== actor.id.toLowerCase()) throw new AppError('FORBIDDEN', JobTexts.notYourJob);
}

/**
 * Keeps every change of jobs (ADR 28): a history row per changed field (who, when, before,
 * after; the status changes are the job's timeline) and one event per job that changed,
 * `events.shipment.job.created|updated`, through the outbox, in the change's transaction.
 */
export async function recordChanges(tx: Tx, changes: readonly { by: string; before: JobRow | null; after: JobRow }[]): Promise<void> {
  const history: { job: string; by: string; field: string; before: string | null; after: string | null }[] = [];
  const events: OutboxEvent[] = [];
  for (const { by, before, after } of changes) {
    const old: Job | null = before && toJob(before);
    const now = toJob(after);
    const fields = changedFields(old, now);
    if (fields.length === 0) continue;
    for (const field of fields) history.push({ job: after.id, by, ...field });
    const payload: JobChangeEvent = {
      key: after.job_no,
      jobNo: after.job_no,
      direction: after.direction,
      userId: after.user_id,
      ...(before && before.user_id !== after.user_id && { previousUserId: before.user_id }),
      proceedToProceeding: after.proceed,
      changed: old ? fields.map((field) => field.field) : contentFields(now),
      job: accountsFacts(after),
    };
    events.push({ subject: eventSubject('shipment', 'job', before ? 'updated' : 'created'), payload });
  }
  if (history.length === 0) return;
  await tx.query(
    `INSERT INTO shipment.job_history (job_id, changed_by, field, before, after)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[])`,
    [history.map((h) => h.job), history.map((h) => h.by), history.map((h) => h.field), history.map((h) => h.before), history.map((h) => h.after)],
  );
  await appendEvents(tx, events);
}
