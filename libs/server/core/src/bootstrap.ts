import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@freight/contracts';
import { ConfigError, loadConfig, type LogLevel, type ServiceNatsConfig } from './config.js';
import { drainEnvSchema, drainOnSignals, startProbeListener } from './drain.js';
import { RpcErrorFilter } from './errors.js';
import { createNestLogger } from './logging.js';
import { NamespacedServerNats, natsMicroserviceOptions } from './nats.js';

export interface ServiceBootstrapOptions {
  service: ServiceName;
  module: Type<unknown> | DynamicModule;
  config: ServiceNatsConfig & { LOG_LEVEL: LogLevel };
}

/**
 * Create and start a service: NATS in its queue group under the namespace, taking only
 * requests the gateway signed; pino logs; every error as `{code, message, details}`; with
 * HEALTH_PORT set, its probes (`/live`, `/ready`). On SIGTERM/SIGINT it drains and exits 0
 * (docs/adr/0051-drain-and-probes.md): no new requests (its subscriptions drained), those in
 * flight answered, then the application closed (the outbox flushed, its connections closed),
 * all within DRAIN_TIMEOUT_MS.
 */
export async function startService({ service, module, config }: ServiceBootstrapOptions): Promise<INestMicroservice> {
  const drain = loadConfig(drainEnvSchema);
  const options = natsMicroserviceOptions(service, config);
  const server = (options as { strategy: NamespacedServerNats }).strategy;
  // The rest of the drain (the outbox, the connections) gets a quarter of the time.
  server.inFlightWaitMs = Math.round(drain.DRAIN_TIMEOUT_MS * 0.75);
  const app = await NestFactory.createMicroservice(module, {
    ...options,
    logger: createNestLogger(service, config.LOG_LEVEL),
    bufferLogs: true,
  });
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  const probes = drain.HEALTH_PORT === undefined ? undefined : await startProbeListener(drain.HEALTH_HOST, drain.HEALTH_PORT, () => server.isReady());
  // app.close(), not Nest's own signal hooks: those run the shutdown hooks (the outbox's flush) before the server stops taking requests.
  drainOnSignals(async () => {
    await app.close();
    probes?.close();
  }, drain.DRAIN_TIMEOUT_MS);
  return app;
}

/**
 * Run a process entry: a ConfigError or any start-up failure prints one clear line
 * (not a stack trace for a config problem) and exits non-zero.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
