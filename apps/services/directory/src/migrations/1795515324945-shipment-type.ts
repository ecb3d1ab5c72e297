import { masterDataMigration } from '@freight/server-database';

/** Shipment Types: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const ShipmentType1795515324945 = masterDataMigration('ShipmentType1795515324945', {
  table: 'directory.shipment_type',
  key: 'typeof_shipment',
  search: ['typeof_shipment'],
});
