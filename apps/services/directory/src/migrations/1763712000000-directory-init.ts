import { AUDIT_COLUMNS_SQL } from '@freight/server-database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sign-in throttle's first table: one row per throttled key (`user:<name>` or `ip:<address>`), shared by every replica. */
export const FIRST_LOGIN_THROTTLE = `
  CREATE TABLE directory.login_throttle (
    key text PRIMARY KEY,
    failures integer NOT NULL,
    window_started_at timestamptz NOT NULL,
    locked_until timestamptz
  )`;

/**
 * Branches, staff users and the sign-in throttle. Names are schema-qualified; trigram
 * operators come from the shared `extensions` schema (see provisionServiceDatabase).
 */
export class DirectoryInit1763712000000 implements MigrationInterface {
  name = 'DirectoryInit1763712000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE directory.branch (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        city text NOT NULL,
        location text NOT NULL,
        contact text NOT NULL,
        code text NOT NULL,
        ${AUDIT_COLUMNS_SQL}
      )`);
    await q.query(`CREATE UNIQUE INDEX ux_branch_city ON directory.branch (lower(city))`);
    await q.query(`CREATE UNIQUE INDEX ux_branch_code ON directory.branch (lower(code))`);
    await q.query(`CREATE INDEX ix_branch_city_trgm ON directory.branch USING gin (city extensions.gin_trgm_ops)`);
    await q.query(`CREATE INDEX ix_branch_location_trgm ON directory.branch USING gin (location extensions.gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE directory.app_user (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        full_name text NOT NULL,
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        branch_id uuid NOT NULL REFERENCES directory.branch (id) ON DELETE RESTRICT,
        contact text NOT NULL,
        role text NOT NULL CHECK (role IN ('Head', 'Admin', 'Employee')),
        department text NOT NULL CHECK (department IN ('Import', 'Export')),
        ${AUDIT_COLUMNS_SQL}
      )`);
    await q.query(`CREATE UNIQUE INDEX ux_app_user_username ON directory.app_user (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX ux_app_user_email ON directory.app_user (lower(email))`);
    await q.query(`CREATE INDEX ix_app_user_branch ON directory.app_user (branch_id)`);
    await q.query(`CREATE INDEX ix_app_user_role ON directory.app_user (role)`);
    await q.query(`CREATE INDEX ix_app_user_username_trgm ON directory.app_user USING gin (username extensions.gin_trgm_ops)`);
    await q.query(`CREATE INDEX ix_app_user_full_name_trgm ON directory.app_user USING gin (full_name extensions.gin_trgm_ops)`);
    await q.query(`CREATE INDEX ix_app_user_email_trgm ON directory.app_user USING gin (email extensions.gin_trgm_ops)`);

    await q.query(FIRST_LOGIN_THROTTLE);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE directory.login_throttle`);
    await q.query(`DROP TABLE directory.app_user`);
    await q.query(`DROP TABLE directory.branch`);
  }
}
