import { AUDIT_COLUMNS_SQL, createProcessedEventsTable, dropProcessedEventsTable, migration } from '@freight/server-database';

/**
 * Client news and consignee announcements (requirements 02), and the consignees as the directory's
 * events describe them (ADR 21: the notification service's copy; `deleted_at` once the directory
 * deleted one, whose announcements are then no longer shown), with the events already handled.
 */
export const NewsAndAnnouncements1796100200000 = migration(
  'NewsAndAnnouncements1796100200000',
  async (q) => {
    await q.query(`
      CREATE TABLE notification.client_news (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        news text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        ${AUDIT_COLUMNS_SQL}
      )`);
    await q.query(`CREATE UNIQUE INDEX ux_client_news_news ON notification.client_news (lower(news))`);
    await q.query(`CREATE INDEX ix_client_news_created ON notification.client_news (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_client_news_active ON notification.client_news (created_at DESC) WHERE is_active`);
    await q.query(`CREATE INDEX ix_client_news_news_trgm ON notification.client_news USING gin (news extensions.gin_trgm_ops)`);
    await q.query(`
      CREATE TABLE notification.consignee (
        id uuid PRIMARY KEY,
        consignee_name text NOT NULL,
        username text NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_consignee_name ON notification.consignee (lower(consignee_name)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_consignee_username ON notification.consignee (lower(username)) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE notification.announcement (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        annoucment_id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        annoucment text NOT NULL,
        consignee_id uuid NOT NULL REFERENCES notification.consignee (id),
        is_active boolean NOT NULL DEFAULT true,
        ${AUDIT_COLUMNS_SQL}
      )`);
    await q.query(`CREATE INDEX ix_announcement_consignee ON notification.announcement (consignee_id, annoucment_id DESC)`);
    await q.query(`CREATE INDEX ix_announcement_text_trgm ON notification.announcement USING gin (annoucment extensions.gin_trgm_ops)`);
    await createProcessedEventsTable(q, 'notification');
  },
  async (q) => {
    await dropProcessedEventsTable(q, 'notification');
    await q.query(`DROP TABLE notification.announcement`);
    await q.query(`DROP TABLE notification.consignee`);
    await q.query(`DROP TABLE notification.client_news`);
  },
);
