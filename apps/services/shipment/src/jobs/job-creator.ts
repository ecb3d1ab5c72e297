import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, Batcher } from '@freight/server';
import { DataSource } from 'typeorm';
import type { ShipmentConfig } from '../config.js';
import { resolveNamesOfMany, type NameLookup, type NamedRef } from '../directory-copy/directory-names.js';
import { insertJobs } from './job-store.js';
import type { NewJob } from './job.repository.js';
import type { JobRow } from './job.row.js';

export const JOB_BATCH_OPTIONS = Symbol('JobBatchOptions');
export type JobBatchOptions = Pick<ShipmentConfig, 'JOB_BATCH_WAIT_MS' | 'JOB_BATCH_MAX'>;

/**
 * Writes new jobs (ADR 28): concurrent creations share one transaction (one counter update, one
 * insert, one commit), so the one counter row is no queue of single commits; a group that fails
 * is written again job by job, so only the job that cannot be written fails. Their names are
 * resolved together too, one query for the creations of the moment.
 */
@Injectable()
export class JobCreator {
  private readonly batcher: Batcher<NewJob, JobRow>;
  private readonly names: Batcher<readonly NameLookup[], Record<string, NamedRef> | AppError>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(JOB_BATCH_OPTIONS) options: JobBatchOptions,
  ) {
    this.batcher = new Batcher(
      (jobs) => this.db.transaction((tx) => insertJobs(tx, jobs)),
      async (job) => (await this.db.transaction((tx) => insertJobs(tx, [job])))[0]!,
      { waitMs: options.JOB_BATCH_WAIT_MS, max: options.JOB_BATCH_MAX },
    );
    this.names = new Batcher(
      (writes) => resolveNamesOfMany(this.db, writes),
      async (write) => (await resolveNamesOfMany(this.db, [write]))[0]!,
      // No wait: a lone creation is not held up twice; those arriving during a lookup share the next one.
      { waitMs: 0, max: options.JOB_BATCH_MAX },
    );
  }

  /** A new job's names (resolveNames), looked up with those of the other creations of the moment. */
  async resolveNames(lookups: readonly NameLookup[]): Promise<Record<string, NamedRef>> {
    const found = await this.names.add(lookups);
    if (found instanceof AppError) throw found;
    return found;
  }

  create(job: NewJob): Promise<JobRow> {
    return this.batcher.add(job);
  }
}
