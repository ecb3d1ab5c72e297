import { migration } from '@freight/server-database';

/**
 * The statement of account read from its index alone (issue 10: ≈1,000 lines in ≤ 50 ms; ADR 34):
 * the index of one consignee's ledger rows by day (`ix_ledger_consignee_date`, same name, same
 * keys) now carries every ledger column a line and the figures need, so the figures (the balance
 * brought forward, the range's sums) and the lines are index-only scans in the lines' order: no
 * heap page per row, no sort, no parallel workers.
 */
export const StatementIndex1796301100000 = migration(
  'StatementIndex1796301100000',
  async (q) => {
    await q.query(`DROP INDEX accounts.ix_ledger_consignee_date`);
    await q.query(
      `CREATE INDEX ix_ledger_consignee_date ON accounts.ledger (consignee_id, entry_date, id)
         INCLUDE (amount, kind, job_no, invoice_no, credit_id, credit_sr, document_amount)`,
    );
  },
  async (q) => {
    await q.query(`DROP INDEX accounts.ix_ledger_consignee_date`);
    await q.query(`CREATE INDEX ix_ledger_consignee_date ON accounts.ledger (consignee_id, entry_date, id)`);
  },
);
