import { remoteErrorOf as errorOf, startServiceHarness, type ServiceHarness } from '@freight/server-testing';
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

export { errorOf };

/**
 * A get by key finds only the whole key (whatever its case): NOT_FOUND with `notFound` for a key
 * no record has, NOT_FOUND for `part` (a part of one that exists), 400 naming `param` for a blank key.
 */
export async function expectWholeKeyOnly(
  get: (key: string) => Promise<unknown>,
  { missing, part, notFound, param, blankMessage }: { missing: string; part: string; notFound: string; param: string; blankMessage: string },
): Promise<void> {
  await expect(errorOf(get(missing))).resolves.toEqual({ code: 'NOT_FOUND', message: notFound });
  await expect(errorOf(get(part))).resolves.toMatchObject({ code: 'NOT_FOUND' });
  await expect(errorOf(get('  '))).resolves.toMatchObject({ code: 'VALIDATION_FAILED', details: { [`params.${param}`]: blankMessage } });
}

export { headActor } from '@freight/server-testing';
