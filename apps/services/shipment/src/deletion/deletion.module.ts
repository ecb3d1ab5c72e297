import { Module } from '@nestjs/common';
import { jobs } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { DELETION_OPERATIONS, DeletionHandlers } from './deletion.handlers.js';

/** Delete Shipment: the fetch and the delete of the jobs resource (the other job calls are other modules'). */
@Module({ controllers: [resourceController(jobs, DeletionHandlers, DELETION_OPERATIONS)], providers: [DeletionHandlers] })
export class DeletionModule {}
