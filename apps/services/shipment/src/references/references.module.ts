import { Controller, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReferenceCount, ReferenceCountRequest } from '@freight/contracts';
import { InternalMessage } from '@freight/server';
import { DataSource } from 'typeorm';
import { REFERENCES, ReferenceRepository } from './reference.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `shipment.references.count` (ADR 30): how many active jobs (live, job status Active) use a
 * directory record, named as its delete URL names it. The gateway asks before the delete and
 * refuses it (409) when any does. The record is found in this service's copy of the directory.
 */
@Injectable()
export class ReferenceCounter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly references: ReferenceRepository,
  ) {}

  async count({ thing, key }: ReferenceCountRequest): Promise<ReferenceCount> {
    if (REFERENCES[thing].by === 'id' && !UUID.test(key)) return { count: 0, one: 'job', many: 'jobs' };
    return { count: await this.references.activeJobsUsing(this.db, thing, key), one: 'job', many: 'jobs' };
  }
}

@Controller()
export class ReferencesController {
  constructor(private readonly counter: ReferenceCounter) {}

  @InternalMessage('shipment.references.count')
  count(message: ReferenceCountRequest): Promise<ReferenceCount> {
    return this.counter.count(message);
  }
}

@Module({ controllers: [ReferencesController], providers: [ReferenceCounter, ReferenceRepository] })
export class ReferencesModule {}
