import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobTexts, can, eventSubject, jobs, type Actor, type JobChangeEvent, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { appendEvents } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { findJob, lockJob } from '../jobs/job-store.js';
import { accountsFacts, toJob } from '../jobs/job.row.js';

type Handlers = ResourceHandlers<typeof jobs>;
/** The calls of this module: Delete Shipment's fetch and delete (Head, DECISIONS §4). */
export const DELETION_OPERATIONS = ['searchbooklistdeletion', 'delete'] as const satisfies readonly (keyof Handlers)[];
type Op = (typeof DELETION_OPERATIONS)[number];
type Msg<K extends Op> = Parameters<Handlers[K]>[0];

/** The gateway lets only a Head through; the service does not take that on trust. */
function assertMayDelete(actor: Actor): void {
  if (!can(actor.role, 'shipmentDeletion', 'delete')) throw new AppError('FORBIDDEN', 'Only a Head can delete a shipment.');
}

/**
 * Shipment deletion (spec 02 §2 "Delete Shipment", DECISIONS §3): the job leaves every list (it is
 * marked `deleted_at`, which every list and lookup leaves out) and an audit record keeps who deleted
 * it, when, and the job as it was (`job_deletions`); `events.shipment.job.deleted` goes out through
 * the outbox in the same transaction, so open lists drop it.
 */
@Injectable()
export class DeletionHandlers implements Pick<Handlers, Op> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async searchbooklistdeletion({ actor, params }: Msg<'searchbooklistdeletion'>) {
    assertMayDelete(actor);
    const row = await findJob(this.db, params.jobNo, JobTexts.shipmentNotFound);
    return { success: true as const, results: [toJob(row)] };
  }

  async delete({ actor, params }: Msg<'delete'>) {
    assertMayDelete(actor);
    await this.db.transaction(async (tx) => {
      const row = await lockJob(tx, params.jobNo, JobTexts.shipmentNotFound);
      await tx.query(`UPDATE shipment.job SET deleted_at = now(), deleted_by = $2, updated_at = now(), updated_by = $2, version = version + 1 WHERE id = $1`, [
        row.id,
        actor.id,
      ]);
      await tx.query(`INSERT INTO shipment.job_deletions (job_id, job_no, deleted_by, deleted_by_username, job) VALUES ($1, $2, $3, $4, $5::jsonb)`, [
        row.id,
        row.job_no,
        actor.id,
        actor.username,
        JSON.stringify(toJob(row)),
      ]);
      const payload: JobChangeEvent = {
        key: row.job_no,
        jobNo: row.job_no,
        direction: row.direction,
        userId: row.user_id,
        proceedToProceeding: row.proceed,
        changed: [],
        job: accountsFacts(row),
      };
      await appendEvents(tx, [{ subject: eventSubject('shipment', 'job', 'deleted'), payload: { ...payload } }]);
    });
    return { message: JobTexts.deleted };
  }
}
