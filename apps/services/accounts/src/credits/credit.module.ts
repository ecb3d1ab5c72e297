import { Module } from '@nestjs/common';
import { credits } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { CreditHandlers } from './credit.handlers.js';

/** Add Credit Payment, Credit Records, Edit Credit and its delete (Head). */
@Module({ controllers: [resourceController(credits, CreditHandlers)], providers: [CreditHandlers] })
export class CreditModule {}
