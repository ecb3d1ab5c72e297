import { randomBytes } from 'node:crypto';
import { Subjects, type ServiceName } from '@freight/contracts';
import { NatsRpcClient, type NatsConfig } from '@freight/server';

/** A NATS_NAMESPACE of its own, so a test run shares one NATS with anything else running. */
export function uniqueNamespace(): string {
  return `t${randomBytes(5).toString('hex')}.`;
}

/** NATS settings for tests: NATS_URL from the environment (or local), the given namespace. */
export function testNatsConfig(namespace: string, requestTimeoutMs = 5000): NatsConfig {
  return {
    NATS_URL: process.env.NATS_URL || 'nats://127.0.0.1:4222',
    NATS_NAMESPACE: namespace,
    NATS_REQUEST_TIMEOUT_MS: requestTimeoutMs,
  };
}

/**
 * Readiness check for spawnService: the service answers `<service>.health` with its
 * database up. One client for all polls; it closes itself once the service is ready.
 */
export function natsHealthReady(service: ServiceName, config: NatsConfig): () => Promise<boolean> {
  let client: NatsRpcClient | undefined;
  return async () => {
    client ??= new NatsRpcClient({ ...config, NATS_REQUEST_TIMEOUT_MS: 1000 }, 'readiness-probe');
    try {
      const health = await client.request(Subjects[service].health, {});
      if (health.database !== 'up') return false;
      await client.close().catch(() => undefined);
      client = undefined;
      return true;
    } catch {
      return false;
    }
  };
}

/** Readiness check for spawnService over HTTP (e.g. the gateway's /api/health). */
export function httpReady(url: string, accept: (response: Response) => boolean = (response) => response.ok): () => Promise<boolean> {
  return async () => {
    try {
      return accept(await fetch(url, { signal: AbortSignal.timeout(1000) }));
    } catch {
      return false;
    }
  };
}
