import { createIdempotencyTable, dropIdempotencyTable } from '@freight/server-database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail as rows (issue 8): each with its recipients, bodies, business key and kind, and its
 * delivery state. The sender claims due rows (`ix_mail_due`) and rows whose sender died
 * (`ix_mail_lease`); a statement trigger wakes the senders at commit. Answered Idempotency-Keys
 * of `notification.mail.send` (ADR 12).
 */
export class NotificationInit1796100000000 implements MigrationInterface {
  name = 'NotificationInit1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification.mail (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_key text NOT NULL,
        kind text NOT NULL,
        recipients text[] NOT NULL CHECK (cardinality(recipients) > 0),
        reply_to text,
        subject text NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claim_id uuid,
        lease_until timestamptz,
        smtp_response text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_mail_due ON notification.mail (next_attempt_at) WHERE status = 'queued'`);
    await q.query(`CREATE INDEX ix_mail_lease ON notification.mail (lease_until) WHERE status = 'sending'`);
    await q.query(`CREATE INDEX ix_mail_business_key ON notification.mail (business_key, created_at DESC)`);
    await q.query(`
      CREATE FUNCTION notification.mail_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('notification_mail', '');
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER mail_notify AFTER INSERT ON notification.mail FOR EACH STATEMENT EXECUTE FUNCTION notification.mail_notify()`);
    await createIdempotencyTable(q, 'notification');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIdempotencyTable(q, 'notification');
    await q.query(`DROP TABLE notification.mail`);
    await q.query(`DROP FUNCTION notification.mail_notify()`);
  }
}
