import { masterDataMigration } from '@freight/server-database';

/** Vessels: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const Vessel1796200500000 = masterDataMigration('Vessel1796200500000', {
  table: 'shipment.vessel',
  key: 'origin',
  required: ['details'],
  search: ['origin'],
});
