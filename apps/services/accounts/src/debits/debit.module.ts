import { Module } from '@nestjs/common';
import { debits } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { DebitHandlers } from './debit.handlers.js';

/** Add Debit Payment and Debit Records (Head). */
@Module({ controllers: [resourceController(debits, DebitHandlers)], providers: [DebitHandlers] })
export class DebitModule {}
