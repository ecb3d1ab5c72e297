import { Injectable } from '@nestjs/common';
import type { Credit } from '@freight/contracts';
import { firstRow, query, rows, type Db, type QueryFile } from '@freight/server-database';
import { listQueries, type ListDef } from '../ledger/list.repository.js';
import { CREDIT_COLUMNS, CREDIT_FROM, CREDIT_JSON, type CreditRow } from './credit.row.js';

/** A new credit's row: its voucher number given, its consignee found. */
export interface NumberedCredit {
  creditSr: number;
  consigneeId: string;
  consigneeName: string;
  paymentType: Credit['paymentType'];
  chequeNumber: string;
  amount: string;
  remarks: string;
  /** `YYYY-MM-DD`, or null for today. */
  date: string | null;
  createdBy: string;
}

/** What an Edit Credit writes. */
export interface CreditChanges {
  id: string;
  paymentType: Credit['paymentType'];
  chequeNumber: string;
  amount: string;
  remarks: string;
  /** Null: the credit's date stays. */
  date: string | null;
  updatedBy: string;
}

const CREDIT = '6f1e2d3c-4b5a-4968-8776-a5b4c3d2e106';
const USER = '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02';

export const CREDIT_QUERIES = {
  /** Inserts the credits and answers them as replies show them, by voucher number. */
  insert: query(
    `WITH k AS (
       INSERT INTO accounts.credit (credit_sr, consignee_id, consignee_name, payment_type, cheque_number, amount, remarks, credit_date, search_text,
         created_by, updated_by)
       SELECT n.credit_sr, n.consignee_id, n.consignee_name, n.payment_type, n.cheque_number, n.amount, n.remarks, coalesce(n.credit_date, current_date),
         accounts.credit_search_text(n.credit_sr, n.consignee_name, n.cheque_number, n.remarks), n.created_by, n.created_by
       FROM jsonb_to_recordset(:credits::jsonb) AS n(credit_sr int, consignee_id uuid, consignee_name text, payment_type text, cheque_number text, amount numeric,
         remarks text, credit_date date, created_by uuid)
       RETURNING *)
     SELECT ${CREDIT_COLUMNS} FROM k JOIN accounts.consignee c ON c.id = k.consignee_id ORDER BY k.credit_sr`,
    {
      credits: JSON.stringify([
        {
          credit_sr: 101,
          consignee_id: '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03',
          consignee_name: 'Ceylon Traders',
          payment_type: 'Cheque',
          cheque_number: '000123',
          amount: '50.00',
          remarks: '',
          credit_date: null,
          created_by: USER,
        },
      ]),
    },
  ),
  byId: query(`SELECT ${CREDIT_COLUMNS} FROM ${CREDIT_FROM} WHERE k.id = :id AND k.deleted_at IS NULL`, { id: CREDIT }),
  lock: query(`SELECT ${CREDIT_COLUMNS} FROM ${CREDIT_FROM} WHERE k.id = :id AND k.deleted_at IS NULL FOR UPDATE OF k`, { id: CREDIT }),
  update: query(
    `UPDATE accounts.credit SET payment_type = :paymentType, cheque_number = :chequeNumber, amount = :amount::numeric, remarks = :remarks,
           credit_date = coalesce(:date::date, credit_date), search_text = accounts.credit_search_text(credit_sr, consignee_name, :chequeNumber, :remarks),
           updated_at = clock_timestamp(), updated_by = :updatedBy
         WHERE id = :id`,
    { id: CREDIT, paymentType: 'Cheque', chequeNumber: '000124', amount: '55.00', remarks: 'corrected', date: null, updatedBy: USER },
  ),
  markDeleted: query(`UPDATE accounts.credit SET deleted_at = clock_timestamp(), deleted_by = :by WHERE id = :id`, { id: CREDIT, by: USER }),
};

/** The credit records (requirements decisions §1): live credits, newest voucher first; sorted, searched and paged in SQL. */
export const CREDIT_LIST: ListDef = {
  columns: CREDIT_COLUMNS,
  json: CREDIT_JSON,
  from: CREDIT_FROM,
  table: 'accounts.credit k',
  key: 'k.id',
  always: ['k.deleted_at IS NULL'],
  consigneeColumn: 'k.consignee_id',
  searchColumn: 'k.search_text',
  sorts: {
    credit_sr: 'k.credit_sr',
    date: 'k.credit_date',
    consignee: 'lower(k.consignee_name)',
    amount: 'k.amount',
    paymentType: 'k.payment_type',
  },
  tieBreaker: 'k.credit_sr',
  fallback: { sort: 'credit_sr', order: 'desc' },
  counted: 'credit_count',
};

export const CREDIT_QUERY_FILE: QueryFile = {
  file: 'credits/queries/credit.repository.sql',
  queries: { ...CREDIT_QUERIES, ...listQueries(CREDIT_LIST, { 'list, first page': [{ page: 1 }, null], 'list, searched': [{ page: 1, q: '000123' }, null] }) },
};

/** accounts.credit: the payments, numbered from the voucher counter; a deleted one keeps its row (and its number). */
@Injectable()
export class CreditRepository {
  /** Inserts numbered credits in one statement; answers their rows by voucher number. */
  insert(tx: Db, credits: readonly NumberedCredit[]): Promise<CreditRow[]> {
    return rows<CreditRow>(tx, CREDIT_QUERIES.insert, {
      credits: JSON.stringify(
        credits.map((credit) => ({
          credit_sr: credit.creditSr,
          consignee_id: credit.consigneeId,
          consignee_name: credit.consigneeName,
          payment_type: credit.paymentType,
          cheque_number: credit.chequeNumber,
          amount: credit.amount,
          remarks: credit.remarks,
          credit_date: credit.date,
          created_by: credit.createdBy,
        })),
      ),
    });
  }

  /** A live credit (locked for the caller's change until `tx` ends when `lock`). */
  byId(db: Db, id: string, lock = false): Promise<CreditRow | undefined> {
    return firstRow<CreditRow>(db, lock ? CREDIT_QUERIES.lock : CREDIT_QUERIES.byId, { id });
  }

  async update(tx: Db, changes: CreditChanges): Promise<void> {
    await rows(tx, CREDIT_QUERIES.update, { ...changes });
  }

  async markDeleted(tx: Db, id: string, by: string): Promise<void> {
    await rows(tx, CREDIT_QUERIES.markDeleted, { id, by });
  }
}

/** The one instance the credit writer's batches share (credit-writer.ts). */
export const creditRepository = new CreditRepository();
