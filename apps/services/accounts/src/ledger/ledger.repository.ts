import { Injectable } from '@nestjs/common';
import type { ConsigneeBalance, LedgerKind } from '@freight/contracts';
import { query, rows, type Db, type Query, type QueryFile } from '@freight/server-database';
import { BALANCE_COLUMNS } from './consignee.repository.js';

/** The consignee's total a kind of change moves: the opening balance, the debits or the credits. */
type Total = 'opening_balance' | 'total_debit' | 'total_credit';
const TOTAL: Record<LedgerKind, Total> = {
  'opening balance': 'opening_balance',
  invoice: 'total_debit',
  'invoice replaced': 'total_debit',
  credit: 'total_credit',
  'credit edited': 'total_credit',
  'credit deleted': 'total_credit',
};

/** One change of a consignee's balance as the ledger writes it (the caller's facts, snake-cased in the statement's JSON). */
export interface LedgerMove {
  consigneeId: string;
  /** How much the kind's total changes (a credit of 50: "50.00"; its deletion: "-50.00"). */
  change: string;
  /** The consignee's invoices or live credits this change adds (1) or removes (-1), for the lists' totals. */
  count?: 1 | -1;
  /** The day it counts on, `YYYY-MM-DD`; default today. */
  entryDate?: string;
  jobNo?: string;
  invoiceNo?: string;
  creditId?: string;
  creditSr?: number;
  /** The invoice's or credit's amount after the change (before it, for a deletion). */
  documentAmount?: string;
  by: { id: string | null; name: string };
}

/** A consignee's balance after a group of changes, and the balance after one change of the group (`i`, its place). */
export type MovedBalance = ConsigneeBalance & { i: number; after: string };

/**
 * Changes of one kind in one statement, whatever their number: each consignee's row updated once
 * by the sum of its changes, then one ledger row per change (in their order) with the balance
 * before and after it. A credit lowers the balance: its total rises, the ledger's amount is negative.
 */
function moveQuery(total: Total): Query<{ moves: string; kind: LedgerKind }> {
  const counted = total === 'total_debit' ? 'invoice_count' : 'credit_count';
  const sign = total === 'total_credit' ? '-' : '';
  return query(
    `WITH m AS (
       SELECT * FROM jsonb_to_recordset(:moves::jsonb) AS m(i int, consignee_id uuid, change numeric, count int, entry_date date, job_no text, invoice_no text,
         credit_id uuid, credit_sr int, document_amount numeric, recorded_by uuid, recorded_by_name text)
     ),
     per AS (SELECT consignee_id, sum(change) AS change, sum(count) AS count FROM m GROUP BY consignee_id),
     c AS (
       UPDATE accounts.consignee c SET ${total} = ${total} + per.change, ${counted} = ${counted} + per.count, updated_at = clock_timestamp()
       FROM per WHERE c.id = per.consignee_id RETURNING ${BALANCE_COLUMNS}, c.balance AS final
     ),
     -- A change's balance after it: the consignee's final balance less what the later changes of the group moved.
     moved AS (
       SELECT m.*, ${sign}m.change AS amount,
         c.final - coalesce(sum(${sign}m.change) OVER (PARTITION BY m.consignee_id ORDER BY m.i DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS after
       FROM m JOIN c ON c.consignee_id = m.consignee_id
     ),
     ledger AS (
       INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, credit_id, credit_sr,
         document_amount, recorded_by, recorded_by_name)
       SELECT consignee_id, :kind, amount, after - amount, after, coalesce(entry_date, current_date), job_no, invoice_no, credit_id, credit_sr,
         document_amount, recorded_by, recorded_by_name
       FROM moved ORDER BY i
     )
     SELECT moved.i, moved.after::numeric(20, 2)::text AS after, c.consignee_id, c."consigneeName", c."openingBalance", c."totalDebit", c."totalCredit",
       c.balance, c."updatedAt"
     FROM moved JOIN c ON c.consignee_id = moved.consignee_id ORDER BY moved.i`,
    {
      moves: JSON.stringify([
        {
          i: 0,
          consignee_id: '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03',
          change: '50.00',
          count: 1,
          entry_date: '2026-11-30',
          job_no: null,
          invoice_no: null,
          credit_id: '6f1e2d3c-4b5a-4968-8776-a5b4c3d2e106',
          credit_sr: 101,
          document_amount: '50.00',
          recorded_by: '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02',
          recorded_by_name: 'head',
        },
      ]),
      kind: total === 'opening_balance' ? 'opening balance' : total === 'total_debit' ? 'invoice' : 'credit',
    },
  );
}

export const LEDGER_QUERIES = {
  'move.opening_balance': moveQuery('opening_balance'),
  'move.total_debit': moveQuery('total_debit'),
  'move.total_credit': moveQuery('total_credit'),
};

export const LEDGER_QUERY_FILE: QueryFile = { file: 'ledger/queries/ledger.repository.sql', queries: LEDGER_QUERIES };

/** accounts.ledger with the consignees' totals it moves (ADR 34): the only statement that writes a ledger row. */
@Injectable()
export class LedgerRepository {
  /** Writes changes of one kind (see moveQuery); answers a row per change found, in their order (a missing consignee's change has none). */
  move(tx: Db, kind: LedgerKind, moves: readonly LedgerMove[]): Promise<MovedBalance[]> {
    return rows<MovedBalance>(tx, LEDGER_QUERIES[`move.${TOTAL[kind]}`], {
      moves: JSON.stringify(
        moves.map((move, i) => ({
          i,
          consignee_id: move.consigneeId,
          change: move.change,
          count: move.count ?? 0,
          entry_date: move.entryDate ?? null,
          job_no: move.jobNo ?? null,
          invoice_no: move.invoiceNo ?? null,
          credit_id: move.creditId ?? null,
          credit_sr: move.creditSr ?? null,
          document_amount: move.documentAmount ?? null,
          recorded_by: move.by.id,
          recorded_by_name: move.by.name,
        })),
      ),
      kind,
    });
  }
}

/** The one instance the writers outside Nest's injection share (ledger.ts). */
export const ledgerRepository = new LedgerRepository();
