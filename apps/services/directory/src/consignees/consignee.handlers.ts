import { Inject, Injectable } from '@nestjs/common';
import { consignees, type Consignee, type ConsigneeCreate, type ConsigneeUpdate, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { MasterDataHandlers, type MessageOfOp, type ReplyOfOp, type Tx } from '@freight/server-database';
import { clientChanges, clientUsernameTaken, passwordValues } from '../clients/client-rules.js';
import { toConsignee, type ConsigneeEntity } from './consignee.entity.js';
import { ConsigneeRepository } from './consignee.repository.js';

type Message<K extends keyof typeof consignees.operations> = MessageOfOp<typeof consignees, K>;

/**
 * Consignees on the master-data base: a client sign-in (password hashed before the transaction,
 * username shared with shippers and read-only), additional e-mails, and an opening balance whose
 * every change is recorded (who, when, before, after) in the transaction of the change.
 */
@Injectable()
export class ConsigneeHandlers extends MasterDataHandlers<typeof consignees, ConsigneeEntity, Consignee> implements ResourceHandlers<typeof consignees> {
  constructor(@Inject(ConsigneeRepository) private readonly store: ConsigneeRepository) {
    super(consignees, store);
  }

  async unique(): Promise<string[]> {
    return this.store.names();
  }

  async balanceHistory(message: Message<'balanceHistory'>): Promise<ReplyOfOp<typeof consignees, 'balanceHistory'>> {
    const consignee = await this.require(message.params.consignee_id);
    return { success: true, changes: await this.store.balanceChanges(consignee.id) };
  }

  protected toRecord(row: ConsigneeEntity): Consignee {
    return toConsignee(row);
  }

  protected override prepare(body: ConsigneeCreate | ConsigneeUpdate) {
    return passwordValues('updateData' in body ? body.updateData.password : body.password);
  }

  protected newRow({ password: _, ...fields }: ConsigneeCreate) {
    return fields;
  }

  /** What the edit sends; absent fields (the password, the balance) stay; the username stays (judgeClientEdit). */
  protected changes({ updateData }: ConsigneeUpdate, row: ConsigneeEntity) {
    return clientChanges(row, updateData);
  }

  protected taken(property: keyof ConsigneeEntity, values: Partial<ConsigneeEntity>): AppError {
    if (property === 'username') return clientUsernameTaken(values.username);
    const message = `Consignee '${values.consigneeName}' already exists`;
    return new AppError('CONFLICT', message, { consigneeName: message });
  }

  protected override async beforeUpdate(tx: Tx, row: ConsigneeEntity, { actor, body }: Message<'update'>): Promise<void> {
    const after = body.updateData.openingBalance;
    if (after !== undefined && after !== row.openingBalance) {
      await this.store.recordBalanceChange(tx, { consigneeId: row.id, by: actor, before: row.openingBalance, after });
    }
  }
}
