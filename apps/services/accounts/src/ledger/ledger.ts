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
import { consigneeRepository } from './consignee.repository.js';
import { ledgerRepository, type LedgerMove } from './ledger.repository.js';

/*
 * The ledger (requirements decisions §3, ADR 34): a consignee's balance changes only through `moveBalance`
 * (or `moveBalances`, the same for a group of changes of one kind), which updates the consignee's row (its lock orders every change of that balance) and writes the
 * ledger row with the balance before and after, in the caller's transaction (LedgerRepository.move, one statement for both).
 */

/** Who made a change: a staff user, or a service whose event it applies. */
export interface Recorder {
  id: string | null;
  name: string;
}

export interface BalanceMove extends LedgerMove {
  kind: LedgerKind;
  by: Recorder;
}

/**
 * Locks the consignees' rows, in id order (two changes that lock the same two never wait for each
 * other crosswise). Missing ones are simply not locked.
 */
export async function lockConsignees(tx: Tx, ids: readonly string[]): Promise<void> {
  await consigneeRepository.lock(tx, ids);
}

/**
 * Moves a consignee's balance and records it: the kind's total changes by `change`, the ledger row
 * has the balance's change (a credit lowers it), before and after; `events.accounts.balance.updated`
 * goes out with the commit. Answers the balance after.
 */
export async function moveBalance(tx: Tx, { kind, ...move }: BalanceMove): Promise<ConsigneeBalance> {
  const [row] = await ledgerRepository.move(tx, kind, [move]);
  if (!row) throw new AppError('NOT_FOUND', 'Consignee not found.');
  const { i: _, after: __, ...balance } = row;
  const event: BalanceChangedEvent = { key: balance.consignee_id, after: balance };
  await appendEvents(tx, [{ subject: eventSubject('accounts', 'balance', 'updated'), payload: { ...event } }]);
  return balance;
}

/**
 * `moveBalance` for several changes of one kind at once (a group of new credits, ADR 35), in one
 * statement whatever their number (LedgerRepository.move), and one `events.accounts.balance.updated`
 * per consignee with its balance after all of them. The caller holds the consignees' locks.
 * Answers the balance after each change, in their order.
 */
export async function moveBalances(tx: Tx, kind: LedgerKind, moves: readonly Omit<BalanceMove, 'kind'>[]): Promise<string[]> {
  const rows = await ledgerRepository.move(tx, kind, moves);
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
