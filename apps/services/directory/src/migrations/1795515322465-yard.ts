import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMasterDataTable } from '@freight/server-database';

/** Yards: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export class Yard1795515322465 implements MigrationInterface {
  name = 'Yard1795515322465';
  up = (q: QueryRunner) =>
    createMasterDataTable(q, { table: 'directory.yard', key: 'yard_name', required: [], optional: [], sorts: [], search: ['yard_name'] });
  down = async (q: QueryRunner) => void (await q.query('DROP TABLE directory.yard'));
}
