import { masterDataMigration } from '@freight/server-database';

/** Agents: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const Agent1796200600000 = masterDataMigration('Agent1796200600000', {
  table: 'shipment.agent',
  key: 'origin',
  required: ['details'],
  search: ['origin'],
});
