import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The contact limit's table as every per-address limit has it (address-limit.ts in libs/server/database): `messages` is `calls`. */
export class ContactThrottleCalls1796100300000 implements MigrationInterface {
  name = 'ContactThrottleCalls1796100300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification.contact_throttle RENAME COLUMN messages TO calls`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification.contact_throttle RENAME COLUMN calls TO messages`);
  }
}
