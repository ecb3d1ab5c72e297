import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AccountsTexts,
  RECEIVABLES_MONTHS,
  RECEIVABLES_TOP,
  STATEMENT_PAGE_SIZE,
  accountsReports,
  type ExportCursor,
  type LedgerKind,
  type ResourceHandlers,
  type StatementLine,
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

/** A ledger row as a line: its amount in the debit column (it raised the balance) or the credit column (it lowered it). */
function line(row: LedgerRow): StatementLine {
  const negative = row.amount.startsWith('-');
  return {
    date: row.entry_date,
    kind: row.kind,
    reference: row.job_no ?? (row.credit_sr === null ? '' : String(row.credit_sr)),
    details: details(row),
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
    assertOwnConsignee(actor, params.consignee_id);
    // One snapshot: the figures and the page agree even while credits are written.
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const consignee = await this.consignee(tx, params.consignee_id);
      const figures = await this.figures(tx, consignee.id, query.from, query.to);
      const size = query.pageSize ?? (query.page ? STATEMENT_PAGE_SIZE : null);
      const offset = query.page && size ? (query.page - 1) * size : 0;
      const rows = (await tx.query(STATEMENT_PAGE_SQL, [consignee.id, query.from, query.to, figures.opening, size, offset])) as LedgerRow[];
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
        lines: rows.map(line),
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
    assertOwnConsignee(actor, params.consignee_id);
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const consignee = await this.consignee(tx, params.consignee_id);
      const items: StatementLine[] = [];
      let start: { date: string; id: string; balance: string };
      if (after) {
        const [date, id, balance] = after as [string, string, string];
        start = { date, id, balance };
      } else {
        const { opening } = await this.figures(tx, consignee.id, query.from, query.to);
        start = { date: query.from, id: '0', balance: opening };
        items.push({ date: query.from, kind: 'brought forward', reference: '', details: '', debit: '', credit: '', balance: opening });
      }
      const rows = (await tx.query(STATEMENT_CHUNK_SQL, [consignee.id, query.from, query.to, start.date, start.id, start.balance, limit + 1])) as LedgerRow[];
      const more = rows.length > limit;
      const sent = rows.slice(0, limit);
      items.push(...sent.map(line));
      const last = sent.at(-1);
      if (more) return { items, next: [last!.entry_date, last!.id, last!.balance] as ExportCursor };
      const closing = last?.balance ?? start.balance;
      items.push({ date: query.to, kind: 'carried forward', reference: '', details: '', debit: '', credit: '', balance: closing });
      return { items, next: null };
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

  /** The balance before `from`, what the range added and took away, and the balance after `to`: one pass over the consignee's rows up to `to`. */
  private async figures(db: Db, consigneeId: string, from: string, to: string) {
    const [row] = (await db.query(STATEMENT_FIGURES_SQL, [consigneeId, from, to])) as [
      { opening: string; debit: string; credit: string; closing: string; count: number },
    ];
    return { opening: money(row.opening), debit: money(row.debit), credit: money(row.credit), closing: money(row.closing), count: row.count };
  }
}

/** Postgres prints a sum of numeric(20,2) with two decimals already; `0` (coalesce) gets them too. */
function money(text: string): string {
  return /\.\d{2}$/.test(text) ? text : `${text}.00`;
}
