import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobTexts, can, eventSubject, jobs, type Actor, type JobChangeEvent, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { appendEvents } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { found } from '../jobs/job-store.js';
import { JobRepository } from '../jobs/job.repository.js';
import { accountsFacts, toJob } from '../jobs/job.row.js';
import { JobDeletionRepository } from './job-deletion.repository.js';

type Handlers = ResourceHandlers<typeof jobs>;
/** The calls of this module: Delete Shipment's fetch and delete (Head, requirements decisions §4). */
export const DELETION_OPERATIONS = ['findJobToDelete', 'delete'] as const satisfies readonly (keyof Handlers)[];
type Op = (typeof DELETION_OPERATIONS)[number];
type Msg<K extends Op> = Parameters<Handlers[K]>[0];

/** The gateway lets only a Head through; the service does not take that on trust. */
function assertMayDelete(actor: Actor): void {
  if (!can(actor.role, 'shipmentDeletion', 'delete')) throw new AppError('FORBIDDEN', 'Only a Head can delete a shipment.');
}

/**
 * Shipment deletion (requirements 02 §2 "Delete Shipment", requirements decisions §3): the job leaves every list (it is
 * marked `deleted_at`, which every list and lookup leaves out) and an audit record keeps who deleted
 * it, when, and the job as it was (`job_deletions`); `events.shipment.job.deleted` goes out through
 * the outbox in the same transaction, so open lists drop it.
 */
@Injectable()
export class DeletionHandlers implements Pick<Handlers, Op> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jobs: JobRepository,
    private readonly deletions: JobDeletionRepository,
  ) {}

  async findJobToDelete({ actor, params }: Msg<'findJobToDelete'>) {
    assertMayDelete(actor);
    const row = found(await this.jobs.find(this.db, params.jobNo), JobTexts.shipmentNotFound);
    return { success: true as const, results: [toJob(row)] };
  }

  async delete({ actor, params }: Msg<'delete'>) {
    assertMayDelete(actor);
    await this.db.transaction(async (tx) => {
      const row = found(await this.jobs.lock(tx, params.jobNo), JobTexts.shipmentNotFound);
      await this.jobs.markDeleted(tx, row.id, actor.id);
      await this.deletions.insert(tx, { jobId: row.id, jobNo: row.job_no, deletedBy: actor.id, deletedByUsername: actor.username, job: toJob(row) });
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
