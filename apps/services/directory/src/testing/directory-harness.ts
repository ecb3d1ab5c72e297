import type { Actor } from '@freight/contracts';
import { startServiceHarness, type ServiceHarness } from '@freight/server-testing';
import type { OutboxModuleOptions } from '@freight/server-database';
import { AppModule } from '../app.module.js';
import { SERVICE, type DirectoryConfig } from '../config.js';

export type DirectoryHarness = ServiceHarness<DirectoryConfig>;

/** The directory service in this process on a fresh database and NATS namespace, spoken to over real NATS; `relay` tunes its outbox relay. */
export function startDirectory(relay?: OutboxModuleOptions['relay']): Promise<DirectoryHarness> {
  return startServiceHarness({
    service: SERVICE,
    config: (base, url) => ({ ...base, DIRECTORY_DATABASE_URL: url }),
    module: (config) => AppModule.register(config, relay),
  });
}

export { remoteErrorOf as errorOf } from '@freight/server-testing';

export const headActor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
