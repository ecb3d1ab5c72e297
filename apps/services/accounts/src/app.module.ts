import { Module, type DynamicModule } from '@nestjs/common';
import { OutboxModule, serviceTypeOrmModule, type ServiceDatabaseEntry, type ServiceDataSourceOptions } from '@freight/server-database';
import { SCHEMA, SERVICE, accountsEnvSchema, type AccountsConfig } from './config.js';
import { BalanceModule } from './balances/balance.module.js';
import { CopiesModule } from './copies/copies.module.js';
import { CreditModule } from './credits/credit.module.js';
import { DebitModule } from './debits/debit.module.js';
import { HealthModule } from './health/health.module.js';
import { ReferencesModule } from './references/references.module.js';
import { VoucherModule } from './voucher/voucher.module.js';
import { migrations } from './migrations/index.js';
import { StatementModule } from './statement/statement.module.js';

/** The accounts service's tables are reached with SQL (money, locks and the ledger in one statement each). */
export function accountsDataSourceOptions(url: string): ServiceDataSourceOptions {
  return { url, schema: SCHEMA, entities: [], migrations };
}

/** What the migrate and provision entries need. */
export const accountsDatabase: ServiceDatabaseEntry = {
  service: SERVICE,
  urlVariable: 'ACCOUNTS_DATABASE_URL',
  envSchema: accountsEnvSchema,
  dataSourceOptions: accountsDataSourceOptions,
};

@Module({})
export class AppModule {
  /** Connects as the service's own role; migrations run before the first request is taken. One module per area; the copies feed them. */
  static register(config: AccountsConfig): DynamicModule {
    const options = accountsDataSourceOptions(config.ACCOUNTS_DATABASE_URL);
    return {
      module: AppModule,
      imports: [
        serviceTypeOrmModule(options),
        OutboxModule.register({ service: SERVICE, nats: config }),
        HealthModule,
        CopiesModule.register(config),
        DebitModule,
        CreditModule.register(config),
        VoucherModule,
        BalanceModule,
        ReferencesModule,
        StatementModule,
      ],
    };
  }
}
