import { AUDIT_COLUMNS_SQL } from '@freight/server-database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Consignees and shippers, the clients who sign in to the portal (made by `npm run new:resource`,
 * then given their own columns):
 * - `client_username` holds every client's username once: its unique index on lower(username)
 *   keeps usernames unique across both tables, also when two creates race (one waits, then fails);
 * - money is numeric(14,2), never negative; every change of an opening balance is a row of
 *   `consignee_balance_change`, written in the transaction of the change;
 * - a b-tree per list sort (key, then id), a trigram index per search field.
 */
export class ClientAccounts1795514936817 implements MigrationInterface {
  name = 'ClientAccounts1795514936817';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE directory.client_username (
        username text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('consignee', 'shipper'))
      )`);
    await q.query(`CREATE UNIQUE INDEX ux_client_username ON directory.client_username (lower(username))`);
    for (const kind of ['consignee', 'shipper']) {
      await q.query(`
        CREATE TABLE directory.${kind} (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          ${kind}_name text NOT NULL,
          username text NOT NULL,
          password_hash text NOT NULL,
          session_version integer NOT NULL DEFAULT 1,
          email text NOT NULL,
          ${kind === 'consignee' ? `additional_emails text[] NOT NULL DEFAULT '{}',` : ''}
          address text NOT NULL DEFAULT '',
          mobile text NOT NULL DEFAULT '',
          handling_person_name text NOT NULL,
          remarks text NOT NULL DEFAULT '',
          ${kind === 'consignee' ? `opening_balance numeric(14,2) NOT NULL DEFAULT 0 CHECK (opening_balance >= 0),` : ''}
          ${AUDIT_COLUMNS_SQL}
        )`);
      await q.query(`CREATE UNIQUE INDEX ux_${kind}_name ON directory.${kind} (lower(${kind}_name)) INCLUDE (${kind}_name, id)`);
      await q.query(`CREATE UNIQUE INDEX ux_${kind}_username ON directory.${kind} (lower(username))`);
      for (const column of ['email', 'address', 'mobile', 'handling_person_name']) {
        await q.query(`CREATE INDEX ix_${kind}_${column} ON directory.${kind} (lower(${column}), id) INCLUDE (${column})`);
      }
      await q.query(`CREATE INDEX ix_${kind}_name_trgm ON directory.${kind} USING gin (${kind}_name extensions.gin_trgm_ops)`);
    }
    await q.query(`
      CREATE TABLE directory.consignee_balance_change (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        consignee_id uuid NOT NULL REFERENCES directory.consignee (id) ON DELETE CASCADE,
        changed_at timestamptz NOT NULL DEFAULT now(),
        changed_by uuid NOT NULL,
        changed_by_username text NOT NULL,
        before numeric(14,2) NOT NULL,
        after numeric(14,2) NOT NULL
      )`);
    await q.query(`CREATE INDEX ix_consignee_balance_change ON directory.consignee_balance_change (consignee_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE directory.consignee_balance_change, directory.consignee, directory.shipper, directory.client_username`);
  }
}
