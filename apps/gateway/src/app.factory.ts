import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { ServerResponse, type IncomingMessage } from 'node:http';
import cors from '@fastify/cors';
import { AppError, NatsRpcClient, createNestLogger } from '@freight/server';
import { KEY_MAX_LENGTH, TOTAL_COUNT_HEADER } from '@freight/contracts';
import { AppModule } from './app.module.js';
import { AuthGuard } from './auth/auth.guard.js';
import { addForwardedRoutes } from './forward/resource-forwarder.js';
import { ContractReplyInterceptor } from './http/reply.interceptor.js';
import type { GatewayConfig } from './config/gateway.config.js';
import { HttpErrorFilter } from './http/exception.filter.js';

/**
 * The longest path parameter the router accepts, as sent (percent-encoded): a key of
 * KEY_MAX_LENGTH characters of 4-byte UTF-8 is 12 characters each. So every key the
 * contracts accept reaches its schema, which names the field when a key is too long.
 */
export const MAX_PARAM_LENGTH = KEY_MAX_LENGTH * 12;

/**
 * While the gateway closes (docs/adr/0051-drain-and-probes.md), connections are closed as soon as
 * they are idle: checked this often. A browser after a live stream ended, or a keep-alive socket
 * the server does not count as idle when the close starts, would otherwise hold the gateway up
 * to Fastify's 72 s keep-alive, past a deployment's grace period.
 */
export const IDLE_CHECK_MS = 100;
/** What the drain leaves after the listener closed for the NATS connections to close. */
const CLOSE_MARGIN_MS = 1000;

/** How long a close waits for busy connections before it cuts them: the drain's time less its delay and a margin. */
export function connectionGraceMs(config: Pick<GatewayConfig, 'DRAIN_TIMEOUT_MS' | 'DRAIN_DELAY_MS'>): number {
  return Math.max(CLOSE_MARGIN_MS, config.DRAIN_TIMEOUT_MS - config.DRAIN_DELAY_MS - CLOSE_MARGIN_MS);
}

/**
 * A call without an Origin (curl, server to server, a same-origin GET) passes; a call with
 * one passes only when that origin is configured (PUBLIC_ORIGINS or CORS_ORIGINS), else it
 * is refused with 403 before it reaches a handler. Never judged from the Host header: a
 * client (or a DNS-rebinding page) chooses Host and Origin alike.
 */
export function isOriginAllowed(origin: string | undefined, config: Pick<GatewayConfig, 'PUBLIC_ORIGINS' | 'CORS_ORIGINS'>): boolean {
  return origin === undefined || config.PUBLIC_ORIGINS.includes(origin) || config.CORS_ORIGINS.includes(origin);
}

/** The headers helmet's middleware sets on a reply (none of them depends on the request). */
async function helmetHeaders(middleware: ReturnType<typeof helmet>): Promise<[string, string | number | string[]][]> {
  const request = { headers: {}, method: 'GET' } as IncomingMessage;
  const response = new ServerResponse(request);
  await new Promise<void>((resolve, reject) => middleware(request, response, (error?: unknown) => (error ? reject(error as Error) : resolve())));
  return Object.entries(response.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
}

/** The whole gateway, initialised but not listening yet (main.ts and the tests listen). */
export async function createGateway(
  config: GatewayConfig,
  logger: LoggerService | false = createNestLogger('gateway', config.LOG_LEVEL),
): Promise<NestFastifyApplication> {
  const hops = config.GATEWAY_TRUST_PROXY;
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const errors = new HttpErrorFilter(config);
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What the router refuses before any handler (a longer parameter, broken percent-encoding) answers like every other error.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => errors.send(error, request, reply),
  });
  // bodyParser off: Fastify's own JSON parser (with the body limit) is the only one; Nest would add form bodies.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { logger, abortOnError: false, bodyParser: false });
  app.setGlobalPrefix('api');
  // No shutdown hooks of Nest's: main.ts drains on SIGTERM (docs/adr/0051-drain-and-probes.md).
  await app.init();

  // Helmet's headers on every reply, as helmet writes them once (they are the same on every reply:
  // docs/adr/0059-json-replies-passed-as-bytes.md, the hop's cost). Its defaults ('self' scripts, no
  // inline scripts) suit the docs page; plain http stays usable locally.
  const securityHeaders = await helmetHeaders(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
      done();
    });
  // After init, so that the route this plugin adds (the CORS preflight) gets Nest's error handling too.
  // The options are fixed (made once); only the origin is judged per call.
  await app.register(cors, {
    origin: (origin, callback) => {
      if (isOriginAllowed(origin, config)) callback(null, true);
      else callback(new AppError('FORBIDDEN', `Calls from the origin ${origin} are not allowed.`), false);
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    credentials: false,
    exposedHeaders: [TOTAL_COUNT_HEADER, 'Retry-After'],
    maxAge: 600,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // After init, so that they take the error handler Nest gives every route (bodies Fastify refuses reach HttpErrorFilter).
  addForwardedRoutes(fastify, { rpc: app.get(NatsRpcClient), guard: app.get(AuthGuard), replies: app.get(ContractReplyInterceptor), errors });
  // The requests in flight finish; each connection closes once idle; those still open when the drain's time is nearly up are cut.
  fastify.addHook('preClose', (done) => {
    const idle = setInterval(() => fastify.server.closeIdleConnections(), IDLE_CHECK_MS).unref();
    const cut = setTimeout(() => fastify.server.closeAllConnections(), connectionGraceMs(config)).unref();
    fastify.server.once('close', () => {
      clearInterval(idle);
      clearTimeout(cut);
    });
    done();
  });
  // JSON is the only body type: Fastify's default text/plain parser would let other types through as strings (415 instead).
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
  return app;
}
