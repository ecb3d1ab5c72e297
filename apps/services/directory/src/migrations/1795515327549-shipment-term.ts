import { masterDataMigration } from '@freight/server-database';

/** Shipment Terms: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const ShipmentTerm1795515327549 = masterDataMigration('ShipmentTerm1795515327549', {
  table: 'directory.shipment_term',
  key: 'termof_shipment',
  search: ['termof_shipment'],
});
