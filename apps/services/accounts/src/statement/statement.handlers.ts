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
  type ResourceHandlers,
  type Statement,
  type StatementLine,
  type StatementView,
} from '@freight/contracts';
import { AppError, JsonReply } from '@freight/server';
import type { Db } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { ConsigneeRepository, type ConsigneeRef } from '../ledger/consignee.repository.js';
import { assertOwnConsignee } from '../ledger/ledger.js';
import { StatementRepository, type LedgerRow } from './statement.repository.js';

type Handlers = ResourceHandlers<typeof accountsReports>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly statements: StatementRepository,
    private readonly consignees: ConsigneeRepository,
  ) {}

  /** The figures and a page of lines (every line without `page`), built by Postgres in one statement, so one snapshot, and passed on as its bytes (docs/adr/0059-json-replies-passed-as-bytes.md). */
  async statement({ actor, params, query }: Parameters<Handlers['statement']>[0]) {
    const view = viewOf(actor, params.consignee_id, query.view);
    const size = query.pageSize ?? (query.page ? STATEMENT_PAGE_SIZE : null);
    const offset = query.page && size ? (query.page - 1) * size : 0;
    const page = { consigneeId: params.consignee_id, from: query.from, to: query.to, limit: size, offset };
    const json = UUID.test(params.consignee_id) ? await this.statements.reply(this.db, view, page) : undefined;
    if (json === undefined) throw new AppError('NOT_FOUND', AccountsTexts.consigneeNotFound);
    return new JsonReply<Statement>(json);
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
      const rows = await this.statements.chunk(tx, view, {
        consigneeId: consignee.id,
        from: query.from,
        to: query.to,
        after: start.keys,
        balance: start.balance,
        limit: limit + 1,
      });
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
      const owed = await this.consignees.owed(tx);
      const top = await this.consignees.topOwing(tx, RECEIVABLES_TOP);
      const months = await this.statements.months(tx, RECEIVABLES_MONTHS);
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
  private async consignee(db: Db, id: string): Promise<ConsigneeRef> {
    const row = UUID.test(id) ? await this.consignees.byId(db, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', AccountsTexts.consigneeNotFound);
    return row;
  }

  /** The balance before `from`, what the range added and took away, and the balance after `to`: one pass over the consignee's rows (or documents) up to `to`. */
  private async figures(db: Db, view: StatementView, consigneeId: string, from: string, to: string) {
    const row = await this.statements.figures(db, view, { consigneeId, from, to });
    return { opening: money(row.opening), debit: money(row.debit), credit: money(row.credit), closing: money(row.closing), count: row.count };
  }
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
