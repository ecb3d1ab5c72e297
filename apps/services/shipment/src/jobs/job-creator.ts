import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ShipmentConfig } from '../config.js';
import { Batcher } from './batcher.js';
import { insertJobs, type NewJob } from './job-store.js';
import type { JobRow } from './job.row.js';

export const JOB_BATCH_OPTIONS = Symbol('JobBatchOptions');
export type JobBatchOptions = Pick<ShipmentConfig, 'JOB_BATCH_WAIT_MS' | 'JOB_BATCH_MAX'>;

/**
 * Writes new jobs (ADR 28): concurrent creations share one transaction (one counter update, one
 * insert, one commit), so the one counter row is no queue of single commits; a group that fails
 * is written again job by job, so only the job that cannot be written fails.
 */
@Injectable()
export class JobCreator {
  private readonly batcher: Batcher<NewJob, JobRow>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(JOB_BATCH_OPTIONS) options: JobBatchOptions,
  ) {
    this.batcher = new Batcher(
      (jobs) => this.db.transaction((tx) => insertJobs(tx, jobs)),
      async (job) => (await this.db.transaction((tx) => insertJobs(tx, [job])))[0]!,
      { waitMs: options.JOB_BATCH_WAIT_MS, max: options.JOB_BATCH_MAX },
    );
  }

  create(job: NewJob): Promise<JobRow> {
    return this.batcher.add(job);
  }
}
