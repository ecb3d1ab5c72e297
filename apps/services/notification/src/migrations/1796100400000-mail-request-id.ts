import { migration } from '@freight/server-database';

/**
 * The id of the request an e-mail was queued for: a producer's mail-request event id (its outbox
 * row's id, ADR 27), so the producer can match its own record of the request with the e-mail's
 * delivery state (the shipment service's booking e-mails, ADR 32). Null for `notification.mail.send`.
 */
export const MailRequestId1796100400000 = migration(
  'MailRequestId1796100400000',
  async (q) => {
    await q.query(`ALTER TABLE notification.mail ADD COLUMN request_id uuid`);
  },
  async (q) => {
    await q.query(`ALTER TABLE notification.mail DROP COLUMN request_id`);
  },
);
