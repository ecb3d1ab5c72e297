import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService } from '@nestjs/common';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { AppError, createNestLogger } from '@freight/server';
import { TOTAL_COUNT_HEADER } from '@freight/contracts';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config/gateway.config.js';

/**
 * Same-origin calls (no Origin, or the Origin of this very host as the client sees it
 * through the edge) always pass; other origins must be listed in CORS_ORIGINS, else the
 * call is refused with 403 before it reaches a handler.
 */
export function isOriginAllowed(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  return !origin || origin === `${request.protocol}://${request.host}` || allowed.includes(origin);
}

/** The whole gateway, initialised but not listening yet (main.ts and the tests listen). */
export async function createGateway(
  config: GatewayConfig,
  logger: LoggerService | false = createNestLogger('gateway', config.LOG_LEVEL),
): Promise<NestFastifyApplication> {
  const hops = config.GATEWAY_TRUST_PROXY;
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const adapter = new FastifyAdapter({ bodyLimit: config.BODY_LIMIT_BYTES, trustProxy });
  // bodyParser off: Fastify's own JSON parser (with the body limit) is the only one; Nest would add form bodies.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { logger, abortOnError: false, bodyParser: false });
  app.setGlobalPrefix('api');
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  await app.init();

  // After init, so that the route these plugins add (the CORS preflight) gets Nest's error handling too.
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Helmet's defaults ('self' scripts, no inline scripts) suit the docs page; plain http stays usable locally.
      directives: { upgradeInsecureRequests: null },
    },
  });
  await app.register(cors, {
    delegator: (request, callback) => {
      if (!isOriginAllowed(request, config.CORS_ORIGINS)) {
        callback(new AppError('FORBIDDEN', `Calls from the origin ${request.headers.origin} are not allowed.`));
        return;
      }
      callback(null, { origin: true, credentials: false, exposedHeaders: [TOTAL_COUNT_HEADER, 'Retry-After'], maxAge: 600 });
    },
  });
  // JSON is the only body type: Fastify's default text/plain parser would let other types through as strings (415 instead).
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
  return app;
}
