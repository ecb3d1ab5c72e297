import { Module } from '@nestjs/common';
import { jobs } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { JobRepository } from '../jobs/job.repository.js';
import { DELETION_OPERATIONS, DeletionHandlers } from './deletion.handlers.js';
import { JobDeletionRepository } from './job-deletion.repository.js';

/** Delete Shipment: the fetch and the delete of the jobs resource (the other job calls are other modules'). */
@Module({ controllers: [resourceController(jobs, DeletionHandlers, DELETION_OPERATIONS)], providers: [DeletionHandlers, JobRepository, JobDeletionRepository] })
export class DeletionModule {}
