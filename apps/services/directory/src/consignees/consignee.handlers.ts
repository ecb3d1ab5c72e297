import { Inject, Injectable } from '@nestjs/common';
import { consignees, type Consignee, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { MessageOfOp, NewRow, ReplyOfOp, Tx } from '@freight/server-database';
import { ClientHandlers } from '../clients/client.handlers.js';
import { toConsignee, type ConsigneeEntity } from './consignee.entity.js';
import { ConsigneeRepository } from './consignee.repository.js';

type Message<K extends keyof typeof consignees.operations> = MessageOfOp<typeof consignees, K>;

/** Why an Admin or an Employee cannot change an opening balance (requirements decisions §4: once the consignee exists, the Head's). */
export const OPENING_BALANCE_HEAD_ONLY = "Only the Head can change a consignee's opening balance once the consignee exists.";

/**
 * Consignees: clients (ClientHandlers) with additional e-mails and an opening balance whose every
 * change is recorded (who, when, before, after) in the transaction of the change. What a
 * consignee owes (`currentBalance`) is the accounts service's figure (BalanceCopy): a new
 * consignee owes its opening balance until the accounts service says otherwise.
 */
@Injectable()
export class ConsigneeHandlers extends ClientHandlers<typeof consignees, ConsigneeEntity, Consignee> implements ResourceHandlers<typeof consignees> {
  constructor(@Inject(ConsigneeRepository) protected override readonly store: ConsigneeRepository) {
    super(consignees, store, { field: 'consigneeName', label: 'Consignee' });
  }

  async balanceHistory(message: Message<'balanceHistory'>): Promise<ReplyOfOp<typeof consignees, 'balanceHistory'>> {
    const consignee = await this.require(message.params.consignee_id);
    return { success: true, changes: await this.store.balanceChanges(consignee.id) };
  }

  protected toRecord(row: ConsigneeEntity): Consignee {
    return toConsignee(row);
  }

  protected override newRow(body: unknown): NewRow<ConsigneeEntity> {
    const row = super.newRow(body);
    return { ...row, balanceOwed: row.openingBalance };
  }

  protected override async beforeUpdate(tx: Tx, row: ConsigneeEntity, { actor, body }: Message<'update'>): Promise<void> {
    const after = body.updateData.openingBalance;
    if (after !== undefined && after !== row.openingBalance) {
      if (actor.role !== 'Head') throw new AppError('FORBIDDEN', OPENING_BALANCE_HEAD_ONLY, { openingBalance: OPENING_BALANCE_HEAD_ONLY });
      await this.store.recordBalanceChange(tx, { consigneeId: row.id, by: actor, before: row.openingBalance, after });
    }
  }
}
