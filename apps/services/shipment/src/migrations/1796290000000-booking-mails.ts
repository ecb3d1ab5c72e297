import { migration } from '@freight/server-database';

/**
 * Booking e-mails (ADR 32): every send request of a job, newest first per job. The request's id is
 * the id of its mail-request event in the outbox, which the notification service keeps with the
 * e-mail, so a job's requests are matched with their delivery state.
 */
export const BookingMails1796290000000 = migration(
  'BookingMails1796290000000',
  async (q) => {
    await q.query(`
      CREATE TABLE shipment.mail_requests (
        id uuid PRIMARY KEY,
        job_no text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('booking-confirmation', 'updated-data')),
        recipients text[] NOT NULL CHECK (cardinality(recipients) > 0),
        requested_by uuid NOT NULL,
        requested_by_name text NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX ix_mail_requests_job ON shipment.mail_requests (job_no, requested_at DESC)`);
    // The consignees' addresses (its e-mail first, then the additional ones), from the directory's events.
    await q.query(`CREATE TABLE shipment.consignee_mail (consignee_id uuid PRIMARY KEY, emails text[] NOT NULL)`);
  },
  async (q) => {
    await q.query(`DROP TABLE shipment.consignee_mail`);
    await q.query(`DROP TABLE shipment.mail_requests`);
  },
);
