import { masterDataMigration } from '@freight/server-database';

/** Yards: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const Yard1795515322465 = masterDataMigration('Yard1795515322465', { table: 'directory.yard', key: 'yard_name', search: ['yard_name'] });
