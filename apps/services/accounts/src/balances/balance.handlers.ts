import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, balances, type ConsigneeBalance, type ResourceHandlers } from '@freight/contracts';
import { AppError, JsonReply } from '@freight/server';
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
    const json = isId(params.consignee_id) ? await this.consignees.balanceReply(this.db, params.consignee_id) : undefined;
    if (json === undefined) throw new AppError('NOT_FOUND', AccountsTexts.consigneeNotFound);
    // Built by Postgres, passed on as its bytes (docs/adr/0059-json-replies-passed-as-bytes.md).
    return new JsonReply<{ success: true; balance: ConsigneeBalance }>(json);
  }

  async balances({ query }: Msg<'balances'>) {
    return { success: true as const, balances: await this.consignees.balances(this.db, query.consignee_ids.filter(isId)) };
  }
}
