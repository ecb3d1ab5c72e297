import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter per user that ends their sessions: raised with every new password, role or
 * username, carried by the tokens signed after it, checked by the gateway on every call
 * (docs/adr/0007-sessions-session-version.md). Existing users start at 1.
 */
export class UserSessionVersion1763890000000 implements MigrationInterface {
  name = 'UserSessionVersion1763890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE directory.app_user ADD COLUMN session_version integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE directory.app_user DROP COLUMN session_version`);
  }
}
