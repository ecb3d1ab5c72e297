import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMasterDataTable } from '@freight/server-database';

/** Origins: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export class Origin1795515320468 implements MigrationInterface {
  name = 'Origin1795515320468';
  up = (q: QueryRunner) =>
    createMasterDataTable(q, {
      table: 'directory.origin',
      key: 'origin_port_name',
      required: ['origin_port_location'],
      optional: [],
      sorts: ['origin_port_location'],
      search: ['origin_port_name', 'origin_port_location'],
    });
  down = async (q: QueryRunner) => void (await q.query('DROP TABLE directory.origin'));
}
