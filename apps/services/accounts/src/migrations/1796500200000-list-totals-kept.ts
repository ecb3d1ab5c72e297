import { migration } from '@freight/server-database';

/**
 * The debit and credit records' whole totals kept in one row (docs/adr/0065-statement-read-once.md):
 * the sum of every consignee's `invoice_count` and `credit_count` (ADR 34) was added up over every
 * consignee on each unfiltered page, most of such a page's cost. A trigger on the consignees moves
 * it by each change of a count, in the change's own transaction, so it stays exact; changes that
 * leave both counts as they were (a balance moved by an edit, a rename) do not touch it.
 */
export const ListTotalsKept1796500200000 = migration(
  'ListTotalsKept1796500200000',
  async (q) => {
    await q.query(`
      CREATE TABLE accounts.list_totals (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        invoice_count bigint NOT NULL CHECK (invoice_count >= 0),
        credit_count bigint NOT NULL CHECK (credit_count >= 0)
      )`);
    await q.query(`LOCK TABLE accounts.consignee IN SHARE MODE`);
    await q.query(
      `INSERT INTO accounts.list_totals (invoice_count, credit_count) SELECT coalesce(sum(invoice_count), 0), coalesce(sum(credit_count), 0) FROM accounts.consignee`,
    );
    await q.query(`
      CREATE FUNCTION accounts.keep_list_totals() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE accounts.list_totals SET
          invoice_count = invoice_count + CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.invoice_count END - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.invoice_count END,
          credit_count = credit_count + CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.credit_count END - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.credit_count END;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER tr_list_totals_insert AFTER INSERT ON accounts.consignee FOR EACH ROW
        WHEN (NEW.invoice_count <> 0 OR NEW.credit_count <> 0) EXECUTE FUNCTION accounts.keep_list_totals()`);
    await q.query(`
      CREATE TRIGGER tr_list_totals_update AFTER UPDATE OF invoice_count, credit_count ON accounts.consignee FOR EACH ROW
        WHEN (NEW.invoice_count <> OLD.invoice_count OR NEW.credit_count <> OLD.credit_count) EXECUTE FUNCTION accounts.keep_list_totals()`);
    await q.query(`
      CREATE TRIGGER tr_list_totals_delete AFTER DELETE ON accounts.consignee FOR EACH ROW
        WHEN (OLD.invoice_count <> 0 OR OLD.credit_count <> 0) EXECUTE FUNCTION accounts.keep_list_totals()`);
  },
  async (q) => {
    for (const op of ['insert', 'update', 'delete']) await q.query(`DROP TRIGGER tr_list_totals_${op} ON accounts.consignee`);
    await q.query(`DROP FUNCTION accounts.keep_list_totals()`);
    await q.query(`DROP TABLE accounts.list_totals`);
  },
);
