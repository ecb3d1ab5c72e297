import { migration } from '@freight/server-database';

/**
 * The statement view read from its indexes alone (docs/adr/0065-statement-read-once.md): a
 * consignee's invoices and live payments by day (`ix_invoice_consignee_date`,
 * `ix_credit_consignee_date`, same names, same keys) now carry what the figures and the lines need,
 * so the figures' walk over the whole history (≈ 5,000 documents for a busy consignee) is an
 * index-only scan instead of a heap page per document.
 */
export const StatementCovering1796500100000 = migration(
  'StatementCovering1796500100000',
  async (q) => {
    await q.query(`DROP INDEX accounts.ix_invoice_consignee_date`);
    await q.query(`CREATE INDEX ix_invoice_consignee_date ON accounts.invoice (consignee_id, invoice_date, job_no) INCLUDE (amount, invoice_no)`);
    await q.query(`DROP INDEX accounts.ix_credit_consignee_date`);
    await q.query(
      `CREATE INDEX ix_credit_consignee_date ON accounts.credit (consignee_id, credit_date, credit_sr) INCLUDE (amount, payment_type, cheque_number)
         WHERE deleted_at IS NULL`,
    );
  },
  async (q) => {
    await q.query(`DROP INDEX accounts.ix_credit_consignee_date`);
    await q.query(`CREATE INDEX ix_credit_consignee_date ON accounts.credit (consignee_id, credit_date, credit_sr) WHERE deleted_at IS NULL`);
    await q.query(`DROP INDEX accounts.ix_invoice_consignee_date`);
    await q.query(`CREATE INDEX ix_invoice_consignee_date ON accounts.invoice (consignee_id, invoice_date, job_no)`);
  },
);
