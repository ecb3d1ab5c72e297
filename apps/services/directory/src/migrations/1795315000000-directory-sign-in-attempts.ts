import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FIRST_LOGIN_THROTTLE } from './1763712000000-directory-init.js';

/**
 * The sign-in throttle counts attempts before the password is checked (a success gives its
 * own back), keys per username, per address and per username-and-address pair, and remembers
 * the addresses a username has signed in from (docs/adr/0010-sign-in-throttling.md). The rows
 * are short-lived counters, so the table is made anew rather than converted: counts start from
 * zero after this migration.
 */
export class DirectorySignInAttempts1795315000000 implements MigrationInterface {
  name = 'DirectorySignInAttempts1795315000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE directory.login_throttle`);
    await q.query(`
      CREATE TABLE directory.login_throttle (
        key text PRIMARY KEY,
        attempts integer NOT NULL,
        window_ends_at timestamptz NOT NULL,
        blocked_until timestamptz,
        known_until timestamptz
      )`);
    // Old windows are pruned by their end.
    await q.query(`CREATE INDEX ix_login_throttle_window_ends_at ON directory.login_throttle (window_ends_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE directory.login_throttle`);
    await q.query(FIRST_LOGIN_THROTTLE);
  }
}
