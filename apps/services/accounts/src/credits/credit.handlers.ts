import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, credits, eventSubject, type Credit, type Page, type ResourceHandlers } from '@freight/contracts';
import { AppError, JsonReply } from '@freight/server';
import { appendEvents, idempotencyOf, type Db, type Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { consigneeByName } from '../ledger/consignees.js';
import { isId, moveBalance } from '../ledger/ledger.js';
import { readListJson } from '../ledger/list.repository.js';
import { difference, fromCents, toCents } from '../ledger/money.js';
import { toCredit, type CreditRow } from './credit.row.js';
import { CREDIT_LIST, CreditRepository } from './credit.repository.js';
import { CreditWriter } from './credit-writer.js';

type Handlers = ResourceHandlers<typeof credits>;
type Msg<K extends keyof Handlers> = Parameters<Handlers[K]>[0];

/**
 * Credits (requirements 02 §4, §7; requirements decisions §3): a payment lowers the consignee's balance by its amount.
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
    private readonly credits: CreditRepository,
  ) {}

  /** The live credit `id` (locked for the transaction when `lock`), or 404. */
  private async creditById(db: Db, id: string, lock = false): Promise<CreditRow> {
    const row = isId(id) ? await this.credits.byId(db, id, lock) : undefined;
    if (!row) throw new AppError('NOT_FOUND', AccountsTexts.creditNotFound);
    return row;
  }

  /** The REST body whole (`{success, results}`): its rows built by Postgres, passed on as bytes (docs/adr/0059-json-replies-passed-as-bytes.md). */
  async list({ query }: Msg<'list'>) {
    const consignee = query.consigneeName ? await consigneeByName(this.db, query.consigneeName, 'consigneeName') : null;
    const { json, total } = await readListJson(this.db, CREDIT_LIST, query, consignee?.id ?? null);
    return new JsonReply<Page<Credit>>(`{"success":true,"results":${json}}`, total);
  }

  async get({ params }: Msg<'get'>) {
    return { success: true as const, credit: toCredit(await this.creditById(this.db, params.id)) };
  }

  async add({ actor, idempotencyKey, body }: Msg<'add'>) {
    const consignee = await consigneeByName(this.db, body.consigneeName, 'consigneeName');
    return this.writer.add({ body, consignee, actor }, idempotencyOf(actor, idempotencyKey, { op: 'credit.add', body }));
  }

  edit({ actor, params, body }: Msg<'edit'>) {
    return this.db.transaction(async (tx: Tx) => {
      const old = await this.creditById(tx, params.id, true);
      await this.credits.update(tx, {
        id: old._id,
        paymentType: body.paymentType,
        chequeNumber: body.chequeNumber,
        amount: body.amount,
        remarks: body.remarks,
        date: body.date ?? null,
        updatedBy: actor.id,
      });
      const credit = toCredit(await this.creditById(tx, old._id));
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
      const old = await this.creditById(tx, params.id, true);
      await this.credits.markDeleted(tx, old._id, actor.id);
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
