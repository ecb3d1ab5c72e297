import { Module } from '@nestjs/common';
import { balances } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { ConsigneeRepository } from '../ledger/consignee.repository.js';
import { BalanceHandlers } from './balance.handlers.js';

/** Consignees' balances (all staff who read consignees). */
@Module({ controllers: [resourceController(balances, BalanceHandlers)], providers: [BalanceHandlers, ConsigneeRepository] })
export class BalanceModule {}
