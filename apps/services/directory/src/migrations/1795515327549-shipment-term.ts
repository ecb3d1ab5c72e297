import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMasterDataTable } from '@freight/server-database';

/** Shipment Terms: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export class ShipmentTerm1795515327549 implements MigrationInterface {
  name = 'ShipmentTerm1795515327549';
  up = (q: QueryRunner) =>
    createMasterDataTable(q, { table: 'directory.shipment_term', key: 'termof_shipment', required: [], optional: [], sorts: [], search: ['termof_shipment'] });
  down = async (q: QueryRunner) => void (await q.query('DROP TABLE directory.shipment_term'));
}
