import { startServiceHarness, type ServiceHarness } from '@freight/server-testing';
import { AppModule } from '../app.module.js';
import { SERVICE, type AccountsConfig } from '../config.js';

export type AccountsHarness = ServiceHarness<AccountsConfig>;

/** The accounts service in this process on a fresh database and NATS namespace. */
export function startAccounts(overrides: Partial<AccountsConfig> = {}, namespace?: string): Promise<AccountsHarness> {
  return startServiceHarness({
    service: SERVICE,
    namespace,
    config: (base, url) => ({ ...base, ACCOUNTS_DATABASE_URL: url, CREDIT_BATCH_WAIT_MS: 2, CREDIT_BATCH_MAX: 200, ...overrides }),
    module: (config) => AppModule.register(config),
  });
}
