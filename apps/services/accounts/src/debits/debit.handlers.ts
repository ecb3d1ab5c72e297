import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, debits, eventSubject, type DebitSummary, type InvoicedShipment, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { appendEvents, type Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { consigneeByName } from '../ledger/consignees.js';
import { lockConsignees, moveBalance } from '../ledger/ledger.js';
import { readList, type ListDef } from '../ledger/lists.js';
import { difference, fromCents, toCents } from '../ledger/money.js';

type Handlers = ResourceHandlers<typeof debits>;
type Msg<K extends keyof Handlers> = Parameters<Handlers[K]>[0];

/** An invoiced job as the debit records show it, from `accounts.invoice i JOIN accounts.job j`. */
const INVOICE_COLUMNS = `i.job_no AS "jobNo", i.consignee_name AS consignee, i.consignee_id::text AS consignee_id, i.invoice_no AS "invoiceNo",
  i.amount::text AS "invoiceAmount", to_char(i.invoice_date, 'YYYY-MM-DD') AS "invoiceDate", j.origin_port AS origin,
  coalesce(j.shipper_name, '') AS "shipperName", j.bl_no AS "blNo", j.container_no AS "containerNo"`;

/** The debit records (DECISIONS §1): newest invoice first; sorted, searched and paged in SQL. */
export const INVOICE_LIST: ListDef = {
  columns: INVOICE_COLUMNS,
  from: 'accounts.invoice i JOIN accounts.job j USING (job_no)',
  table: 'accounts.invoice i',
  key: 'i.job_no',
  always: [],
  consigneeColumn: 'i.consignee_id',
  searchColumn: 'i.search_text',
  sorts: {
    invoiceDate: 'i.invoice_date',
    jobNo: 'i.job_no',
    invoiceNo: 'lower(i.invoice_no)',
    invoiceAmount: 'i.amount',
    consignee: 'lower(i.consignee_name)',
  },
  tieBreaker: 'i.job_no',
  fallback: { sort: 'invoiceDate', order: 'desc' },
  counted: 'invoice_count',
};

const invoiceOf = async (tx: Pick<Tx, 'query'>, jobNo: string) =>
  (await tx.query<InvoicedShipment[]>(`SELECT ${INVOICE_COLUMNS} FROM accounts.invoice i JOIN accounts.job j USING (job_no) WHERE i.job_no = $1`, [jobNo]))[0]!;

/**
 * Debits (spec 02 §4, §7; DECISIONS §3): one invoice per job. A debit on a job that has one
 * replaces it: the balance moves by the difference (a ledger row 'invoice replaced'), or, when the
 * job's consignee changed since, the old consignee is credited back and the new one charged.
 */
@Injectable()
export class DebitHandlers implements Handlers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  adddebit({ actor, params, body }: Msg<'adddebit'>) {
    return this.db.transaction(async (tx: Tx) => {
      const [job] = await tx.query<{ job_no: string; consignee_id: string; bl_no: string; container_no: string }[]>(
        `SELECT job_no, consignee_id, bl_no, container_no FROM accounts.job WHERE job_no = $1 AND deleted_at IS NULL FOR UPDATE`,
        [params.jobNo.toUpperCase()],
      );
      if (!job) throw new AppError('NOT_FOUND', AccountsTexts.shipmentNotFound);
      const [old] = await tx.query<{ consignee_id: string; invoice_no: string; amount: string; invoice_date: string }[]>(
        `SELECT consignee_id, invoice_no, amount::text AS amount, to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date FROM accounts.invoice WHERE job_no = $1`,
        [job.job_no],
      );
      await lockConsignees(tx, old ? [old.consignee_id, job.consignee_id] : [job.consignee_id]);
      const [consignee] = await tx.query<{ name: string }[]>(`SELECT name FROM accounts.consignee WHERE id = $1`, [job.consignee_id]);
      const by = { id: actor.id, name: actor.username };
      const facts = { jobNo: job.job_no, invoiceNo: body.invoiceNo, entryDate: body.invoiceDate, documentAmount: body.invoiceAmount, by };
      let after;
      if (old && old.consignee_id === job.consignee_id) {
        after = await moveBalance(tx, {
          ...facts,
          consigneeId: job.consignee_id,
          kind: 'invoice replaced',
          change: difference(body.invoiceAmount, old.amount),
        });
      } else {
        if (old) {
          const back = { ...facts, consigneeId: old.consignee_id, kind: 'invoice replaced' as const, change: fromCents(-toCents(old.amount)) };
          await moveBalance(tx, { ...back, invoiceNo: old.invoice_no, documentAmount: '0.00', count: -1 });
        }
        after = await moveBalance(tx, { ...facts, consigneeId: job.consignee_id, kind: 'invoice', change: body.invoiceAmount, count: 1 });
      }
      await tx.query(
        `INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5::numeric, $6::date, accounts.invoice_search_text($1, $4, $3, $7, $8), $9, $9)
         ON CONFLICT (job_no) DO UPDATE SET consignee_id = excluded.consignee_id, consignee_name = excluded.consignee_name,
           invoice_no = excluded.invoice_no, amount = excluded.amount, invoice_date = excluded.invoice_date, search_text = excluded.search_text,
           updated_at = clock_timestamp(), updated_by = excluded.updated_by, version = accounts.invoice.version + 1`,
        [job.job_no, job.consignee_id, consignee!.name, body.invoiceNo, body.invoiceAmount, body.invoiceDate, job.bl_no, job.container_no, actor.id],
      );
      const shipment = await invoiceOf(tx, job.job_no);
      const replaced = old ? { invoiceNo: old.invoice_no, invoiceAmount: old.amount, invoiceDate: old.invoice_date } : null;
      await appendEvents(tx, [
        {
          subject: eventSubject('accounts', 'invoice', old ? 'updated' : 'created'),
          payload: { key: job.job_no, ...(replaced && { before: replaced }), after: shipment },
        },
      ]);
      return {
        success: true as const,
        message: old ? AccountsTexts.debitReplaced : AccountsTexts.debitAdded,
        updatedBalance: after.balance,
        replaced,
        shipment,
      };
    });
  }

  async invoicedshipments({ query }: Msg<'invoicedshipments'>) {
    const consignee = query.consigneeName ? await consigneeByName(this.db, query.consigneeName, 'consigneeName') : null;
    const { items, total } = await readList<InvoicedShipment>(this.db, INVOICE_LIST, query, consignee?.id ?? null);
    return {
      items,
      total,
      success: true as const,
      summary: consignee ? await this.summary(consignee.id) : null,
      message: total === 0 ? AccountsTexts.noDebits : `${total} invoiced shipment${total === 1 ? '' : 's'}`,
    };
  }

  /** The debit records' summary (spec 02 §3): opening balance, total debit, grand total; with the credits and the balance. */
  private async summary(consigneeId: string): Promise<DebitSummary> {
    const [row] = await this.db.query<DebitSummary[]>(
      `SELECT name AS consignee, id::text AS consignee_id, opening_balance::text AS "openingBalance", total_debit::text AS "totalDebit",
         (opening_balance + total_debit)::text AS "grandTotal", total_credit::text AS "totalCredit", balance::text AS balance
       FROM accounts.consignee WHERE id = $1`,
      [consigneeId],
    );
    return row!;
  }
}
