import { Injectable } from '@nestjs/common';
import { JobTexts, seesAllJobs, type Actor } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { Tx } from '@freight/server-database';
import { JobRepository, type MailJob } from '../jobs/job.repository.js';
import { JobMailRepository } from './job-mail.repository.js';

/**
 * The reads of the booking e-mails, in the caller's transaction: the job as the caller may see it
 * (requirements decisions §4: Head and Admin every job, an Employee the jobs assigned to them), the consignee's
 * addresses from the copy of the directory's consignees, and the caller's name as the staff copy has it.
 */
@Injectable()
export class JobMailLookups {
  constructor(
    private readonly jobs: JobRepository,
    private readonly mails: JobMailRepository,
  ) {}

  /** The job (404 when unknown or deleted; 403 when an Employee's another's). Locked against a concurrent delete until `tx` ends. */
  async visibleJob(tx: Tx, actor: Actor, jobNo: string): Promise<MailJob> {
    const job = await this.jobs.forMail(tx, jobNo);
    if (!job) throw new AppError('NOT_FOUND', JobTexts.jobNotFound);
    if (!seesAllJobs(actor.role) && job.userId !== actor.id) throw new AppError('FORBIDDEN', JobTexts.notYourJob);
    return job;
  }

  /** The consignee's e-mail, then its additional e-mails (empty when the copy has none yet). */
  consigneeEmails(tx: Tx, job: Pick<MailJob, 'consigneeId'>): Promise<string[]> {
    return this.mails.consigneeEmails(tx, job.consigneeId);
  }

  /** The caller's full name (the copy of the directory's users), else their username. */
  async staffName(tx: Tx, actor: Actor): Promise<string> {
    return (await this.mails.staffName(tx, actor.id)) ?? actor.username;
  }
}
