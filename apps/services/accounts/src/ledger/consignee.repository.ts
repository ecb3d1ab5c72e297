import { Injectable } from '@nestjs/common';
import type { ConsigneeBalance, DebitSummary } from '@freight/contracts';
import { firstRow, query, rows, type Db, type QueryFile } from '@freight/server-database';
import { fieldColumns, fieldsJson, isoStamp, type ReplyFields } from './reply-fields.js';

/** A consignee's id and name. */
export interface ConsigneeRef {
  id: string;
  name: string;
}

/** The balance a reply and an event show: each field's SQL over `accounts.consignee c`. */
const BALANCE_FIELDS: ReplyFields<ConsigneeBalance> = {
  consignee_id: 'c.id',
  consigneeName: 'c.name',
  openingBalance: 'c.opening_balance::text',
  totalDebit: 'c.total_debit::text',
  totalCredit: 'c.total_credit::text',
  balance: 'c.balance::text',
  updatedAt: isoStamp('c.updated_at'),
};
export const BALANCE_COLUMNS = fieldColumns(BALANCE_FIELDS);

const CONSIGNEE = '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03';
const OTHER = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b05';

export const CONSIGNEE_QUERIES = {
  /** In id order: two changes that lock the same two never wait for each other crosswise. */
  lock: query(`SELECT id FROM accounts.consignee WHERE id = ANY(:ids::uuid[]) ORDER BY id FOR UPDATE`, { ids: [CONSIGNEE, OTHER] }),
  byName: query(
    `SELECT id, name FROM accounts.consignee WHERE lower(name) = lower(:name) AND deleted_at IS NULL AND from_directory ORDER BY updated_at DESC, id LIMIT 1`,
    { name: 'Ceylon Traders' },
  ),
  byId: query(`SELECT id, name FROM accounts.consignee WHERE id = :id`, { id: CONSIGNEE }),
  /** A live consignee's balance as the balance call answers it, `{success, balance}`. */
  balanceReply: query(
    `SELECT json_build_object('success', true, 'balance', ${fieldsJson(BALANCE_FIELDS)})::text AS json FROM accounts.consignee c WHERE c.id = :id AND c.deleted_at IS NULL`,
    { id: CONSIGNEE },
  ),
  balances: query(`SELECT ${BALANCE_COLUMNS} FROM accounts.consignee c WHERE c.id = ANY(:ids::uuid[]) AND c.deleted_at IS NULL ORDER BY c.name, c.id`, {
    ids: [CONSIGNEE, OTHER],
  }),
  /** The debit records' summary: opening balance, total debit, grand total; with the credits and the balance. */
  debitSummary: query(
    `SELECT name AS consignee, id::text AS consignee_id, opening_balance::text AS "openingBalance", total_debit::text AS "totalDebit",
         (opening_balance + total_debit)::text AS "grandTotal", total_credit::text AS "totalCredit", balance::text AS balance
       FROM accounts.consignee WHERE id = :id`,
    { id: CONSIGNEE },
  ),
  owed: query(`SELECT coalesce(sum(balance), 0)::text AS total, count(*)::int AS owing FROM accounts.consignee WHERE deleted_at IS NULL AND balance > 0`, {}),
  // Ordered by the numeric column, not the text of the same name in the select list.
  topOwing: query(
    `SELECT c.id AS consignee_id, c.name AS "consigneeName", c.balance::text AS balance
         FROM accounts.consignee c WHERE c.deleted_at IS NULL AND c.balance > 0 ORDER BY c.balance DESC, c.id LIMIT :limit`,
    { limit: 10 },
  ),
};

export const CONSIGNEE_QUERY_FILE: QueryFile = { file: 'ledger/queries/consignee.repository.sql', queries: CONSIGNEE_QUERIES };

/** accounts.consignee: the copy of the directory's consignees with their totals and balance owed (ADR 34). */
@Injectable()
export class ConsigneeRepository {
  /** Locks the consignees' rows, in id order; missing ones are simply not locked. */
  async lock(tx: Db, ids: readonly string[]): Promise<void> {
    await rows(tx, CONSIGNEE_QUERIES.lock, { ids: [...new Set(ids)] });
  }

  /** The live consignee of that name (any case) the directory's events made known here. */
  byName(db: Db, name: string): Promise<ConsigneeRef | undefined> {
    return firstRow<ConsigneeRef>(db, CONSIGNEE_QUERIES.byName, { name });
  }

  byId(db: Db, id: string): Promise<ConsigneeRef | undefined> {
    return firstRow<ConsigneeRef>(db, CONSIGNEE_QUERIES.byId, { id });
  }

  /** The balance call's reply as JSON (`balanceReply`), or undefined for no live consignee `id`. */
  async balanceReply(db: Db, id: string): Promise<string | undefined> {
    return (await firstRow<{ json: string }>(db, CONSIGNEE_QUERIES.balanceReply, { id }))?.json;
  }

  /** The live ones of `ids`, by name. */
  balances(db: Db, ids: readonly string[]): Promise<ConsigneeBalance[]> {
    return rows<ConsigneeBalance>(db, CONSIGNEE_QUERIES.balances, { ids });
  }

  async debitSummary(db: Db, id: string): Promise<DebitSummary> {
    return (await firstRow<DebitSummary>(db, CONSIGNEE_QUERIES.debitSummary, { id }))!;
  }

  /** What the live consignees owe in all, and how many owe anything. */
  async owed(db: Db): Promise<{ total: string; owing: number }> {
    return (await firstRow<{ total: string; owing: number }>(db, CONSIGNEE_QUERIES.owed))!;
  }

  /** The `limit` live consignees owing most. */
  topOwing(db: Db, limit: number): Promise<{ consignee_id: string; consigneeName: string; balance: string }[]> {
    return rows(db, CONSIGNEE_QUERIES.topOwing, { limit });
  }
}

/** The one instance the writers outside Nest's injection share (ledger.ts, consignees.ts). */
export const consigneeRepository = new ConsigneeRepository();
