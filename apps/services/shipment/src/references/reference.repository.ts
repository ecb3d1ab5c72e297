import { Injectable } from '@nestjs/common';
import type { Referenceable } from '@freight/contracts';
import { firstRow, query, type Db, type Query, type QueryFile } from '@freight/server-database';
import type { NameKind } from '../directory-copy/directory-names.js';

/** Where jobs keep each kind of directory record: its kind in the copy, how the delete URL's key names it, and the job's columns. */
export const REFERENCES: Record<Referenceable, { kind: NameKind; by: 'id' | 'name' | 'username'; columns: readonly string[] }> = {
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

/** How many active jobs (live, job status Active) use the records of a kind the key names in the copy. */
function activeJobsUsing(thing: Referenceable): Query<{ kind: string; key: string }> {
  const { kind, by, columns } = REFERENCES[thing];
  const match = by === 'id' ? 'id = :key::uuid' : `lower(${by}) = lower(:key)`;
  const uses = columns.map((column) => `j.${column} = ANY (ids)`).join(' OR ');
  return query(
    `WITH r AS (SELECT array_agg(id) AS ids FROM shipment.directory_name WHERE kind = :kind AND ${match})
       SELECT count(*)::int AS count FROM shipment.job j, r WHERE j.deleted_at IS NULL AND j.job_status AND (${uses})`,
    { kind, key: by === 'id' ? '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03' : 'Colombo' },
  );
}

/** One statement per kind of record, made once. */
export const REFERENCE_QUERIES = Object.fromEntries(
  (Object.keys(REFERENCES) as Referenceable[]).map((thing) => [`activeJobsUsing.${thing}`, activeJobsUsing(thing)]),
) as Record<`activeJobsUsing.${Referenceable}`, Query<{ kind: string; key: string }>>;

export const REFERENCE_QUERY_FILE: QueryFile = { file: 'references/queries/reference.repository.sql', queries: REFERENCE_QUERIES };

/** The jobs that use a directory record (ADR 30), found through the copy of the directory's names. */
@Injectable()
export class ReferenceRepository {
  async activeJobsUsing(db: Db, thing: Referenceable, key: string): Promise<number> {
    const { kind } = REFERENCES[thing];
    return (await firstRow<{ count: number }>(db, REFERENCE_QUERIES[`activeJobsUsing.${thing}`], { kind, key }))!.count;
  }
}
