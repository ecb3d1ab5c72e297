import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SERVICES, healthSubject, type ServiceName } from '@freight/contracts';
import { NatsRpcClient, parseRequestKey, requestKeyVariable, type NatsClientConfig, type RequestKeys, type ServiceNatsConfig } from '@freight/server';

/** A NATS_NAMESPACE of its own, so the test files of a run share one NATS without answering each other. */
export function uniqueNamespace(): string {
  return `t${randomBytes(5).toString('hex')}.`;
}

/**
 * The authenticated nats-server of this jest run and each service's request key, as the global setup
 * (tools/jest/nats-setup.js, started by tools/dev/nats.mjs `startTestNats`) put them in FREIGHT_TEST_NATS.
 */
export interface TestNats {
  url: string;
  /** Password of each identity of tools/dev/nats-config.mjs: gateway, each service, admin. */
  passwords: Record<string, string>;
  /** Each service's request key (base64), by service name. */
  requestKeys: Record<ServiceName, string>;
}

export function testNats(): TestNats {
  const raw = process.env.FREIGHT_TEST_NATS;
  if (!raw) {
    throw new Error(
      'FREIGHT_TEST_NATS is not set: run the test with its project jest config, whose globalSetup (tools/jest/nats-setup.js) starts the test NATS.',
    );
  }
  return JSON.parse(raw) as TestNats;
}

/** Connection settings as `identity` ('gateway', a service name or 'admin'). */
function identity(name: string): { NATS_URL: string; NATS_USER: string; NATS_PASSWORD: string } {
  const nats = testNats();
  const password = nats.passwords[name];
  if (password === undefined) throw new Error(`The test NATS has no identity ${name}`);
  return { NATS_URL: nats.url, NATS_USER: name, NATS_PASSWORD: password };
}

/** The gateway's request keys as environment variables (DIRECTORY_REQUEST_KEY, …), for a gateway run as a process. */
export function testGatewayKeyEnv(): Record<string, string> {
  return Object.fromEntries(SERVICES.map((service) => [requestKeyVariable(service), testNats().requestKeys[service]]));
}

/** NATS settings of a caller of services as the gateway is one: its identity and every service's key, in `namespace`. */
export function testNatsConfig(namespace: string, requestTimeoutMs = 5000): NatsClientConfig & RequestKeys {
  const keys = Object.fromEntries(SERVICES.map((service) => [requestKeyVariable(service), parseRequestKey(testNats().requestKeys[service])])) as RequestKeys;
  return { ...identity('gateway'), NATS_NAMESPACE: namespace, NATS_REQUEST_TIMEOUT_MS: requestTimeoutMs, ...keys };
}

/** NATS settings of `service` itself, in `namespace`: its own identity and its own request key. */
export function testServiceConfig(service: ServiceName, namespace: string): ServiceNatsConfig {
  return {
    ...identity(service),
    NATS_NAMESPACE: namespace,
    NATS_REQUEST_TIMEOUT_MS: 5000,
    GATEWAY_REQUEST_KEY: parseRequestKey(testNats().requestKeys[service]),
  };
}

/** The same as environment variables, for `service` run as a process (spawnService). */
export function testServiceEnv(service: ServiceName, namespace: string): Record<string, string> {
  const { NATS_URL, NATS_USER, NATS_PASSWORD } = identity(service);
  return { NATS_URL, NATS_USER, NATS_PASSWORD, NATS_NAMESPACE: namespace, GATEWAY_REQUEST_KEY: testNats().requestKeys[service] };
}

/** A plain nats.js connection as `name` ('admin' for clean-up and inspection; others for attack tests). */
export function connectTestNats(name: string): Promise<NatsConnection> {
  const { NATS_URL, NATS_USER, NATS_PASSWORD } = identity(name);
  return connect({ servers: NATS_URL.split(','), user: NATS_USER, pass: NATS_PASSWORD });
}

/**
 * Readiness check for spawnService: the service answers `<service>.health` with its
 * database up. One client for all polls; it closes itself once the service is ready.
 */
export function natsHealthReady(service: ServiceName, config: NatsClientConfig): () => Promise<boolean> {
  let client: NatsRpcClient | undefined;
  return async () => {
    client ??= new NatsRpcClient({ ...config, NATS_REQUEST_TIMEOUT_MS: 1000 }, 'readiness-probe');
    try {
      const health = await client.request(healthSubject(service), {});
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

/** The server's permission errors on `nc`, collected as they arrive. */
export function permissionViolations(nc: NatsConnection): string[] {
  const violations: string[] = [];
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'error') violations.push(String(status.error));
  })();
  return violations;
}

/** `violations` once one matches `pattern`, or after two seconds (the server answers -ERR asynchronously). */
export async function violationsAfter(violations: string[], pattern: RegExp): Promise<string[]> {
  for (let i = 0; i < 100 && !violations.some((v) => pattern.test(v)); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return violations;
}
