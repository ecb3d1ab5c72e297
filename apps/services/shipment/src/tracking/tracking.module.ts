import { Module } from '@nestjs/common';
import { jobs } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { JobRepository } from '../jobs/job.repository.js';
import { TRACKING_OPERATIONS, TrackingHandlers } from './tracking.handlers.js';

/** Public tracking by BL number (the other job calls are other modules'). */
@Module({ controllers: [resourceController(jobs, TrackingHandlers, TRACKING_OPERATIONS)], providers: [TrackingHandlers, JobRepository] })
export class TrackingModule {}
