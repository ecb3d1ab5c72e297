import { connect as connectTcp } from 'node:net';
import type { NatsConnection } from '@nats-io/transport-node';
import { Messages } from '@freight/contracts';
import { connectTestNats, uniqueNamespace } from '@freight/server-testing';
import { ALLOWED_ORIGIN, BODY_LIMIT_BYTES, PUBLIC_ORIGIN, TestGateway, dropGatewayBuckets, gatewayConfig, stackForFile } from '../testing/gateway-stack.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, connectionGraceMs } from '@freight/gateway';

const suite = stackForFile();
const { call } = suite;

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = Date.now();
  const result = await work();
  return [result, Date.now() - start];
};

/** Longer than any test may run: a reply that arrives at all did not come from the request timeout. */
const NEVER_MS = 10 * 60_000;

describe('health', () => {
  it('is 200 and up when NATS and every service answer', async () => {
    const reply = await call('GET', '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'up', gateway: 'up', nats: 'up', services: { directory: 'up', notification: 'up', shipment: 'up', accounts: 'up' } });
  });
});

describe('a directory that does not answer', () => {
  const namespaces: string[] = [];
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connectTestNats('admin');
  });

  afterAll(async () => {
    await nc.close();
    for (const namespace of namespaces) await dropGatewayBuckets(namespace);
  });

  async function gatewayWithout(timeoutMs = 5000): Promise<[TestGateway, string]> {
    const namespace = uniqueNamespace();
    namespaces.push(namespace);
    return [await TestGateway.start(gatewayConfig(namespace, { NATS_REQUEST_TIMEOUT_MS: timeoutMs })), namespace];
  }

  it('no responders: 503 at once (not after the timeout), with Retry-After, and health says degraded', async () => {
    // With a request timeout no test outlives, only NATS's no-responders answer can end these calls.
    const [gateway] = await gatewayWithout(NEVER_MS);
    try {
      const login = await gateway.call('POST', '/api/users/login', { body: { username: 'head', password: 'x' } });
      expect(login.status).toBe(503);
      expect(login.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable });
      expect(login.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      // A token is checked by the gateway alone; the call behind it still needs the service.
      expect((await gateway.call('GET', '/api/users/all', { token: suite.head.token })).status).toBe(503);
      const health = await gateway.call('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        status: 'degraded',
        gateway: 'up',
        nats: 'up',
        services: { directory: 'down', notification: 'down', shipment: 'down', accounts: 'down' },
      });
    } finally {
      await gateway.close();
    }
  });

  it('a responder that never replies: 504 after the request timeout, not a hang', async () => {
    const timeoutMs = 1000;
    const [gateway, namespace] = await gatewayWithout(timeoutMs);
    const received: string[] = [];
    const silent = nc.subscribe(`${namespace}directory.>`, { callback: (_error, msg) => void received.push(msg.subject) }); // takes requests, answers none
    // The server knows the subscription once the flush returns; before, the request could find no responder (503).
    await nc.flush();
    try {
      const [reply, ms] = await timed(() => gateway.call('POST', '/api/users/login', { body: { username: 'head', password: 'x' } }));
      expect(reply.status).toBe(504);
      expect(reply.body).toEqual({ code: 'SERVICE_TIMEOUT', message: Messages.serviceTimeout });
      // The request reached the (silent) service once, and the gateway waited its timeout for it.
      await nc.flush();
      expect(received).toEqual([`${namespace}directory.user.verifyCredentials`]);
      expect(ms).toBeGreaterThanOrEqual(timeoutMs - 100);
      const health = await gateway.call('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body.services).toEqual({ directory: 'down', notification: 'down', shipment: 'down', accounts: 'down' });
    } finally {
      silent.unsubscribe();
      await gateway.close();
    }
  });
});

describe('a shutdown', () => {
  it('closes a connection a client keeps busy once the grace period is over, instead of waiting for it (Node would wait 60 s for the headers)', async () => {
    const namespace = uniqueNamespace();
    const config = gatewayConfig(namespace, { DRAIN_TIMEOUT_MS: 6000 });
    const gateway = await TestGateway.start(config);
    const { hostname, port } = new URL(gateway.baseUrl);
    const socket = connectTcp({ host: hostname, port: Number(port) });
    const closedByServer = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // A request whose headers never end: the connection is busy, not idle, for the server.
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n`);
    try {
      const [, ms] = await timed(() => gateway.close());
      await closedByServer;
      expect(ms).toBeGreaterThanOrEqual(connectionGraceMs(config) - 100);
      expect(ms).toBeLessThan(30_000);
    } finally {
      socket.destroy();
      await dropGatewayBuckets(namespace);
    }
  }, 60_000);
});

describe('bad input at the HTTP level', () => {
  const post = (payload: string | undefined, contentType?: string) =>
    call('POST', '/api/users/add', { token: suite.head.token, payload, headers: contentType ? { 'content-type': contentType } : {} });

  it('malformed JSON → 400 with a clear message', async () => {
    const reply = await post('{"fullName": "x",', 'application/json');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' });
  });

  it('an empty JSON body → 400', async () => {
    const reply = await post('', 'application/json');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
  });

  it('no body at all → 400 naming the body', async () => {
    const reply = await post(undefined);
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual({ body: 'The request body must be a JSON object' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])('%s → 415', async (type) => {
    const reply = await post('username=x', type);
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ code: 'VALIDATION_FAILED', message: 'The request body must be JSON (Content-Type: application/json).' });
  });

  it('a body over BODY_LIMIT_BYTES → 413', async () => {
    const reply = await post(JSON.stringify({ fullName: 'x'.repeat(BODY_LIMIT_BYTES) }), 'application/json');
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: `The request body is too large: the limit is ${BODY_LIMIT_BYTES} bytes.` });
  });

  it('wrong types in JSON → 400 with details, never 500', async () => {
    const reply = await post(
      JSON.stringify({ fullName: 1, username: ['a'], email: {}, password: true, branchCity: null, contact: 5, role: 1, department: [] }),
      'application/json',
    );
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.details)).toHaveLength(8);
  });

  it('an unknown route or method → 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/users/add'],
      ['PATCH', '/api/users/update'],
    ] as const) {
      const reply = await call(method, url, { token: suite.head.token });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining(url) });
    }
  });

  it('percent-encoded path parameters are decoded exactly once', async () => {
    // Space, slash, percent and non-ASCII letters: re-encoding or decoding twice changes (or breaks on) each.
    const city = 'São Paulo/Nord 100%';
    const path = (route: string) => `/api/branches/${route}/${encodeURIComponent(city)}`;
    const created = await call('POST', '/api/branches/add', {
      token: suite.head.token,
      body: { BranchCity: city, Location: 'Rua Augusta 1', Contact: '+55 11 3333 4444', Code: 'SPN' },
    });
    expect(created.status).toBe(201);
    expect(created.body.branch.BranchCity).toBe(city);

    const found = await call('GET', path('search'), { token: suite.head.token });
    expect(found.status).toBe(200);
    expect(found.body.branches.map((b: { BranchCity: string }) => b.BranchCity)).toEqual([city]);
    const updated = await call('PUT', path('update'), { token: suite.head.token, body: { Location: 'Avenida Paulista 900', Contact: '+55 11 3333 4444' } });
    expect(updated.status).toBe(200);
    expect(updated.body.branch).toMatchObject({ BranchCity: city, Location: 'Avenida Paulista 900' });
    expect((await call('DELETE', path('delete'), { token: suite.head.token })).status).toBe(200);
    expect((await call('GET', path('search'), { token: suite.head.token })).body.branches).toEqual([]);
  });
});

describe('cross-origin calls and headers', () => {
  it('refuses an origin that is not configured', async () => {
    const reply = await call('GET', '/api/users/all', { token: suite.head.token, headers: { origin: 'https://evil.example' } });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'FORBIDDEN', message: 'Calls from the origin https://evil.example are not allowed.' });
    const preflight = await call('OPTIONS', '/api/users/add', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows a configured origin and exposes X-Total-Count', async () => {
    const preflight = await call('OPTIONS', '/api/users/add', {
      headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    const reply = await call('GET', '/api/users/all?page=1', { token: suite.head.token, headers: { origin: ALLOWED_ORIGIN } });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(reply.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it('lets calls without an Origin and from the public origin through', async () => {
    expect((await call('GET', '/api/users/unique', { token: suite.head.token })).status).toBe(200);
    expect((await call('GET', '/api/users/unique', { token: suite.head.token, headers: { origin: PUBLIC_ORIGIN } })).status).toBe(200);
  });

  it('sends the security headers on API replies and errors, unknown routes included', async () => {
    const replies = [
      await call('GET', '/api/users/unique', { token: suite.head.token }),
      await call('GET', '/api/users/unique'),
      await call('GET', '/api/nowhere'),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 401, 404]);
    for (const reply of replies) {
      expect(reply.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(reply.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringContaining('max-age='),
        'content-security-policy': expect.stringContaining("default-src 'self'"),
        'content-type': expect.stringContaining('application/json'),
      });
    }
  });
});

describe('docs', () => {
  it('serves a browsable page and its assets', async () => {
    const page = await call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await call('GET', '/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect((await call('GET', '/api/docs/init.js')).body).toContain('/api/docs/openapi.json');
    expect((await call('GET', '/api/docs/package.json')).status).toBe(404);
  });

  it('serves the OpenAPI document made from the contracts', async () => {
    const reply = await call('GET', '/api/docs/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(Object.keys(reply.body.paths)).toEqual(expect.arrayContaining(['/api/users/login', '/api/branches/delete/{BranchCity}', '/api/health']));
  });
});
