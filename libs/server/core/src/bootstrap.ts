import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@freight/contracts';
import { ConfigError, type LogLevel, type ServiceNatsConfig } from './config.js';
import { RpcErrorFilter } from './errors.js';
import { createNestLogger } from './logging.js';
import { natsMicroserviceOptions } from './nats.js';

export interface ServiceBootstrapOptions {
  service: ServiceName;
  module: Type<unknown> | DynamicModule;
  config: ServiceNatsConfig & { LOG_LEVEL: LogLevel };
}

/**
 * Create and start a service: NATS in its queue group under the namespace, taking only
 * requests the gateway signed; pino logs; every error as `{code, message, details}`;
 * clean shutdown on SIGTERM/SIGINT.
 */
export async function startService({ service, module, config }: ServiceBootstrapOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    ...natsMicroserviceOptions(service, config),
    logger: createNestLogger(service, config.LOG_LEVEL),
    bufferLogs: true,
  });
  app.useGlobalFilters(new RpcErrorFilter());
  // Exit 0 once closed (Nest would otherwise re-raise the signal and die by it), flushing the logs.
  app.enableShutdownHooks(['SIGINT', 'SIGTERM'], { useProcessExit: true });
  await app.listen();
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
