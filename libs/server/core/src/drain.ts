import { createServer, type Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { z } from 'zod';

/**
 * Draining on SIGTERM and the probes that go with it (docs/adr/0051-drain-and-probes.md): a
 * deployment stops a process with SIGTERM, and the process finishes what it took before it exits 0.
 */
export const drainEnvSchema = z.object({
  /** The whole drain (requests in flight, the outbox, the connections) must end within this; past it the process exits 1. */
  DRAIN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100, 'must be at least 100').max(600_000).default(20_000),
  /** A service's probe listener (GET /live, GET /ready); unset: none. */
  HEALTH_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
  HEALTH_HOST: z.string().trim().min(1).default('127.0.0.1'),
});

const logger = new Logger('Drain');

/**
 * On SIGTERM (or SIGINT) run `drain` once, then exit 0; exit 1 when it fails or takes longer
 * than `timeoutMs` (the orchestrator would SIGKILL it soon after anyway). A second signal
 * while draining changes nothing.
 */
export function drainOnSignals(drain: (signal: NodeJS.Signals) => Promise<void>, timeoutMs: number): void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    logger.log(`${signal}: draining (at most ${timeoutMs} ms)`);
    setTimeout(() => {
      logger.error(`Not drained within ${timeoutMs} ms: exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    drain(signal).then(
      () => {
        logger.log('Drained');
        // process.exit, not a return: open handles must not keep the process, and the logs flush on 'exit'.
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`Drain failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Resolves after `ms`, or at once for 0. */
export const pause = (ms: number) => new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : resolve()));

/** Waits until `done()` holds, checking every `everyMs`, for at most `timeoutMs`; answers whether it held. */
export async function waitUntil(done: () => boolean, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await pause(everyMs);
  }
  return true;
}

/**
 * A service's probes over plain HTTP (a service has no HTTP server of its own): `GET /live`
 * answers 200 while the process runs, `GET /ready` 200 when `ready()` holds and 503 otherwise
 * (draining, its database or NATS down). What a Kubernetes probe or the edge asks.
 */
export async function startProbeListener(host: string, port: number, ready: () => Promise<boolean>): Promise<Server> {
  const server = createServer((request, response) => {
    const answer = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ status: body }));
    };
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'method not allowed');
    if (path === '/live') return answer(200, 'up');
    if (path !== '/ready') return answer(404, 'not found');
    ready().then(
      (ok) => answer(ok ? 200 : 503, ok ? 'ready' : 'not ready'),
      () => answer(503, 'not ready'),
    );
  });
  // A probe's connection must not hold the process's exit.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
