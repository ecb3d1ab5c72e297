import { Module, type DynamicModule } from '@nestjs/common';
import { credits } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { CREDIT_BATCH_OPTIONS, CreditWriter, type CreditBatchOptions } from './credit-writer.js';
import { CreditHandlers } from './credit.handlers.js';
import { CreditRepository } from './credit.repository.js';

/** Add Credit Payment, Credit Records, Edit Credit and its delete (Head). */
@Module({})
export class CreditModule {
  static register(options: CreditBatchOptions): DynamicModule {
    return {
      module: CreditModule,
      controllers: [resourceController(credits, CreditHandlers)],
      providers: [{ provide: CREDIT_BATCH_OPTIONS, useValue: options }, CreditWriter, CreditHandlers, CreditRepository],
    };
  }
}
