import { createOutboxTable, dropOutboxTable, migration } from '@freight/server-database';

/** The directory's event outbox (libs/server/database outbox.ts, ADR 21). */
export const DirectoryOutbox1796000000000 = migration(
  'DirectoryOutbox1796000000000',
  (q) => createOutboxTable(q, 'directory'),
  (q) => dropOutboxTable(q, 'directory'),
);
