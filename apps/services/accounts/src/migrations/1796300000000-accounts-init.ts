import {
  createIdempotencyTable,
  createOutboxTable,
  createProcessedEventsTable,
  dropIdempotencyTable,
  dropOutboxTable,
  dropProcessedEventsTable,
  migration,
} from '@freight/server-database';

/**
 * The accounts service's tables (issue 10, requirements decisions §3, ADR 34):
 * - `consignee`: the directory's consignees as far as money goes (name, opening balance), with
 *   their running totals; the row every change of a balance locks. `balance` is computed by
 *   Postgres from the three amounts, so it cannot disagree with them.
 * - `job`: the jobs this service invoices, copied from the shipment service's events.
 * - `invoice`: one per job (a new debit replaces it); `credit`: payments, numbered from
 *   `voucher_counter` in their own transaction, never deleted (a deleted credit keeps its number).
 * - `ledger`: every change of a balance, with before and after; the statement of account and the
 *   receivables read it by consignee and day.
 * - the answered Idempotency-Keys, the events handled, and the outbox.
 * Money is numeric (ADR 23): amounts numeric(14,2), totals and balances numeric(20,2).
 */
export const AccountsInit1796300000000 = migration(
  'AccountsInit1796300000000',
  async (q) => {
    await createIdempotencyTable(q, 'accounts');
    await createProcessedEventsTable(q, 'accounts');
    await createOutboxTable(q, 'accounts');

    await q.query(`
      CREATE TABLE accounts.consignee (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        opening_balance numeric(14, 2) NOT NULL DEFAULT 0 CHECK (opening_balance >= 0),
        total_debit numeric(20, 2) NOT NULL DEFAULT 0 CHECK (total_debit >= 0),
        total_credit numeric(20, 2) NOT NULL DEFAULT 0 CHECK (total_credit >= 0),
        balance numeric(20, 2) GENERATED ALWAYS AS (opening_balance + total_debit - total_credit) STORED,
        -- false while only a job event named it (its directory event not read yet)
        from_directory boolean NOT NULL DEFAULT false,
        deleted_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX ix_consignee_name ON accounts.consignee (lower(name)) WHERE deleted_at IS NULL`);
    // Receivables: the consignees owing most.
    await q.query(`CREATE INDEX ix_consignee_balance ON accounts.consignee (balance DESC) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE accounts.job (
        job_no text PRIMARY KEY,
        consignee_id uuid NOT NULL,
        origin_id uuid NOT NULL,
        origin_port text NOT NULL,
        shipper_id uuid,
        shipper_name text,
        bl_no text NOT NULL DEFAULT '',
        container_no text NOT NULL DEFAULT '',
        deleted_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    // A rename in the directory is written to every job that shows the name.
    await q.query(`CREATE INDEX ix_job_origin ON accounts.job (origin_id)`);
    await q.query(`CREATE INDEX ix_job_shipper ON accounts.job (shipper_id) WHERE shipper_id IS NOT NULL`);

    // The text the debit records' search looks in, one line per invoice, chr(1) between fields.
    await q.query(`
      CREATE FUNCTION accounts.invoice_search_text(job_no text, invoice_no text, consignee text, bl_no text, container_no text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(concat_ws(chr(1), job_no, invoice_no, consignee, bl_no, container_no)) $$`);
    await q.query(`
      CREATE TABLE accounts.invoice (
        job_no text PRIMARY KEY REFERENCES accounts.job (job_no),
        -- the consignee charged (the job's when it was invoiced)
        consignee_id uuid NOT NULL REFERENCES accounts.consignee (id),
        consignee_name text NOT NULL,
        invoice_no text NOT NULL,
        amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
        invoice_date date NOT NULL,
        search_text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        created_by uuid NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_by uuid NOT NULL,
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`CREATE INDEX ix_invoice_date ON accounts.invoice (invoice_date, job_no)`);
    await q.query(`CREATE INDEX ix_invoice_consignee_date ON accounts.invoice (consignee_id, invoice_date, job_no)`);
    await q.query(`CREATE INDEX ix_invoice_no ON accounts.invoice (lower(invoice_no), job_no)`);
    await q.query(`CREATE INDEX ix_invoice_amount ON accounts.invoice (amount, job_no)`);
    await q.query(`CREATE INDEX ix_invoice_consignee_name ON accounts.invoice (lower(consignee_name), job_no)`);
    await q.query(`CREATE INDEX ix_invoice_search_trgm ON accounts.invoice USING gin (search_text extensions.gin_trgm_ops)`);

    await q.query(`CREATE TABLE accounts.voucher_counter (name text PRIMARY KEY, value integer NOT NULL CHECK (value >= 0))`);
    await q.query(`INSERT INTO accounts.voucher_counter (name, value) VALUES ('voucher', 0)`);

    await q.query(`
      CREATE FUNCTION accounts.credit_search_text(credit_sr integer, consignee text, cheque_number text, remarks text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(concat_ws(chr(1), credit_sr::text, consignee, cheque_number, remarks)) $$`);
    await q.query(`
      CREATE TABLE accounts.credit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        credit_sr integer NOT NULL CONSTRAINT ux_credit_sr UNIQUE,
        consignee_id uuid NOT NULL REFERENCES accounts.consignee (id),
        consignee_name text NOT NULL,
        payment_type text NOT NULL CHECK (payment_type IN ('Cash', 'Cheque')),
        cheque_number text NOT NULL DEFAULT '',
        amount numeric(14, 2) NOT NULL CHECK (amount > 0),
        remarks text NOT NULL DEFAULT '',
        credit_date date NOT NULL,
        search_text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        created_by uuid NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_by uuid NOT NULL,
        deleted_at timestamptz,
        deleted_by uuid,
        CHECK ((payment_type = 'Cheque') = (cheque_number <> ''))
      )`);
    const live = 'WHERE deleted_at IS NULL';
    await q.query(`CREATE INDEX ix_credit_sr_live ON accounts.credit (credit_sr) ${live}`);
    await q.query(`CREATE INDEX ix_credit_date ON accounts.credit (credit_date, credit_sr) ${live}`);
    await q.query(`CREATE INDEX ix_credit_consignee ON accounts.credit (consignee_id, credit_sr) ${live}`);
    await q.query(`CREATE INDEX ix_credit_consignee_name ON accounts.credit (lower(consignee_name), credit_sr) ${live}`);
    await q.query(`CREATE INDEX ix_credit_amount ON accounts.credit (amount, credit_sr) ${live}`);
    await q.query(`CREATE INDEX ix_credit_payment_type ON accounts.credit (payment_type, credit_sr) ${live}`);
    await q.query(`CREATE INDEX ix_credit_search_trgm ON accounts.credit USING gin (search_text extensions.gin_trgm_ops) ${live}`);

    await q.query(`
      CREATE TABLE accounts.ledger (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        consignee_id uuid NOT NULL REFERENCES accounts.consignee (id),
        kind text NOT NULL CHECK (kind IN ('opening balance', 'invoice', 'invoice replaced', 'credit', 'credit edited', 'credit deleted')),
        -- the change of the balance (a debit up, a credit down) and the balance around it
        amount numeric(20, 2) NOT NULL,
        balance_before numeric(20, 2) NOT NULL,
        balance_after numeric(20, 2) NOT NULL,
        -- the day it counts on (the invoice's, the payment's; the day recorded for an opening balance)
        entry_date date NOT NULL,
        job_no text,
        invoice_no text,
        credit_id uuid,
        credit_sr integer,
        -- the invoice's or credit's amount after the change (before it, for a deletion)
        document_amount numeric(14, 2),
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        recorded_by uuid,
        recorded_by_name text NOT NULL,
        CHECK (balance_after = balance_before + amount)
      )`);
    // The statement of account: one consignee's rows by day; the receivables: every row by day.
    await q.query(`CREATE INDEX ix_ledger_consignee_date ON accounts.ledger (consignee_id, entry_date, id)`);
    await q.query(`CREATE INDEX ix_ledger_date ON accounts.ledger (entry_date, kind)`);
  },
  async (q) => {
    for (const table of ['ledger', 'credit', 'voucher_counter', 'invoice', 'job', 'consignee']) await q.query(`DROP TABLE accounts.${table}`);
    await q.query(`DROP FUNCTION accounts.credit_search_text(integer, text, text, text)`);
    await q.query(`DROP FUNCTION accounts.invoice_search_text(text, text, text, text, text)`);
    await dropOutboxTable(q, 'accounts');
    await dropProcessedEventsTable(q, 'accounts');
    await dropIdempotencyTable(q, 'accounts');
  },
);
