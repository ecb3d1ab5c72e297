import { Module } from '@nestjs/common';
import { accountsReports } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { ConsigneeRepository } from '../ledger/consignee.repository.js';
import { StatementHandlers } from './statement.handlers.js';
import { StatementRepository } from './statement.repository.js';

/** The statement of account and the receivables at a glance (Head; ADR 37). */
@Module({ controllers: [resourceController(accountsReports, StatementHandlers)], providers: [StatementHandlers, StatementRepository, ConsigneeRepository] })
export class StatementModule {}
