import { Module } from '@nestjs/common';
import { accountsReports } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { StatementHandlers } from './statement.handlers.js';

/** The statement of account and the receivables at a glance (Head; ADR 37). */
@Module({ controllers: [resourceController(accountsReports, StatementHandlers)], providers: [StatementHandlers] })
export class StatementModule {}
