import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serviceRegistry, type ServiceEntry, type ServiceName } from '@freight/contracts';
import { createTestDatabase, type TestDatabase } from './database.js';
import { natsHealthReady, testNatsConfig, testServiceEnv } from './nats.js';
import { spawnService, type SpawnedService } from './spawn.js';
import type { TcpProxy } from './tcp-proxy.js';

/** The repository root: the registry's paths are relative to it (this file is libs/server/testing/{src,dist}/…). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** One registered service running for a test: its fresh database and its process. */
export interface RunningService {
  readonly entry: ServiceEntry;
  readonly database: TestDatabase;
  readonly process: SpawnedService;
  /** The environment it was started with (its database URL, NATS identity, namespace). */
  readonly env: Record<string, string>;
}

export interface RunningServices {
  readonly byName: Readonly<Record<ServiceName, RunningService>>;
  readonly all: readonly RunningService[];
  /**
   * One more process of a running service, as a second replica runs it: the same database, NATS
   * identity, namespace and queue group (requests are shared out between them), plus `env`.
   * Stopped with the others.
   */
  startReplica(name: ServiceName, env?: Record<string, string>): Promise<SpawnedService>;
  /** Stops every process and drops every database. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartServicesOptions {
  /** The NATS namespace of the test (uniqueNamespace()). */
  namespace: string;
  /** Every service reaches Postgres through this proxy, so a test can cut the link. */
  databaseVia?: TcpProxy;
  /** These services reach NATS through their proxy, so a test can cut one service's link to the broker. */
  natsVia?: Partial<Record<ServiceName, TcpProxy>>;
  /** Added to every seed's environment (e.g. SEED_HEAD_USERNAME). */
  seedEnv?: Record<string, string>;
  /** Added to every service's environment (e.g. SMTP_URL of the test's SMTP server). */
  serviceEnv?: Record<string, string>;
  /** Default: every service of the registry (libs/contracts/src/services.json). */
  services?: readonly ServiceEntry[];
  logLevel?: string;
}

/** The service's NATS identity in the test's namespace, through its proxy when the test gave one. */
function natsEnv(service: ServiceName, options: StartServicesOptions): Record<string, string> {
  const env = testServiceEnv(service, options.namespace);
  const proxy = options.natsVia?.[service];
  return proxy ? { ...env, NATS_URL: proxy.url(env.NATS_URL!) } : env;
}

/** Where a built entry of the registry is; throws with the build command when it is missing. */
export function builtEntry(service: ServiceEntry, path: string): string {
  const file = join(REPOSITORY_ROOT, path);
  if (!existsSync(file)) throw new Error(`The ${service.name} service is not built (${file}). Run: npx nx build ${service.project}`);
  return file;
}

/**
 * Every registered service (built), as production runs it: each on a fresh database of its
 * own role owning its schema, with its own NATS identity in `namespace`, ready once it answers
 * `<service>.health` with its database up; then each one's seed entry, if it has one.
 */
export async function startRegisteredServices(options: StartServicesOptions): Promise<RunningServices> {
  const services = options.services ?? serviceRegistry();
  const entries = services.map((service) => ({
    service,
    main: builtEntry(service, service.entry),
    seed: service.seed ? builtEntry(service, service.seed) : undefined,
  }));
  const running: RunningService[] = [];
  const replicas: SpawnedService[] = [];
  const databases: TestDatabase[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all([...running.map((r) => r.process), ...replicas].map((child) => child.stop()));
      await Promise.all(databases.map((database) => database.drop()));
    })());
  try {
    // All at once, each seeded as soon as it is ready (a seed touches its own service's database
    // only); every start settles before a failure is thrown, so stop() leaves nothing behind.
    const started = await Promise.allSettled(
      entries.map(async ({ service, main, seed }) => {
        const database = await createTestDatabase({ service: service.schema });
        databases.push(database);
        const env = {
          [service.databaseUrlVariable]: options.databaseVia ? options.databaseVia.url(database.serviceUrl) : database.serviceUrl,
          ...natsEnv(service.name, options),
          LOG_LEVEL: options.logLevel ?? 'warn',
          ...options.serviceEnv,
        };
        const child = await spawnService({ entry: main, env, ready: natsHealthReady(service.name, testNatsConfig(options.namespace)), name: service.name });
        running.push({ entry: service, database, process: child, env });
        if (seed) await promisify(execFile)(process.execPath, [seed], { env: { ...process.env, ...env, ...options.seedEnv } });
      }),
    );
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  const ordered = services.map((service) => running.find((r) => r.entry === service)!);
  const byName = Object.fromEntries(ordered.map((r) => [r.entry.name, r])) as Record<ServiceName, RunningService>;
  return {
    byName,
    all: ordered,
    async startReplica(name, env = {}) {
      const { entry, env: first } = byName[name];
      const child = await spawnService({
        entry: builtEntry(entry, entry.entry),
        env: { ...first, ...env },
        ready: natsHealthReady(name, testNatsConfig(options.namespace)),
        name: `${name} (replica)`,
      });
      replicas.push(child);
      return child;
    },
    stop,
  };
}
