import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, balances, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { DataSource } from 'typeorm';
import { ConsigneeRepository } from '../ledger/consignee.repository.js';
import { assertOwnConsignee, isId } from '../ledger/ledger.js';

type Handlers = ResourceHandlers<typeof balances>;
type Msg<K extends keyof Handlers> = Parameters<Handlers[K]>[0];

/** A consignee's balance owed, for the consignee screens of master data (requirements decisions §3) and the consignee themself (issue 11). */
@Injectable()
export class BalanceHandlers implements Handlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly consignees: ConsigneeRepository,
  ) {}

  async balance({ actor, params }: Msg<'balance'>) {
    assertOwnConsignee(actor, params.consignee_id);
    const balance = isId(params.consignee_id) ? await this.consignees.balance(this.db, params.consignee_id) : null;
    if (!balance) throw new AppError('NOT_FOUND', AccountsTexts.consigneeNotFound);
    return { success: true as const, balance };
  }

  async balances({ query }: Msg<'balances'>) {
    return { success: true as const, balances: await this.consignees.balances(this.db, query.consignee_ids.filter(isId)) };
  }
}
