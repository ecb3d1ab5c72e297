import { Module } from '@nestjs/common';
import { debits } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { ConsigneeRepository } from '../ledger/consignee.repository.js';
import { DebitHandlers } from './debit.handlers.js';
import { DebitRepository } from './debit.repository.js';

/** Add Debit Payment and Debit Records (Head). */
@Module({ controllers: [resourceController(debits, DebitHandlers)], providers: [DebitHandlers, DebitRepository, ConsigneeRepository] })
export class DebitModule {}
