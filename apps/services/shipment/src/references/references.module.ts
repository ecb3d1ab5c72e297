import { Controller, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReferenceCount, ReferenceCountRequest, Referenceable } from '@freight/contracts';
import { InternalMessage } from '@freight/server';
import { DataSource } from 'typeorm';
import type { NameKind } from '../directory-copy/directory-names.js';

/** Where jobs keep each kind of directory record: its kind in the copy, how the delete URL's key names it, and the job's columns. */
const REFERENCES: Record<Referenceable, { kind: NameKind; by: 'id' | 'name' | 'username'; columns: readonly string[] }> = {
  users: { kind: 'user', by: 'username', columns: ['user_id'] },
  branches: { kind: 'branch', by: 'name', columns: ['branch_id'] },
  consignees: { kind: 'consignee', by: 'id', columns: ['consignee_id', 'notify_id'] },
  shippers: { kind: 'shipper', by: 'id', columns: ['shipper_id'] },
  forwarders: { kind: 'forwarder', by: 'name', columns: ['forwarder_id'] },
  origins: { kind: 'origin', by: 'name', columns: ['origin_id'] },
  yards: { kind: 'yard', by: 'name', columns: ['yard_id'] },
  shipmentTypes: { kind: 'shipmentType', by: 'name', columns: ['type_id'] },
  shipmentTerms: { kind: 'shipmentTerm', by: 'name', columns: ['term_id'] },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `shipment.references.count` (ADR 30): how many active jobs (live, job status Active) use a
 * directory record, named as its delete URL names it. The gateway asks before the delete and
 * refuses it (409) when any does. The record is found in this service's copy of the directory.
 */
@Injectable()
export class ReferenceCounter {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async count({ thing, key }: ReferenceCountRequest): Promise<ReferenceCount> {
    const { kind, by, columns } = REFERENCES[thing];
    if (by === 'id' && !UUID.test(key)) return { count: 0, one: 'job', many: 'jobs' };
    const match = by === 'id' ? 'id = $2::uuid' : `lower(${by}) = lower($2)`;
    const uses = columns.map((column) => `j.${column} = ANY (ids)`).join(' OR ');
    const [{ count }] = (await this.db.query(
      `WITH r AS (SELECT array_agg(id) AS ids FROM shipment.directory_name WHERE kind = $1 AND ${match})
       SELECT count(*)::int AS count FROM shipment.job j, r WHERE j.deleted_at IS NULL AND j.job_status AND (${uses})`,
      [kind, key],
    )) as [{ count: number }];
    return { count, one: 'job', many: 'jobs' };
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

@Module({ controllers: [ReferencesController], providers: [ReferenceCounter] })
export class ReferencesModule {}
