import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMasterDataTable } from '@freight/server-database';

/** Shipment Types: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export class ShipmentType1795515324945 implements MigrationInterface {
  name = 'ShipmentType1795515324945';
  up = (q: QueryRunner) =>
    createMasterDataTable(q, { table: 'directory.shipment_type', key: 'typeof_shipment', required: [], optional: [], sorts: [], search: ['typeof_shipment'] });
  down = async (q: QueryRunner) => void (await q.query('DROP TABLE directory.shipment_type'));
}
