import { Injectable } from '@nestjs/common';
import type { LedgerKind, StatementView } from '@freight/contracts';
import { firstRow, query, rows, type Db, type Query, type QueryFile } from '@freight/server-database';

/** A ledger row as the statement reads it, money as text (numeric, never a float: ADR 23). */
export interface LedgerRow {
  id: string;
  entry_date: string;
  kind: LedgerKind;
  amount: string;
  job_no: string | null;
  invoice_no: string | null;
  credit_sr: number | null;
  document_amount: string | null;
  payment_type: string | null;
  cheque_number: string | null;
  /** The balance after the row: what came before it plus its amount. */
  balance: string;
}

/** The columns a line needs: the row, and the payment's type and cheque from the credit it names. */
const LINE_COLUMNS = `l.id::text AS id, to_char(l.entry_date, 'YYYY-MM-DD') AS entry_date, l.kind, l.amount::text AS amount, l.job_no, l.invoice_no,
  l.credit_sr, l.document_amount::text AS document_amount, c.payment_type, c.cheque_number`;

/**
 * A line's payment type and cheque from the credit it names, looked up by the credit's key for
 * that row only (OFFSET 0 keeps the lookup per row: joined whole, the planner may hash every
 * credit for a thousand lines).
 */
const CREDIT_OF_LINE = `LEFT JOIN LATERAL (SELECT k.payment_type, k.cheque_number FROM accounts.credit k WHERE k.id = l.credit_id OFFSET 0) c ON true`;

/** The balance before `from`, what the range added and took away, the balance after `to`, how many rows: one pass over the consignee's rows up to `to`. */
const FIGURES = `SELECT coalesce(sum(amount) FILTER (WHERE entry_date < :from), 0)::text AS opening,
         coalesce(sum(amount) FILTER (WHERE entry_date >= :from AND amount > 0), 0)::text AS debit,
         coalesce(-sum(amount) FILTER (WHERE entry_date >= :from AND amount < 0), 0)::text AS credit,
         coalesce(sum(amount), 0)::text AS closing,
         count(*) FILTER (WHERE entry_date >= :from)::int AS count
       FROM accounts.ledger WHERE consignee_id = :consigneeId AND entry_date <= :to`;

/** A chunk of a statement's export: the rows after the cursor's day and id, the running balance on from the cursor's, `limit` of them. */
const CHUNK = `SELECT ${LINE_COLUMNS}, (:balance::numeric + sum(l.amount) OVER (ORDER BY l.entry_date, l.id))::text AS balance
         FROM accounts.ledger l ${CREDIT_OF_LINE}
         WHERE l.consignee_id = :consigneeId AND l.entry_date BETWEEN :from AND :to AND (l.entry_date, l.id) > (:afterDay::date, :afterId::bigint)
         ORDER BY l.entry_date, l.id LIMIT :limit`;

/**
 * The consignee's documents as they stand now (the statement view, docs/adr/0042): the opening
 * balance (dated on the day it was first set), each invoice at its current amount on its day, each
 * live payment at its current amount on its day (a deleted one is not there). `amount` is the
 * balance's change (a payment's is negative); `rank, key` order one day's documents uniquely.
 */
const DOCUMENTS = `docs AS NOT MATERIALIZED (
           SELECT o.day, 0 AS rank, '' AS key, 'opening balance' AS kind, c.opening_balance AS amount, NULL::text AS job_no, NULL::text AS invoice_no,
             NULL::int AS credit_sr, NULL::numeric AS document_amount, NULL::text AS payment_type, NULL::text AS cheque_number
           FROM accounts.consignee c
           CROSS JOIN LATERAL (
             SELECT l.entry_date AS day FROM accounts.ledger l WHERE l.consignee_id = c.id AND l.kind = 'opening balance' ORDER BY l.entry_date, l.id LIMIT 1
           ) o
           WHERE c.id = :consigneeId AND c.opening_balance <> 0
           UNION ALL
           SELECT i.invoice_date, 1, i.job_no, 'invoice', i.amount, i.job_no, i.invoice_no, NULL, NULL, NULL, NULL
           FROM accounts.invoice i WHERE i.consignee_id = :consigneeId
           UNION ALL
           SELECT k.credit_date, 2, lpad(k.credit_sr::text, 10, '0'), 'credit', -k.amount, NULL, NULL, k.credit_sr, NULL, k.payment_type, k.cheque_number
           FROM accounts.credit k WHERE k.consignee_id = :consigneeId AND k.deleted_at IS NULL
         )`;

const DOCUMENT_COLUMNS = `to_char(day, 'YYYY-MM-DD') AS entry_date, kind, amount::text AS amount, job_no, invoice_no, credit_sr,
  document_amount::text AS document_amount, payment_type, cheque_number, rank, key`;

/** The statement view's figures: as FIGURES, over the documents. */
const DOCUMENT_FIGURES = `WITH ${DOCUMENTS}
         SELECT coalesce(sum(amount) FILTER (WHERE day < :from), 0)::text AS opening,
           coalesce(sum(amount) FILTER (WHERE day >= :from AND amount > 0), 0)::text AS debit,
           coalesce(-sum(amount) FILTER (WHERE day >= :from AND amount < 0), 0)::text AS credit,
           coalesce(sum(amount), 0)::text AS closing,
           count(*) FILTER (WHERE day >= :from)::int AS count
         FROM docs WHERE day <= :to`;

/** The statement view's export chunk: the documents after the cursor's day, rank and key, the running balance on from the cursor's, `limit` of them. */
const DOCUMENT_CHUNK = `WITH ${DOCUMENTS}
         SELECT ${DOCUMENT_COLUMNS}, (:balance::numeric + sum(amount) OVER (ORDER BY day, rank, key))::text AS balance
         FROM docs WHERE day BETWEEN :from AND :to AND (day, rank, key) > (:afterDay::date, :afterRank::int, :afterKey::text)
         ORDER BY day, rank, key LIMIT :limit`;

/** `Rs. 1,234.50` (the handler's `rs`): money inside a line's details. */
const rs = (amount: string) => `'Rs. ' || to_char(coalesce(${amount}, 0), 'FM999,999,999,999,999,990.00')`;

/** What a payment is called in a line's details: "Cheque 0042", "Cash", or "Payment" for a row naming no credit. */
const PAYMENT = `CASE WHEN payment_type = 'Cheque' THEN 'Cheque ' || cheque_number ELSE coalesce(payment_type, 'Payment') END`;

/** What a row says to a consignee reading their statement (the handler's `details`); the statement view shows a document as it stands, no "now" of a correction. */
const DETAILS = {
  ledger: `CASE kind WHEN 'invoice' THEN rtrim('Invoice ' || coalesce(invoice_no, ''))
             WHEN 'invoice replaced' THEN 'Invoice ' || coalesce(invoice_no, '') || ', now ' || ${rs('document_amount')}
             WHEN 'credit' THEN ${PAYMENT}
             WHEN 'credit edited' THEN ${PAYMENT} || ', now ' || ${rs('document_amount')}
             WHEN 'credit deleted' THEN ${PAYMENT} || ' deleted (was ' || ${rs('document_amount')} || ')'
             WHEN 'opening balance' THEN 'Opening balance, now ' || ${rs('document_amount')} END`,
  statement: `CASE kind WHEN 'invoice' THEN rtrim('Invoice ' || coalesce(invoice_no, '')) WHEN 'credit' THEN ${PAYMENT} ELSE 'Opening balance' END`,
};

/**
 * The statement call's reply whole (its figures and a page of its lines, every line when `limit` is
 * null), built by Postgres as the handler built it from rows (docs/adr/0059-json-replies-passed-as-bytes.md):
 * `rows` the consignee's rows (or documents) as `docs` (day, the order's keys, kind, amount, …),
 * read for the figures up to `to` and again for the range's lines (NOT MATERIALIZED: each read
 * walks its own index range), in one statement, so one snapshot. No row when the consignee is none.
 */
function replySql(rows: string, order: string, lineFrom: string, view: StatementView): string {
  return `WITH ${rows},
         figures AS (
           SELECT coalesce(sum(amount) FILTER (WHERE day < :from), 0.00) AS opening,
             coalesce(sum(amount) FILTER (WHERE day >= :from AND amount > 0), 0.00) AS debit,
             coalesce(-sum(amount) FILTER (WHERE day >= :from AND amount < 0), 0.00) AS credit,
             coalesce(sum(amount), 0.00) AS closing,
             count(*) FILTER (WHERE day >= :from)::int AS count
           FROM docs WHERE day <= :to
         ),
         lines AS (
           SELECT *, sum(amount) OVER (ORDER BY ${order}) AS run FROM docs WHERE day BETWEEN :from AND :to ORDER BY ${order} LIMIT :limit OFFSET :offset
         )
         SELECT json_build_object('success', true, 'consignee', json_build_object('_id', c.id, 'consigneeName', c.name),
           'from', to_char(:from::date, 'YYYY-MM-DD'), 'to', to_char(:to::date, 'YYYY-MM-DD'), 'openingBalance', f.opening::text,
           'totalDebit', f.debit::text, 'totalCredit', f.credit::text, 'closingBalance', f.closing::text, 'lineCount', f.count,
           'lines', (
             SELECT coalesce(json_agg(json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'kind', kind, 'reference', coalesce(job_no, credit_sr::text, ''),
               'details', ${DETAILS[view]}, 'debit', CASE WHEN amount < 0 THEN '' ELSE amount::text END,
               'credit', CASE WHEN amount < 0 THEN (-amount)::text ELSE '' END, 'balance', (f.opening + run)::text) ORDER BY ${order}), '[]')
             FROM ${lineFrom}
           ))::text AS json
         FROM accounts.consignee c CROSS JOIN figures f WHERE c.id = :consigneeId`;
}

/** The ledger's rows as the statement's `docs`; a line's payment looked up for the range's rows only. */
const LEDGER_REPLY = replySql(
  `docs AS NOT MATERIALIZED (
           SELECT entry_date AS day, id AS seq, kind, amount, job_no, invoice_no, credit_sr, document_amount, credit_id
           FROM accounts.ledger WHERE consignee_id = :consigneeId
         )`,
  'day, seq',
  `lines l ${CREDIT_OF_LINE}`,
  'ledger',
);

const DOCUMENT_REPLY = replySql(DOCUMENTS, 'day, rank, key', 'lines', 'statement');

/** A document's order within its day (the statement view's cursor). */
export interface DocumentKeys {
  rank: number;
  key: string;
}

/** The figures of a range: the balance before it, what it added and took away, the balance after it, how many lines. */
export interface StatementFigures {
  opening: string;
  debit: string;
  credit: string;
  closing: string;
  count: number;
}

const CONSIGNEE = '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03';
const RANGE = { consigneeId: CONSIGNEE, from: '2026-01-01', to: '2026-06-30' };
const REPLY_EXAMPLE = { ...RANGE, limit: 50, offset: 50 };

/** Where a chunk starts: after the last line's sort keys (ledger: day, id; statement: day, rank, key), with its running balance. */
export interface ChunkStart {
  consigneeId: string;
  from: string;
  to: string;
  after: readonly (string | number)[];
  balance: string;
  limit: number;
}

export const STATEMENT_QUERIES = {
  'ledger.figures': query(FIGURES, RANGE),
  'ledger.reply': query(LEDGER_REPLY, REPLY_EXAMPLE),
  'ledger.chunk': query(CHUNK, { ...RANGE, afterDay: '2026-02-01', afterId: '4711', balance: '980.00', limit: 501 }),
  'statement.figures': query(DOCUMENT_FIGURES, RANGE),
  'statement.reply': query(DOCUMENT_REPLY, REPLY_EXAMPLE),
  'statement.chunk': query(DOCUMENT_CHUNK, { ...RANGE, afterDay: '2026-02-01', afterRank: 1, afterKey: 'IMP-000123', balance: '980.00', limit: 501 }),
  // Invoices (and their replacements) raise what was invoiced in their month; payments (edited, deleted) what was paid.
  months: query(
    `WITH months AS (
           SELECT generate_series(date_trunc('month', current_date) - make_interval(months => :months - 1), date_trunc('month', current_date), interval '1 month')::date AS month
         )
         SELECT to_char(m.month, 'YYYY-MM') AS month,
           coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('invoice', 'invoice replaced')), 0)::text AS invoiced,
           coalesce(-sum(l.amount) FILTER (WHERE l.kind IN ('credit', 'credit edited', 'credit deleted')), 0)::text AS credited
         FROM months m
         LEFT JOIN accounts.ledger l ON l.entry_date >= m.month AND l.entry_date < m.month + interval '1 month'
         GROUP BY m.month ORDER BY m.month`,
    { months: 12 },
  ),
} satisfies Record<string, Query>;

export const STATEMENT_QUERY_FILE: QueryFile = { file: 'statement/queries/statement.repository.sql', queries: STATEMENT_QUERIES };

/**
 * The statement of account and the receivables, read from the ledger (every change of a balance a
 * row with the day it counts on, walked by the index (consignee_id, entry_date, id)), and for the
 * statement view from the documents as they stand (invoices, live payments, the opening balance).
 */
@Injectable()
export class StatementRepository {
  async figures(db: Db, view: StatementView, range: { consigneeId: string; from: string; to: string }): Promise<StatementFigures> {
    return (await firstRow<StatementFigures>(db, STATEMENT_QUERIES[`${view}.figures`], range))!;
  }

  /** The statement call's reply as JSON (`reply`): the figures and `limit` lines after `offset` (every line when null); undefined for no consignee. */
  async reply(
    db: Db,
    view: StatementView,
    page: { consigneeId: string; from: string; to: string; limit: number | null; offset: number },
  ): Promise<string | undefined> {
    return (await firstRow<{ json: string }>(db, STATEMENT_QUERIES[`${view}.reply`], page))?.json;
  }

  /** The lines after a cursor (ChunkStart), `limit` of them. */
  chunk(db: Db, view: StatementView, { after, ...start }: ChunkStart): Promise<(LedgerRow & DocumentKeys)[]> {
    const keys = view === 'ledger' ? { afterDay: after[0], afterId: after[1] } : { afterDay: after[0], afterRank: after[1], afterKey: after[2] };
    return rows<LedgerRow & DocumentKeys>(db, STATEMENT_QUERIES[`${view}.chunk`], { ...start, ...keys });
  }

  /** What was invoiced and paid in each of the last `months` months, oldest first. */
  months(db: Db, months: number): Promise<{ month: string; invoiced: string; credited: string }[]> {
    return rows(db, STATEMENT_QUERIES.months, { months });
  }
}
