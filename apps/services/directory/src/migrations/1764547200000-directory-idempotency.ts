import { createIdempotencyTable, dropIdempotencyTable } from '@freight/server-database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Answered Idempotency-Keys of creates (libs/server/database idempotency.ts). */
export class DirectoryIdempotency1764547200000 implements MigrationInterface {
  name = 'DirectoryIdempotency1764547200000';

  async up(q: QueryRunner): Promise<void> {
    await createIdempotencyTable(q, 'directory');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIdempotencyTable(q, 'directory');
  }
}
