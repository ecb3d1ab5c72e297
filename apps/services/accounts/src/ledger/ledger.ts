import { AppError } from '@freight/server';
import {
  Messages,
  eventSubject,
  isClientRole,
  type Actor,
  type BalanceChangedEvent,
  type ClientActor,
  type ConsigneeBalance,
  type LedgerKind,
} from '@freight/contracts';
import { appendEvents, type Tx } from '@freight/server-database';
import { fromCents, toCents } from './money.js';

/*
 * The ledger (DECISIONS §3, ADR 34): a consignee's balance changes only through `moveBalance`
 * (or `moveBalances`, the same for a group of changes of one kind), which updates the consignee's row (its lock orders every change of that balance) and writes the
 * ledger row with the balance before and after, in the caller's transaction.
 */

/** Who made a change: a staff user, or a service whose event it applies. */
export interface Recorder {
  id: string | null;
  name: string;
}

/** The total a kind of change moves: the opening balance, the debits or the credits. */
const COLUMN: Record<LedgerKind, 'opening_balance' | 'total_debit' | 'total_credit'> = {
  'opening balance': 'opening_balance',
  invoice: 'total_debit',
  'invoice replaced': 'total_debit',
  credit: 'total_credit',
  'credit edited': 'total_credit',
  'credit deleted': 'total_credit',
};

export interface BalanceMove {
  consigneeId: string;
  kind: LedgerKind;
  /** How much the kind's total changes (a credit of 50: "50.00"; its deletion: "-50.00"). */
  change: string;
  /** The day it counts on, `YYYY-MM-DD`; default today. */
  entryDate?: string;
  jobNo?: string;
  invoiceNo?: string;
  creditId?: string;
  creditSr?: number;
  /** The invoice's or credit's amount after the change (before it, for a deletion). */
  documentAmount?: string;
  by: Recorder;
  /** The consignee's invoices or live credits this change adds (1) or removes (-1), for the lists' totals. */
  count?: 1 | -1;
}

/** The balance a reply and an event show, as SQL selects it from `accounts.consignee c`. */
export const BALANCE_COLUMNS = `c.id AS consignee_id, c.name AS "consigneeName", c.opening_balance::text AS "openingBalance",
  c.total_debit::text AS "totalDebit", c.total_credit::text AS "totalCredit", c.balance::text AS balance,
  to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/**
 * Locks the consignees' rows, in id order (two changes that lock the same two never wait for each
 * other crosswise). Missing ones are simply not locked.
 */
export async function lockConsignees(tx: Tx, ids: readonly string[]): Promise<void> {
  await tx.query(`SELECT id FROM accounts.consignee WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [[...new Set(ids)]]);
}

/**
 * Moves a consignee's balance and records it: the kind's total changes by `change`, the ledger row
 * has the balance's change (a credit lowers it), before and after; `events.accounts.balance.updated`
 * goes out with the commit. Answers the balance after.
 */
export async function moveBalance(tx: Tx, move: BalanceMove): Promise<ConsigneeBalance> {
  const column = COLUMN[move.kind];
  const counted = column === 'total_debit' ? 'invoice_count' : 'credit_count';
  // TypeORM answers an UPDATE as [rows, count].
  const [[balance]] = await tx.query<[ConsigneeBalance[], number]>(
    `UPDATE accounts.consignee c SET ${column} = ${column} + $2::numeric, ${counted} = ${counted} + $3, updated_at = clock_timestamp()
     WHERE id = $1 RETURNING ${BALANCE_COLUMNS}`,
    [move.consigneeId, move.change, move.count ?? 0],
  );
  if (!balance) throw new AppError('NOT_FOUND', 'Consignee not found.');
  const amount = column === 'total_credit' ? -toCents(move.change) : toCents(move.change);
  await tx.query(
    `INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, credit_id, credit_sr,
       document_amount, recorded_by, recorded_by_name)
     VALUES ($1, $2, $3::numeric, $4::numeric - $3::numeric, $4::numeric, coalesce($5::date, current_date), $6, $7, $8, $9, $10::numeric, $11, $12)`,
    [
      move.consigneeId,
      move.kind,
      fromCents(amount),
      balance.balance,
      move.entryDate ?? null,
      move.jobNo ?? null,
      move.invoiceNo ?? null,
      move.creditId ?? null,
      move.creditSr ?? null,
      move.documentAmount ?? null,
      move.by.id,
      move.by.name,
    ],
  );
  const event: BalanceChangedEvent = { key: balance.consignee_id, after: balance };
  await appendEvents(tx, [{ subject: eventSubject('accounts', 'balance', 'updated'), payload: { ...event } }]);
  return balance;
}

/**
 * `moveBalance` for several changes of one kind at once (a group of new credits, ADR 35), in three
 * statements whatever their number: each consignee's row updated once by the sum of its changes,
 * one ledger row per change with the balance before and after it (the changes in their order),
 * and one `events.accounts.balance.updated` per consignee with its balance after all of them. The
 * caller holds the consignees' locks. Answers the balance after each change, in their order.
 */
export async function moveBalances(tx: Tx, kind: LedgerKind, moves: readonly Omit<BalanceMove, 'kind'>[]): Promise<string[]> {
  const column = COLUMN[kind];
  const counted = column === 'total_debit' ? 'invoice_count' : 'credit_count';
  const sign = column === 'total_credit' ? '-' : '';
  const rows = await tx.query<(ConsigneeBalance & { i: number; after: string })[]>(
    `WITH m AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS m(i int, consignee_id uuid, change numeric, count int, entry_date date, job_no text, invoice_no text,
         credit_id uuid, credit_sr int, document_amount numeric, recorded_by uuid, recorded_by_name text)
     ),
     per AS (SELECT consignee_id, sum(change) AS change, sum(count) AS count FROM m GROUP BY consignee_id),
     c AS (
       UPDATE accounts.consignee c SET ${column} = ${column} + per.change, ${counted} = ${counted} + per.count, updated_at = clock_timestamp()
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
       SELECT consignee_id, $2, amount, after - amount, after, coalesce(entry_date, current_date), job_no, invoice_no, credit_id, credit_sr,
         document_amount, recorded_by, recorded_by_name
       FROM moved ORDER BY i
     )
     SELECT moved.i, moved.after::numeric(20, 2)::text AS after, c.consignee_id, c."consigneeName", c."openingBalance", c."totalDebit", c."totalCredit",
       c.balance, c."updatedAt"
     FROM moved JOIN c ON c.consignee_id = moved.consignee_id ORDER BY moved.i`,
    [
      JSON.stringify(
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
    ],
  );
  if (rows.length !== moves.length) throw new AppError('NOT_FOUND', 'Consignee not found.');
  const balances = new Map(rows.map(({ i: _, after: __, ...balance }) => [balance.consignee_id, balance]));
  await appendEvents(
    tx,
    [...balances.values()].map((balance) => ({
      subject: eventSubject('accounts', 'balance', 'updated'),
      payload: { key: balance.consignee_id, after: balance },
    })),
  );
  return rows.map((row) => row.after);
}

/** A consignee's balance, or null. */
export async function balanceOf(tx: Pick<Tx, 'query'>, consigneeId: string): Promise<ConsigneeBalance | null> {
  const [row] = await tx.query<ConsigneeBalance[]>(`SELECT ${BALANCE_COLUMNS} FROM accounts.consignee c WHERE c.id = $1 AND c.deleted_at IS NULL`, [
    consigneeId,
  ]);
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that can be a row's (a uuid): anything else names nothing (404), never a Postgres error (500). */
export const isId = (value: string): boolean => UUID.test(value);

/**
 * A client reads a consignee's balance or statement only as that consignee (issue 11; the gateway
 * checks the path names them too): a shipper, or another consignee's id, is refused. Staff pass
 * (the gateway's matrix decides which of them).
 */
export function assertOwnConsignee(actor: Actor | ClientActor, consigneeId: string): void {
  if (isClientRole(actor.role) && (actor.role !== 'consignee' || actor.id.toLowerCase() !== consigneeId.trim().toLowerCase()))
    throw new AppError('FORBIDDEN', Messages.forbidden);
}
