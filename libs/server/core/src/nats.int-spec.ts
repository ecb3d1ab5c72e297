import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { connect, headers } from '@nats-io/transport-node';
import { Messages, SERVICES, healthSubject, users, type Actor } from '@freight/contracts';
import { z } from 'zod';
import { AppError, RemoteError, RpcErrorFilter, failureOf } from './errors.js';
import { SIGNATURE_HEADER, parseRequestKey, requestKeyVariable, signRequest, type RequestKeys } from './gateway-signature.js';
import {
  NO_RESPONDERS_RETRY_MS,
  NatsRpcClient,
  REPLY_PARTS_HEADER,
  namespacedSubject,
  natsMicroserviceOptions,
  requestTimeLeft,
  type NatsClientConfig,
} from './nats.js';
import { ZodPayloadPipe } from './validation.js';
import { JsonReply } from './json-reply.js';
import type { ServiceNatsConfig } from './config.js';

// The run's authenticated NATS (tools/jest/nats-setup.js); libs/server/testing reads it the same way.
const testNats = JSON.parse(process.env.FREIGHT_TEST_NATS ?? 'null') as {
  url: string;
  passwords: Record<string, string>;
  requestKeys: Record<string, string>;
};
const as = (user: string) => ({ NATS_URL: testNats.url, NATS_USER: user, NATS_PASSWORD: testNats.passwords[user] });
const requestKeys = Object.fromEntries(SERVICES.map((service) => [requestKeyVariable(service), parseRequestKey(testNats.requestKeys[service])])) as RequestKeys;
/** The caller: the gateway's identity and every service's request key. */
const config = (namespace: string, timeout = 2000): NatsClientConfig => ({
  ...as('gateway'),
  NATS_NAMESPACE: namespace,
  NATS_REQUEST_TIMEOUT_MS: timeout,
  ...requestKeys,
});
/** The directory service: its identity and its own request key. */
const serviceConfig = (namespace: string): ServiceNatsConfig => ({
  ...as('directory'),
  NATS_NAMESPACE: namespace,
  NATS_REQUEST_TIMEOUT_MS: 2000,
  GATEWAY_REQUEST_KEY: requestKeys.DIRECTORY_REQUEST_KEY,
});

const handled: string[] = [];
/** The `slow` request waits for this gate, which the test opens once it has its timeout. */
let openSlowGate = () => {};
let slowFinished = false;

@Controller()
class ProbeController {
  @MessagePattern(users.subjects.get)
  get(
    @Payload(new ZodPayloadPipe(z.object({ params: z.object({ username: z.string().min(3, 'Username is too short') }) })))
    { params: body }: { params: { username: string } },
  ) {
    handled.push(body.username);
    if (body.username === 'missing') throw new AppError('NOT_FOUND', Messages.userNotFound);
    if (body.username === 'broken') throw new Error('secret internals');
    if (body.username === 'deadline') return new Promise((resolve) => setTimeout(() => resolve({ timeLeft: requestTimeLeft() }), 10));
    // `large-<n>`: a reply of n MB, over NATS's 1 MB max_payload from 1 up.
    const large = /^large-(\d+)$/.exec(body.username);
    if (large) return { username: body.username, filler: 'x'.repeat(Number(large[1]) * 1024 * 1024) };
    // `json-<n>`: a page already encoded (as Postgres builds one), n KB of rows, its total 7.
    const json = /^json-(\d+)$/.exec(body.username);
    if (json) return new JsonReply(JSON.stringify(Array.from({ length: Number(json[1]) }, (_, n) => ({ n, text: `é"\\${'y'.repeat(1000)}` }))), 7);
    if (body.username === 'slow') {
      return new Promise((resolve) => (openSlowGate = () => resolve({ slow: true }))).finally(() => (slowFinished = true));
    }
    return { username: body.username };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

async function start(namespace: string, maxReplyBytes?: number): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(ProbeModule, {
    ...natsMicroserviceOptions('directory', serviceConfig(namespace), maxReplyBytes),
    logger: false,
  });
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  return app;
}

const actor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
/** `directory.user.get` for `username`, as the gateway sends it. */
const get = (client: NatsRpcClient, username: string, options?: { timeoutMs: number }) =>
  client.request(users.subjects.get, { actor, params: { username } }, options);

const failure = (promise: Promise<unknown>) => failureOf(RemoteError, promise);

describe('NATS transport with namespaces', () => {
  const namespace = `t${randomBytes(5).toString('hex')}.`;
  let replicas: INestMicroservice[];
  let client: NatsRpcClient;

  beforeAll(async () => {
    replicas = [await start(namespace), await start(namespace)];
    client = new NatsRpcClient(config(namespace));
  });

  afterAll(async () => {
    await client.close();
    await Promise.all(replicas.map((app) => app.close()));
  });

  it('answers a typed request in the namespace', async () => {
    await expect(get(client, 'alice')).resolves.toEqual({ username: 'alice' });
  });

  it('runs each request once across replicas in the queue group', async () => {
    handled.length = 0;
    await Promise.all(Array.from({ length: 20 }, (_, i) => get(client, `user${i}`)));
    expect(handled.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `user${i}`).sort());
  });

  it('does not reach services of another namespace (no responders → SERVICE_UNAVAILABLE, after trying for NO_RESPONDERS_RETRY_MS)', async () => {
    const other = new NatsRpcClient(config(`t${randomBytes(5).toString('hex')}.`));
    try {
      const started = performance.now();
      const error = await failure(get(other, 'alice'));
      expect(error.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable });
      expect(performance.now() - started).toBeGreaterThanOrEqual(NO_RESPONDERS_RETRY_MS / 2);
      expect(performance.now() - started).toBeLessThan(NO_RESPONDERS_RETRY_MS + 1500);
    } finally {
      await other.close();
    }
  });

  it('sends a request again while no replica is subscribed for a moment (a replica moving between NATS nodes), once', async () => {
    const own = `t${randomBytes(5).toString('hex')}.`;
    const caller = new NatsRpcClient(config(own));
    let late: INestMicroservice | undefined;
    try {
      handled.length = 0;
      const answer = get(caller, 'moving');
      await new Promise((resolve) => setTimeout(resolve, NO_RESPONDERS_RETRY_MS / 4));
      late = await start(own);
      await expect(answer).resolves.toEqual({ username: 'moving' });
      expect(handled).toEqual(['moving']);
    } finally {
      await caller.close();
      await late?.close();
    }
  });

  it('carries an AppError across as its body', async () => {
    const error = await failure(get(client, 'missing'));
    expect(error.body).toEqual({ code: 'NOT_FOUND', message: Messages.userNotFound });
  });

  it('hides unexpected errors behind INTERNAL', async () => {
    const error = await failure(get(client, 'broken'));
    expect(error.body).toEqual({ code: 'INTERNAL', message: Messages.internal });
  });

  it('rejects a bad payload with VALIDATION_FAILED and details', async () => {
    const error = await failure(get(client, 'x'));
    expect(error.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Username is too short', details: { 'params.username': 'Username is too short' } });
  });

  it('tells the handler, however deep in its async work, how long the caller will still wait', async () => {
    const { timeLeft } = (await get(client, 'deadline', { timeoutMs: 1500 })) as unknown as { timeLeft: number };
    expect(timeLeft).toBeGreaterThan(500);
    expect(timeLeft).toBeLessThanOrEqual(1490);
    expect(requestTimeLeft()).toBeUndefined();
  });

  it('times out with SERVICE_TIMEOUT instead of waiting for a handler that does not answer', async () => {
    // The handler answers only when the gate opens, which happens after the request gave up:
    // a client that waited for the reply would hang here until jest's own timeout.
    const error = await failure(get(client, 'slow', { timeoutMs: 300 }));
    expect(error.body.code).toBe('SERVICE_TIMEOUT');
    expect(slowFinished).toBe(false);
    openSlowGate();
  });

  it("refuses a request the gateway did not sign, or signed with another service's key, before any handler runs", async () => {
    const unsigned = new NatsRpcClient({ ...config(namespace), DIRECTORY_REQUEST_KEY: undefined });
    // What the shipment service could make with its own key: a request to the directory.
    const shipmentsKey = new NatsRpcClient({ ...config(namespace), DIRECTORY_REQUEST_KEY: requestKeys.SHIPMENT_REQUEST_KEY });
    try {
      handled.length = 0;
      for (const caller of [unsigned, shipmentsKey]) {
        const error = await failure(get(caller, 'alice'));
        expect(error.body).toEqual({ code: 'UNAUTHENTICATED_CALLER', message: Messages.unauthenticatedCaller });
      }
      expect(handled).toEqual([]);
      // Control: the directory's own key passes.
      await expect(get(client, 'alice')).resolves.toEqual({ username: 'alice' });
    } finally {
      await Promise.all([unsigned.close(), shipmentsKey.close()]);
    }
  });

  it("asks for a reply's other parts only on a parts subject, so a service cannot make the caller sign a request elsewhere", async () => {
    const nc = await connect({ servers: testNats.url, user: 'shipment', pass: testNats.passwords.shipment });
    const admin = await connect({ servers: testNats.url, user: 'admin', pass: testNats.passwords.admin });
    try {
      // A shipment service that answers in "parts" whose rest is on a directory subject.
      const elsewhere = `${namespace}${users.subjects.get}`;
      nc.subscribe(`${namespace}shipment.>`, {
        queue: `${namespace}shipment`,
        callback: (_, message) => {
          const h = headers();
          h.set(REPLY_PARTS_HEADER, '2');
          h.set('Freight-Reply-Key', 'k');
          h.set('Freight-Reply-Rest', elsewhere);
          message.respond('{"response":', { headers: h });
        },
      });
      const seen: string[] = [];
      admin.subscribe(elsewhere, { callback: (_, message) => void seen.push(message.string()) });
      await Promise.all([nc.flush(), admin.flush()]);
      const error = await failure(client.request(healthSubject('shipment'), {}));
      expect(error.body.code).toBe('SERVICE_UNAVAILABLE');
      await admin.flush();
      expect(seen).toEqual([]);
    } finally {
      await Promise.all([nc.close(), admin.close()]);
    }
  });

  it('keeps concurrent replies apart and connects again after being closed', async () => {
    const own = new NatsRpcClient(config(namespace));
    try {
      const names = Array.from({ length: 50 }, (_, i) => `parallel${i}`);
      await expect(Promise.all(names.map((username) => get(own, username)))).resolves.toEqual(names.map((username) => ({ username })));
      await own.close();
      await expect(get(own, 'again')).resolves.toEqual({ username: 'again' });
    } finally {
      await own.close();
    }
  });

  it('reports NATS reachability', async () => {
    await expect(client.ping()).resolves.toBe(true);
    const nowhere = new NatsRpcClient({ ...config(namespace), NATS_URL: 'nats://127.0.0.1:1' });
    await expect(nowhere.ping()).resolves.toBe(false);
    const error = await failure(get(nowhere, 'alice'));
    expect(error.body.code).toBe('SERVICE_UNAVAILABLE');
    await nowhere.close();
  });

  // Issue 21, item 6a: a reply over max_payload was dropped by NATS and the caller waited out its time-out.
  it('carries a reply larger than NATS’s max_payload whole, in parts, to whichever replica answered', async () => {
    const started = performance.now();
    const replies = await Promise.all(['large-3', 'large-5', 'large-1', 'alice'].map((username) => get(client, username)));
    expect(replies.map((reply) => [reply.username, ((reply as { filler?: string }).filler ?? '').length])).toEqual([
      ['large-3', 3 * 1024 * 1024],
      ['large-5', 5 * 1024 * 1024],
      ['large-1', 1024 * 1024],
      ['alice', 0],
    ]);
    expect((replies[1] as unknown as { filler: string }).filler).toMatch(/^x+$/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  // Issue 24: a reply built by Postgres crosses as its bytes, no envelope, for the gateway to send on.
  it('carries a JsonReply as its bytes, with its total: requestJson answers them as they were sent, request decodes them as a page', async () => {
    const sent = JSON.stringify(Array.from({ length: 3 }, (_, n) => ({ n, text: `é"\\${'y'.repeat(1000)}` })));
    const raw = await client.requestJson(users.subjects.get, { actor, params: { username: 'json-3' } });
    expect(raw).toBeInstanceOf(JsonReply);
    expect(Buffer.from((raw as JsonReply).json).toString()).toBe(sent);
    expect((raw as JsonReply).total).toBe(7);
    await expect(get(client, 'json-3')).resolves.toEqual({ items: JSON.parse(sent), total: 7 });
  });

  // A gateway of the last release (a rolling deploy, ADR 55) does not say it takes bytes: it gets the envelope it knows.
  it("answers a JsonReply in Nest's envelope to a caller that does not say it takes JSON replies", async () => {
    const nc = await connect({ servers: testNats.url, user: 'gateway', pass: testNats.passwords.gateway });
    try {
      const subject = namespacedSubject(namespace, users.subjects.get);
      const packet = Buffer.from(JSON.stringify({ pattern: users.subjects.get, data: { actor, params: { username: 'json-2' } }, id: '1' }));
      const h = headers();
      h.set(SIGNATURE_HEADER, signRequest(requestKeys.DIRECTORY_REQUEST_KEY, subject, packet));
      const answer = await nc.request(subject, packet, { timeout: 2000, headers: h });
      expect(answer.headers?.get('Freight-Json-Reply') ?? '').toBe('');
      const { response } = answer.json<{ response: { items: { n: number }[]; total: number } }>();
      expect({ rows: response.items.map((row) => row.n), total: response.total }).toEqual({ rows: [0, 1], total: 7 });
    } finally {
      await nc.close();
    }
  });

  it('carries a JsonReply larger than max_payload whole, in parts', async () => {
    const raw = (await client.requestJson(users.subjects.get, { actor, params: { username: 'json-3000' } })) as JsonReply;
    const page = JSON.parse(Buffer.from(raw.json).toString()) as { n: number }[];
    expect(raw.json.length).toBeGreaterThan(3_000_000);
    expect(page.map((row) => row.n)).toEqual(Array.from({ length: 3000 }, (_, n) => n));
    expect(raw.total).toBe(7);
  });

  it('answers a reply over the stated limit at once with REPLY_TOO_LARGE, never a time-out', async () => {
    const own = `t${randomBytes(5).toString('hex')}.`;
    const capped = await start(own, 2 * 1024 * 1024);
    const caller = new NatsRpcClient(config(own, 10_000));
    try {
      await expect(get(caller, 'large-1')).resolves.toMatchObject({ username: 'large-1' });
      const started = performance.now();
      const error = await failure(get(caller, 'large-3'));
      expect(error.body).toEqual({ code: 'REPLY_TOO_LARGE', message: Messages.replyTooLarge });
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await caller.close();
      await capped.close();
    }
  });
});
