import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AccountsTexts,
  Messages,
  RECEIVABLES_MONTHS,
  RECEIVABLES_TOP,
  STATEMENT_PAGE_SIZE,
  accountsReports,
  isClientRole,
  statementFileName,
  type ExportCursor,
  type LedgerKind,
  type ResourceHandlers,
  type StatementLine,
  type StatementView,
} from '@freight/contracts';
import { AppError } from '@freight/server';
import { DataSource, type EntityManager } from 'typeorm';
import { assertOwnConsignee } from '../ledger/ledger.js';

type Handlers = ResourceHandlers<typeof accountsReports>;
type Db = DataSource | EntityManager;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A ledger row as the statement reads it, money as text (numeric, never a float: ADR 23). */
interface LedgerRow {
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

/** The balance before `from` ($2), what the range added and took away, the balance after `to` ($3), how many rows: one pass over the consignee's ($1) rows up to `to`. */
export const STATEMENT_FIGURES_SQL = `SELECT coalesce(sum(amount) FILTER (WHERE entry_date < $2), 0)::text AS opening,
         coalesce(sum(amount) FILTER (WHERE entry_date >= $2 AND amount > 0), 0)::text AS debit,
         coalesce(-sum(amount) FILTER (WHERE entry_date >= $2 AND amount < 0), 0)::text AS credit,
         coalesce(sum(amount), 0)::text AS closing,
         count(*) FILTER (WHERE entry_date >= $2)::int AS count
       FROM accounts.ledger WHERE consignee_id = $1 AND entry_date <= $3`;

/** A page of a statement: the range's rows with the running balance from the opening ($4), $5 of them after $6. */
export const STATEMENT_PAGE_SQL = `SELECT * FROM (
           SELECT ${LINE_COLUMNS}, l.entry_date AS day, l.id AS seq, ($4::numeric + sum(l.amount) OVER (ORDER BY l.entry_date, l.id))::text AS balance
           FROM accounts.ledger l ${CREDIT_OF_LINE}
           WHERE l.consignee_id = $1 AND l.entry_date BETWEEN $2 AND $3
         ) lines
         ORDER BY day, seq LIMIT $5 OFFSET $6`;

/** A chunk of a statement's export: the rows after the cursor's day ($4) and id ($5), the running balance on from the cursor's ($6), $7 of them. */
export const STATEMENT_CHUNK_SQL = `SELECT ${LINE_COLUMNS}, ($6::numeric + sum(l.amount) OVER (ORDER BY l.entry_date, l.id))::text AS balance
         FROM accounts.ledger l ${CREDIT_OF_LINE}
         WHERE l.consignee_id = $1 AND l.entry_date BETWEEN $2 AND $3 AND (l.entry_date, l.id) > ($4::date, $5::bigint)
         ORDER BY l.entry_date, l.id LIMIT $7`;

/**
 * The consignee's ($1) documents as they stand now (the statement view, docs/adr/0042): the opening
 * balance (dated on the day it was first set), each invoice at its current amount on its day, each
 * live payment at its current amount on its day (a deleted one is not there). `amount` is the
 * balance's change (a payment's is negative); `rank, key` order one day's documents uniquely.
 */
const DOCUMENTS = `WITH docs AS (
           SELECT o.day, 0 AS rank, '' AS key, 'opening balance' AS kind, c.opening_balance AS amount, NULL::text AS job_no, NULL::text AS invoice_no,
             NULL::int AS credit_sr, NULL::numeric AS document_amount, NULL::text AS payment_type, NULL::text AS cheque_number
           FROM accounts.consignee c
           CROSS JOIN LATERAL (
             SELECT l.entry_date AS day FROM accounts.ledger l WHERE l.consignee_id = c.id AND l.kind = 'opening balance' ORDER BY l.entry_date, l.id LIMIT 1
           ) o
           WHERE c.id = $1 AND c.opening_balance <> 0
           UNION ALL
           SELECT i.invoice_date, 1, i.job_no, 'invoice', i.amount, i.job_no, i.invoice_no, NULL, NULL, NULL, NULL
           FROM accounts.invoice i WHERE i.consignee_id = $1
           UNION ALL
           SELECT k.credit_date, 2, lpad(k.credit_sr::text, 10, '0'), 'credit', -k.amount, NULL, NULL, k.credit_sr, NULL, k.payment_type, k.cheque_number
           FROM accounts.credit k WHERE k.consignee_id = $1 AND k.deleted_at IS NULL
         )`;

const DOCUMENT_COLUMNS = `to_char(day, 'YYYY-MM-DD') AS entry_date, kind, amount::text AS amount, job_no, invoice_no, credit_sr,
  document_amount::text AS document_amount, payment_type, cheque_number, rank, key`;

/** The statement view's figures: as STATEMENT_FIGURES_SQL, over the documents. */
export const DOCUMENT_FIGURES_SQL = `${DOCUMENTS}
         SELECT coalesce(sum(amount) FILTER (WHERE day < $2), 0)::text AS opening,
           coalesce(sum(amount) FILTER (WHERE day >= $2 AND amount > 0), 0)::text AS debit,
           coalesce(-sum(amount) FILTER (WHERE day >= $2 AND amount < 0), 0)::text AS credit,
           coalesce(sum(amount), 0)::text AS closing,
           count(*) FILTER (WHERE day >= $2)::int AS count
         FROM docs WHERE day <= $3`;

/** The statement view's page: as STATEMENT_PAGE_SQL, over the documents. */
export const DOCUMENT_PAGE_SQL = `${DOCUMENTS}
         SELECT ${DOCUMENT_COLUMNS}, ($4::numeric + sum(amount) OVER (ORDER BY day, rank, key))::text AS balance
         FROM docs WHERE day BETWEEN $2 AND $3
         ORDER BY day, rank, key LIMIT $5 OFFSET $6`;

/** The statement view's export chunk: the documents after the cursor's day ($4), rank ($5) and key ($6), the running balance on from $7, $8 of them. */
export const DOCUMENT_CHUNK_SQL = `${DOCUMENTS}
         SELECT ${DOCUMENT_COLUMNS}, ($7::numeric + sum(amount) OVER (ORDER BY day, rank, key))::text AS balance
         FROM docs WHERE day BETWEEN $2 AND $3 AND (day, rank, key) > ($4::date, $5::int, $6::text)
         ORDER BY day, rank, key LIMIT $8`;

/** `1234.50` → `Rs. 1,234.50` inside a line's details. */
const rs = (amount: string | null) => `Rs. ${(amount ?? '0.00').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** What a ledger row says to a consignee reading their statement. */
function details(row: LedgerRow): string {
  const payment = row.payment_type === 'Cheque' ? `Cheque ${row.cheque_number}` : (row.payment_type ?? 'Payment');
  switch (row.kind) {
    case 'invoice':
      return `Invoice ${row.invoice_no ?? ''}`.trim();
    case 'invoice replaced':
      return `Invoice ${row.invoice_no ?? ''}, now ${rs(row.document_amount)}`;
    case 'credit':
      return payment;
    case 'credit edited':
      return `${payment}, now ${rs(row.document_amount)}`;
    case 'credit deleted':
      return `${payment} deleted (was ${rs(row.document_amount)})`;
    case 'opening balance':
      return `Opening balance, now ${rs(row.document_amount)}`;
  }
}

/** A ledger row (or a document) as a line: its amount in the debit column (it raised the balance) or the credit column (it lowered it). */
function line(row: LedgerRow, view: StatementView): StatementLine {
  const negative = row.amount.startsWith('-');
  return {
    date: row.entry_date,
    kind: row.kind,
    reference: row.job_no ?? (row.credit_sr === null ? '' : String(row.credit_sr)),
    // A document is shown as it stands: no "now" of a correction.
    details: view === 'statement' && row.kind === 'opening balance' ? 'Opening balance' : details(row),
    debit: negative ? '' : row.amount,
    credit: negative ? row.amount.slice(1) : '',
    balance: row.balance,
  };
}

/**
 * The statement of account and the receivables (issue 10 "Beyond the seeds"; ADR 37), read from
 * the ledger: every change of a balance is a row there with the day it counts on, so a
 * consignee's balance on any day is the sum of their rows up to it, and a statement is their rows
 * of a range, walked by the index (consignee_id, entry_date, id), with the running balance added
 * up by Postgres in numeric.
 */
@Injectable()
export class StatementHandlers implements Handlers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async statement({ actor, params, query }: Parameters<Handlers['statement']>[0]) {
    const view = viewOf(actor, params.consignee_id, query.view);
    // One snapshot: the figures and the page agree even while credits are written.
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const consignee = await this.consignee(tx, params.consignee_id);
      const figures = await this.figures(tx, view, consignee.id, query.from, query.to);
      const size = query.pageSize ?? (query.page ? STATEMENT_PAGE_SIZE : null);
      const offset = query.page && size ? (query.page - 1) * size : 0;
      const sql = view === 'ledger' ? STATEMENT_PAGE_SQL : DOCUMENT_PAGE_SQL;
      const rows = (await tx.query(sql, [consignee.id, query.from, query.to, figures.opening, size, offset])) as LedgerRow[];
      return {
        success: true as const,
        consignee: { _id: consignee.id, consigneeName: consignee.name },
        from: query.from,
        to: query.to,
        openingBalance: figures.opening,
        totalDebit: figures.debit,
        totalCredit: figures.credit,
        closingBalance: figures.closing,
        lineCount: figures.count,
        lines: rows.map((row) => line(row, view)),
      };
    });
  }

  /**
   * The statement in chunks (the CSV, and the gateway's PDF): the balance brought forward first,
   * then the ledger rows after the cursor, the balance carried forward after the last. The cursor
   * is the last row's day, id and running balance, so a chunk neither adds up what came before
   * nor skips what was written between chunks.
   */
  async statementExport({ actor, params, query, after, limit }: Parameters<Handlers['statementExport']>[0]) {
    const view = viewOf(actor, params.consignee_id, query.view);
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const consignee = await this.consignee(tx, params.consignee_id);
      const items: StatementLine[] = [];
      // Where the chunk starts: after the last line's sort keys (ledger: day, id; statement: day, rank, key), with its balance last.
      let start: { keys: (string | number)[]; balance: string };
      if (after) {
        start = { keys: after.slice(0, -1), balance: String(after.at(-1)) };
      } else {
        const { opening } = await this.figures(tx, view, consignee.id, query.from, query.to);
        start = { keys: view === 'ledger' ? [query.from, '0'] : [query.from, -1, ''], balance: opening };
        items.push({ date: query.from, kind: 'brought forward', reference: '', details: '', debit: '', credit: '', balance: opening });
      }
      const sql = view === 'ledger' ? STATEMENT_CHUNK_SQL : DOCUMENT_CHUNK_SQL;
      const rows = (await tx.query(sql, [consignee.id, query.from, query.to, ...start.keys, start.balance, limit + 1])) as (LedgerRow & DocumentKeys)[];
      const more = rows.length > limit;
      const sent = rows.slice(0, limit);
      items.push(...sent.map((row) => line(row, view)));
      const last = sent.at(-1);
      const fileName = after ? {} : { fileName: statementFileName(consignee.name, query.from, query.to, 'csv', view) };
      if (more) {
        const keys = view === 'ledger' ? [last!.entry_date, last!.id] : [last!.entry_date, last!.rank, last!.key];
        return { items, next: [...keys, last!.balance] as ExportCursor, ...fileName };
      }
      const closing = last?.balance ?? start.balance;
      items.push({ date: query.to, kind: 'carried forward', reference: '', details: '', debit: '', credit: '', balance: closing });
      return { items, next: null, ...fileName };
    });
  }

  async receivables() {
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const [owed] = (await tx.query(
        `SELECT coalesce(sum(balance), 0)::text AS total, count(*)::int AS owing FROM accounts.consignee WHERE deleted_at IS NULL AND balance > 0`,
      )) as [{ total: string; owing: number }];
      const top = (await tx.query(
        // Ordered by the numeric column, not the text of the same name in the select list.
        `SELECT c.id AS consignee_id, c.name AS "consigneeName", c.balance::text AS balance
         FROM accounts.consignee c WHERE c.deleted_at IS NULL AND c.balance > 0 ORDER BY c.balance DESC, c.id LIMIT $1`,
        [RECEIVABLES_TOP],
      )) as { consignee_id: string; consigneeName: string; balance: string }[];
      // Invoices (and their replacements) raise what was invoiced in their month; payments (edited, deleted) what was paid.
      const months = (await tx.query(
        `WITH months AS (
           SELECT generate_series(date_trunc('month', current_date) - make_interval(months => $1 - 1), date_trunc('month', current_date), interval '1 month')::date AS month
         )
         SELECT to_char(m.month, 'YYYY-MM') AS month,
           coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('invoice', 'invoice replaced')), 0)::text AS invoiced,
           coalesce(-sum(l.amount) FILTER (WHERE l.kind IN ('credit', 'credit edited', 'credit deleted')), 0)::text AS credited
         FROM months m
         LEFT JOIN accounts.ledger l ON l.entry_date >= m.month AND l.entry_date < m.month + interval '1 month'
         GROUP BY m.month ORDER BY m.month`,
        [RECEIVABLES_MONTHS],
      )) as { month: string; invoiced: string; credited: string }[];
      return {
        success: true as const,
        totalOwed: money(owed.total),
        consigneesOwing: owed.owing,
        top,
        months: months.map((m) => ({ ...m, invoiced: money(m.invoiced), credited: money(m.credited) })),
      };
    });
  }

  /** The consignee named in the path; an id that is none is 404, like an unknown one. */
  private async consignee(db: Db, id: string): Promise<{ id: string; name: string }> {
    const [row] = UUID.test(id) ? ((await db.query(`SELECT id, name FROM accounts.consignee WHERE id = $1`, [id])) as { id: string; name: string }[]) : [];
    if (!row) throw new AppError('NOT_FOUND', AccountsTexts.consigneeNotFound);
    return row;
  }

  /** The balance before `from`, what the range added and took away, and the balance after `to`: one pass over the consignee's rows (or documents) up to `to`. */
  private async figures(db: Db, view: StatementView, consigneeId: string, from: string, to: string) {
    const [row] = (await db.query(view === 'ledger' ? STATEMENT_FIGURES_SQL : DOCUMENT_FIGURES_SQL, [consigneeId, from, to])) as [
      { opening: string; debit: string; credit: string; closing: string; count: number },
    ];
    return { opening: money(row.opening), debit: money(row.debit), credit: money(row.credit), closing: money(row.closing), count: row.count };
  }
}

/** A document's order within its day (the statement view's cursor). */
interface DocumentKeys {
  rank: number;
  key: string;
}

/**
 * The view asked for (the statement by default). The ledger, with its corrections, is the staff's:
 * a client reads their own statement only (FORBIDDEN otherwise), and never its ledger view.
 */
function viewOf(actor: Parameters<typeof assertOwnConsignee>[0], consigneeId: string, view: StatementView | undefined): StatementView {
  assertOwnConsignee(actor, consigneeId);
  if (view === 'ledger' && isClientRole(actor.role)) throw new AppError('FORBIDDEN', Messages.forbidden);
  return view ?? 'statement';
}

/** Postgres prints a sum of numeric(20,2) with two decimals already; `0` (coalesce) gets them too. */
function money(text: string): string {
  return /\.\d{2}$/.test(text) ? text : `${text}.00`;
}
