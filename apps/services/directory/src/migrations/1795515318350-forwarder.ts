import { masterDataMigration } from '@freight/server-database';

/** Forwarders: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const Forwarder1795515318350 = masterDataMigration('Forwarder1795515318350', {
  table: 'directory.forwarder',
  key: 'forwarder',
  required: ['email'],
  optional: ['contact', 'address', 'remarks'],
  sorts: ['email', 'contact', 'address'],
  search: ['forwarder'],
});
