import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, credits, eventSubject, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { appendEvents, idempotencyOf, type Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { consigneeByName } from '../ledger/consignees.js';
import { isId, moveBalance } from '../ledger/ledger.js';
import { readList, type ListDef } from '../ledger/lists.js';
import { difference, fromCents, toCents } from '../ledger/money.js';
import { CREDIT_COLUMNS, CREDIT_FROM, toCredit, type CreditRow } from './credit.row.js';
import { CreditWriter } from './credit-writer.js';

type Handlers = ResourceHandlers<typeof credits>;
type Msg<K extends keyof Handlers> = Parameters<Handlers[K]>[0];

/** The credit records (DECISIONS §1): live credits, newest voucher first; sorted, searched and paged in SQL. */
export const CREDIT_LIST: ListDef = {
  columns: CREDIT_COLUMNS,
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

/** The live credit `id` (locked for the transaction when `lock`), or 404. */
async function creditById(tx: Pick<Tx, 'query'>, id: string, lock = false): Promise<CreditRow> {
  const [row] = isId(id)
    ? await tx.query<CreditRow[]>(`SELECT ${CREDIT_COLUMNS} FROM ${CREDIT_FROM} WHERE k.id = $1 AND k.deleted_at IS NULL ${lock ? 'FOR UPDATE OF k' : ''}`, [
        id,
      ])
    : [];
  if (!row) throw new AppError('NOT_FOUND', AccountsTexts.creditNotFound);
  return row;
}

/**
 * Credits (spec 02 §4, §7; DECISIONS §3): a payment lowers the consignee's balance by its amount.
 * A new credit takes the next voucher number from the counter in its transaction, shared with
 * the other new credits of the moment (CreditWriter: no gaps, no repeats); an edit moves the balance by the difference; a delete
 * gives the amount back and keeps the row (its voucher number is never given again). Every change
 * is a ledger row and an event, in the change's transaction.
 */
@Injectable()
export class CreditHandlers implements Handlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly writer: CreditWriter,
  ) {}

  async list({ query }: Msg<'list'>) {
    const consignee = query.consigneeName ? await consigneeByName(this.db, query.consigneeName, 'consigneeName') : null;
    const { items, total } = await readList<CreditRow>(this.db, CREDIT_LIST, query, consignee?.id ?? null);
    return { items: items.map(toCredit), total, success: true as const };
  }

  async get({ params }: Msg<'get'>) {
    return { success: true as const, credit: toCredit(await creditById(this.db, params.id)) };
  }

  async add({ actor, idempotencyKey, body }: Msg<'add'>) {
    const consignee = await consigneeByName(this.db, body.consigneeName, 'consigneeName');
    return this.writer.add({ body, consignee, actor }, idempotencyOf(actor, idempotencyKey, { op: 'credit.add', body }));
  }

  edit({ actor, params, body }: Msg<'edit'>) {
    return this.db.transaction(async (tx: Tx) => {
      const old = await creditById(tx, params.id, true);
      await tx.query(
        `UPDATE accounts.credit SET payment_type = $2, cheque_number = $3, amount = $4::numeric, remarks = $5, credit_date = coalesce($6::date, credit_date),
           search_text = accounts.credit_search_text(credit_sr, consignee_name, $3, $5), updated_at = clock_timestamp(), updated_by = $7
         WHERE id = $1`,
        [old._id, body.paymentType, body.chequeNumber, body.amount, body.remarks, body.date ?? null, actor.id],
      );
      const credit = toCredit(await creditById(tx, old._id));
      const balance = await moveBalance(tx, {
        consigneeId: old.consignee_id,
        kind: 'credit edited',
        change: difference(body.amount, old.amount),
        creditId: old._id,
        creditSr: old.credit_sr,
        documentAmount: body.amount,
        entryDate: credit.date,
        by: { id: actor.id, name: actor.username },
      });
      await appendEvents(tx, [{ subject: eventSubject('accounts', 'credit', 'updated'), payload: { key: old._id, before: toCredit(old), after: credit } }]);
      return { success: true as const, message: AccountsTexts.creditUpdated, credit, updatedBalance: balance.balance };
    });
  }

  delete({ actor, params }: Msg<'delete'>) {
    return this.db.transaction(async (tx: Tx) => {
      const old = await creditById(tx, params.id, true);
      await tx.query(`UPDATE accounts.credit SET deleted_at = clock_timestamp(), deleted_by = $2 WHERE id = $1`, [old._id, actor.id]);
      const balance = await moveBalance(tx, {
        consigneeId: old.consignee_id,
        kind: 'credit deleted',
        change: fromCents(-toCents(old.amount)),
        creditId: old._id,
        creditSr: old.credit_sr,
        documentAmount: old.amount,
        by: { id: actor.id, name: actor.username },
        count: -1,
      });
      const credit = toCredit(old);
      await appendEvents(tx, [{ subject: eventSubject('accounts', 'credit', 'deleted'), payload: { key: old._id, before: credit } }]);
      return { success: true as const, message: AccountsTexts.creditDeleted, credit, updatedBalance: balance.balance };
    });
  }
}
