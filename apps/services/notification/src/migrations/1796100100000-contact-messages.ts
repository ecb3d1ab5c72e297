import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contact form messages, and the count of messages per client address in the current window (the limit). */
export class ContactMessages1796100100000 implements MigrationInterface {
  name = 'ContactMessages1796100100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification.contact_message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        full_name text NOT NULL,
        email text NOT NULL,
        message text NOT NULL,
        client_address text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        handled_at timestamptz,
        handled_by text
      )`);
    await q.query(`CREATE INDEX ix_contact_message_received_at ON notification.contact_message (received_at DESC)`);
    await q.query(`CREATE INDEX ix_contact_message_open ON notification.contact_message (received_at DESC) WHERE handled_at IS NULL`);
    await q.query(`CREATE INDEX ix_contact_message_full_name_trgm ON notification.contact_message USING gin (full_name extensions.gin_trgm_ops)`);
    await q.query(`CREATE INDEX ix_contact_message_email_trgm ON notification.contact_message USING gin (email extensions.gin_trgm_ops)`);
    await q.query(`
      CREATE TABLE notification.contact_throttle (
        client_address text PRIMARY KEY,
        window_started_at timestamptz NOT NULL,
        messages integer NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification.contact_throttle`);
    await q.query(`DROP TABLE notification.contact_message`);
  }
}
