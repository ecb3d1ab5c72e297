import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMasterDataTable } from '@freight/server-database';

/** Forwarders: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export class Forwarder1795515318350 implements MigrationInterface {
  name = 'Forwarder1795515318350';
  up = (q: QueryRunner) =>
    createMasterDataTable(q, {
      table: 'directory.forwarder',
      key: 'forwarder',
      required: ['email'],
      optional: ['contact', 'address', 'remarks'],
      sorts: ['email', 'contact', 'address'],
      search: ['forwarder'],
    });
  down = async (q: QueryRunner) => void (await q.query('DROP TABLE directory.forwarder'));
}
