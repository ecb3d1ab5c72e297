import { createOutboxTable, dropOutboxTable } from '@freight/server-database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The directory's event outbox (libs/server/database outbox.ts, ADR 21). */
export class DirectoryOutbox1796000000000 implements MigrationInterface {
  name = 'DirectoryOutbox1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await createOutboxTable(q, 'directory');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropOutboxTable(q, 'directory');
  }
}
