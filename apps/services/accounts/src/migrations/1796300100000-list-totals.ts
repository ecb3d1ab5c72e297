import { migration } from '@freight/server-database';

/**
 * The debit and credit records' totals without a count over every row (requirements decisions §1's
 * X-Total-Count on a million rows): each consignee's number of invoices and live credits, kept on
 * its row by the change that adds or removes one, under the lock that change holds anyway (ADR 34).
 * The whole list's total is their sum over the consignees.
 */
export const ListTotals1796300100000 = migration(
  'ListTotals1796300100000',
  async (q) => {
    await q.query(`ALTER TABLE accounts.consignee ADD COLUMN invoice_count integer NOT NULL DEFAULT 0 CHECK (invoice_count >= 0)`);
    await q.query(`ALTER TABLE accounts.consignee ADD COLUMN credit_count integer NOT NULL DEFAULT 0 CHECK (credit_count >= 0)`);
    await q.query(`UPDATE accounts.consignee c SET invoice_count = (SELECT count(*) FROM accounts.invoice i WHERE i.consignee_id = c.id)`);
    await q.query(
      `UPDATE accounts.consignee c SET credit_count = (SELECT count(*) FROM accounts.credit k WHERE k.consignee_id = c.id AND k.deleted_at IS NULL)`,
    );
  },
  async (q) => {
    await q.query(`ALTER TABLE accounts.consignee DROP COLUMN credit_count`);
    await q.query(`ALTER TABLE accounts.consignee DROP COLUMN invoice_count`);
  },
);
