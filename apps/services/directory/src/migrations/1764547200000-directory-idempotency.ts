import { createIdempotencyTable, dropIdempotencyTable, migration } from '@freight/server-database';

/** Answered Idempotency-Keys of creates (libs/server/database idempotency.ts). */
export const DirectoryIdempotency1764547200000 = migration(
  'DirectoryIdempotency1764547200000',
  (q) => createIdempotencyTable(q, 'directory'),
  (q) => dropIdempotencyTable(q, 'directory'),
);
