import { Injectable } from '@nestjs/common';
import { firstRow, query, type Db, type QueryFile } from '@freight/server-database';

export const REFERENCE_QUERIES = {
  /** The invoices and live credits naming a consignee. */
  entriesOf: query(
    `SELECT (SELECT count(*) FROM accounts.invoice WHERE consignee_id = :consigneeId) + (SELECT count(*) FROM accounts.credit WHERE consignee_id = :consigneeId AND deleted_at IS NULL) AS count`,
    { consigneeId: '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03' },
  ),
};

export const REFERENCE_QUERY_FILE: QueryFile = { file: 'references/queries/reference.repository.sql', queries: REFERENCE_QUERIES };

/** The account entries that name a consignee (ADR 30, 34). */
@Injectable()
export class ReferenceRepository {
  async entriesOf(db: Db, consigneeId: string): Promise<number> {
    return Number((await firstRow<{ count: string }>(db, REFERENCE_QUERIES.entriesOf, { consigneeId }))!.count);
  }
}
