import { masterDataMigration } from '@freight/server-database';

/** Origins: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const Origin1795515320468 = masterDataMigration('Origin1795515320468', {
  table: 'directory.origin',
  key: 'origin_port_name',
  required: ['origin_port_location'],
  sorts: ['origin_port_location'],
  search: ['origin_port_name', 'origin_port_location'],
});
