import { migration } from '@freight/server-database';

/**
 * The statement view (docs/adr/0042-statement-and-ledger-views.md) reads a consignee's live payments by
 * day, as it reads their invoices (`ix_invoice_consignee_date`).
 */
export const StatementDocuments1796410100000 = migration(
  'StatementDocuments1796410100000',
  (q) => q.query(`CREATE INDEX ix_credit_consignee_date ON accounts.credit (consignee_id, credit_date, credit_sr) WHERE deleted_at IS NULL`),
  (q) => q.query(`DROP INDEX accounts.ix_credit_consignee_date`),
);
