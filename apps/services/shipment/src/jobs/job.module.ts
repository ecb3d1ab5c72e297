import { Module, type DynamicModule } from '@nestjs/common';
import { jobs } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { JOB_BATCH_OPTIONS, JobCreator, type JobBatchOptions } from './job-creator.js';
import { JobHistoryRepository } from './job-history.repository.js';
import { JOB_OPERATIONS, JobHandlers } from './job.handlers.js';
import { JobRepository } from './job.repository.js';

/** Jobs and bookings: the worklist, the booking sheet, adds and edits (the other job calls are other modules'). */
@Module({})
export class JobModule {
  static register(options: JobBatchOptions): DynamicModule {
    return {
      module: JobModule,
      controllers: [resourceController(jobs, JobHandlers, JOB_OPERATIONS)],
      providers: [{ provide: JOB_BATCH_OPTIONS, useValue: options }, JobCreator, JobHandlers, JobRepository, JobHistoryRepository],
    };
  }
}
