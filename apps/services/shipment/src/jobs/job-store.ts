import { JobTexts, eventSubject, formatJobNumber, type Actor, type ClientActor, type Job, type JobChangeEvent } from '@freight/contracts';
import { AppError } from '@freight/server';
import { appendEvents, type OutboxEvent, type Tx } from '@freight/server-database';
import { shipmentCounter } from '../counter/counter.repository.js';
import { jobHistoryRepository, type HistoryEntry } from './job-history.repository.js';
import { jobRepository, type NewJob } from './job.repository.js';
import { accountsFacts, changedFields, contentFields, toJob, type JobRow } from './job.row.js';

/**
 * Writes new jobs in the caller's transaction (ADR 28): takes the next numbers from the one
 * shipment counter (its row stays locked until the commit, so concurrent writers queue and
 * never share or skip a number), inserts every job in one statement, records their history
 * and appends their `created` events. Answers the rows in the order of `jobs`.
 */
export async function insertJobs(tx: Tx, jobs: readonly NewJob[]): Promise<JobRow[]> {
  const first = await shipmentCounter.take(tx, jobs.length);
  const numbered = jobs.map((job, i) => ({ ...job, jobNumber: first + i, jobNo: formatJobNumber(job.direction, first + i) }));
  const rows = await jobRepository.insert(tx, numbered);
  const byNumber = new Map(rows.map((row) => [Number(row.job_number), row]));
  const ordered = numbered.map((job) => byNumber.get(job.jobNumber)!);
  await recordChanges(
    tx,
    ordered.map((row, i) => ({ by: jobs[i]!.createdBy, before: null, after: row })),
  );
  return ordered;
}

/** The job a lookup found, or NOT_FOUND with `notFound` (an unknown or deleted job). */
export function found<R extends Pick<JobRow, 'user_id'>>(row: R | undefined, notFound: string = JobTexts.jobNotFound): R {
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return row;
}

/** Head and Admin see every job; an Employee only the jobs assigned to them (requirements decisions §3-4). */
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
  const history: HistoryEntry[] = [];
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
  await jobHistoryRepository.insert(tx, history);
  await appendEvents(tx, events);
}
