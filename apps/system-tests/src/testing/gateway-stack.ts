import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { jetstreamManager } from '@nats-io/jetstream';
import { companyEnvSchema, type LoginResponse, type StaffRole, type UserCreate } from '@freight/contracts';
import {
  connectTestNats,
  newUser,
  startRegisteredServices,
  testPassword,
  testNatsConfig,
  uniqueNamespace,
  type RunningServices,
  type StartServicesOptions,
  type TcpProxy,
} from '@freight/server-testing';
import { SESSION_STATE_MAX_AGE_MS, createGateway, pdfLeaseBucketName, revocationBucketName, type GatewayConfig } from '@freight/gateway';

export const JWT_SECRET = 'integration-test-secret-at-least-32-characters';
/** Where the console is served from (PUBLIC_ORIGINS) and another site allowed to call (CORS_ORIGINS). */
export const PUBLIC_ORIGIN = 'https://freight.example.com';
export const ALLOWED_ORIGIN = 'https://console.example.com';
export const BODY_LIMIT_BYTES = 16 * 1024;
export const HEAD = { username: 'head', password: 'head-harbour-lantern-1' };
export { newUser, testPassword } from '@freight/server-testing';

export function gatewayConfig(namespace: string, overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  const nats = testNatsConfig(namespace);
  return {
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: 0,
    JWT_SECRET,
    PUBLIC_ORIGINS: [PUBLIC_ORIGIN],
    CORS_ORIGINS: [ALLOWED_ORIGIN],
    BODY_LIMIT_BYTES,
    GATEWAY_TRUST_PROXY: 'loopback',
    EXPORT_CHUNK_ROWS: 500,
    ...companyEnvSchema.parse({}),
    ...nats,
    NATS_STREAM_REPLICAS: 1,
    LOG_LEVEL: 'silent',
    DRAIN_DELAY_MS: 0,
    DRAIN_TIMEOUT_MS: 20_000,
    JETSTREAM_STARTUP_WAIT_MS: 30_000,
    // Every JSON reply a service sends as bytes is checked against its contract in the tests (docs/adr/0059-json-replies-passed-as-bytes.md).
    CHECK_JSON_REPLIES: true,
    ...overrides,
  };
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any reply shape
}

/** One gateway in-process, listening on a free loopback port, called over real HTTP. */
export class TestGateway {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly baseUrl: string,
  ) {}

  static async start(config: GatewayConfig): Promise<TestGateway> {
    const app = await createGateway(config, false);
    await app.listen({ host: '127.0.0.1', port: 0 });
    return new TestGateway(app, await app.getUrl());
  }

  /** `body` is sent as JSON; `payload` as is (set the content type yourself). */
  async call(
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; payload?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload = options.payload;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: Object.fromEntries(response.headers), body };
  }

  async login(username: string, password: string): Promise<LoginResponse> {
    const reply = await this.call('POST', '/api/users/login', { body: { username, password } });
    if (reply.status !== 200) throw new Error(`login of ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body as LoginResponse;
  }

  close(): Promise<void> {
    return this.app.close();
  }

  /**
   * For a teardown: closed as `close()` closes it, without waiting for a connection a test left
   * open (a close waits connectionGraceMs for it, 19 s with the stack's DRAIN_TIMEOUT_MS).
   */
  discard(): Promise<void> {
    this.app.getHttpAdapter().getInstance().server.closeAllConnections();
    return this.app.close();
  }
}

/** Every registered service (built; libs/contracts/src/services.json), each on a fresh database, in a fresh NATS namespace, plus the gateway. */
export class Stack {
  private constructor(
    readonly namespace: string,
    readonly services: RunningServices,
    readonly gateway: TestGateway,
  ) {}

  /**
   * `databaseVia`: the services reach Postgres through this proxy, so a test can cut the link;
   * `natsVia`: these services reach NATS through their proxy;
   * `serviceEnv`: added to every service's environment (SMTP_URL of the test's SMTP server).
   */
  static async start(
    overrides: Partial<GatewayConfig> = {},
    { databaseVia, natsVia, serviceEnv }: { databaseVia?: TcpProxy; natsVia?: StartServicesOptions['natsVia']; serviceEnv?: Record<string, string> } = {},
  ): Promise<Stack> {
    const namespace = uniqueNamespace();
    // The first Head comes from the directory's own seed entry, as on a first start.
    const services = await startRegisteredServices({
      namespace,
      databaseVia,
      natsVia,
      serviceEnv,
      seedEnv: { SEED_HEAD_USERNAME: HEAD.username, SEED_HEAD_PASSWORD: HEAD.password },
    });
    try {
      return new Stack(namespace, services, await TestGateway.start(gatewayConfig(namespace, overrides)));
    } catch (error) {
      await services.stop();
      throw error;
    }
  }

  /** Adds a user through the API as `token` (a Head's) and signs them in. */
  async addUser(token: string, username: string, role: StaffRole, extra: Partial<UserCreate> = {}): Promise<LoginResponse> {
    const password = testPassword(username);
    const reply = await this.gateway.call('POST', '/api/users/add', { token, body: newUser(username, role, { password, ...extra }) });
    if (reply.status !== 201) throw new Error(`adding ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return this.gateway.login(username, password);
  }

  async stop(): Promise<void> {
    await this.gateway.discard().catch(() => undefined);
    await this.services.stop();
    await dropGatewayBuckets(this.namespace);
  }
}

/** The stack a test file shares, for `stackForFile`: read `stack` and `head` in tests and hooks, once it is up. */
export interface FileStack {
  stack: Stack;
  /** The first Head, signed in. */
  head: LoginResponse;
  /** `stack.gateway.call`. */
  call: TestGateway['call'];
}

/** One stack for every test of the file: started (its gateway with `overrides`), with the first Head signed in, before them; stopped after. */
export function stackForFile(overrides: Partial<GatewayConfig> = {}): FileStack {
  const shared = { call: (...args) => shared.stack.gateway.call(...args) } as FileStack;
  beforeAll(async () => {
    shared.stack = await Stack.start(overrides);
    shared.head = await shared.stack.gateway.login(HEAD.username, HEAD.password);
  }, 60_000);
  afterAll(() => shared.stack?.stop());
  return shared;
}

/** Test namespaces leave no KV bucket behind on the shared NATS (the revoked tokens, the PDF slots). */
export async function dropGatewayBuckets(namespace: string): Promise<void> {
  const nc = await connectTestNats('admin');
  try {
    const jsm = await jetstreamManager(nc);
    for (const bucket of [revocationBucketName(namespace), pdfLeaseBucketName(namespace)]) await jsm.streams.delete(`KV_${bucket}`).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

/** How many replies had each status: `{201: 1, 409: 199}`. */
export const statusCounts = (replies: { status: number }[]) =>
  replies.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The call, repeated until it is refused or until SESSION_STATE_MAX_AGE_MS (plus a margin)
 * has passed since the change answered; the last try is sent after that, when the
 * gateway promises a refusal. A slow machine means fewer tries, not a looser promise.
 */
export async function soon(send: () => Promise<Reply>): Promise<Reply> {
  const deadline = Date.now() + SESSION_STATE_MAX_AGE_MS + 500;
  for (;;) {
    const last = Date.now() >= deadline;
    const reply = await send();
    if (reply.status === 401 || last) return reply;
    await sleep(50);
  }
}
