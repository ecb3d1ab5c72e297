import type { NatsConnection } from '@nats-io/transport-node';
import { Messages } from '@freight/contracts';
import { connectTestNats, uniqueNamespace } from '@freight/server-testing';
import { ALLOWED_ORIGIN, BODY_LIMIT_BYTES, HEAD, Stack, TestGateway, dropRevocationBucket, gatewayConfig } from '../testing/gateway-stack.js';

let stack: Stack;
let token: string;
const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);

beforeAll(async () => {
  stack = await Stack.start();
  token = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
}, 60_000);

afterAll(() => stack?.stop());

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = Date.now();
  const result = await work();
  return [result, Date.now() - start];
};

describe('health', () => {
  it('is 200 and up when NATS and the directory answer', async () => {
    const reply = await call('GET', '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'up', gateway: 'up', nats: 'up', services: { directory: 'up' } });
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
    for (const namespace of namespaces) await dropRevocationBucket(namespace);
  });

  async function gatewayWithout(timeoutMs = 5000): Promise<[TestGateway, string]> {
    const namespace = uniqueNamespace();
    namespaces.push(namespace);
    return [await TestGateway.start(gatewayConfig(namespace, { NATS_REQUEST_TIMEOUT_MS: timeoutMs })), namespace];
  }

  it('no responders: 503 at once, and health says degraded', async () => {
    const [gateway] = await gatewayWithout();
    try {
      const [login, ms] = await timed(() => gateway.call('POST', '/api/users/login', { body: { username: 'head', password: 'x' } }));
      expect(login.status).toBe(503);
      expect(login.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable });
      expect(ms).toBeLessThan(2000);
      // A token is checked by the gateway alone; the call behind it still needs the service.
      expect((await gateway.call('GET', '/api/users/all', { token })).status).toBe(503);
      const [health, healthMs] = await timed(() => gateway.call('GET', '/api/health'));
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'degraded', gateway: 'up', nats: 'up', services: { directory: 'down' } });
      expect(healthMs).toBeLessThan(2000);
    } finally {
      await gateway.close();
    }
  });

  it('a responder that never replies: 504 after the request timeout, not a hang', async () => {
    const [gateway, namespace] = await gatewayWithout(1000);
    const silent = nc.subscribe(`${namespace}directory.>`); // takes requests, answers none
    try {
      const [reply, ms] = await timed(() => gateway.call('GET', '/api/users/all', { token }));
      expect(reply.status).toBe(504);
      expect(reply.body).toEqual({ code: 'SERVICE_TIMEOUT', message: Messages.serviceTimeout });
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(3000);
      const [health, healthMs] = await timed(() => gateway.call('GET', '/api/health'));
      expect(health.status).toBe(503);
      expect(healthMs).toBeLessThan(2000);
    } finally {
      silent.unsubscribe();
      await gateway.close();
    }
  });
});

describe('bad input at the HTTP level', () => {
  const post = (payload: string | undefined, contentType?: string) =>
    call('POST', '/api/users/add', { token, payload, headers: contentType ? { 'content-type': contentType } : {} });

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
    const reply = await post(JSON.stringify({ fullName: 1, username: ['a'], email: {}, password: true, branchCity: null, contact: 5, role: 1, department: [] }), 'application/json');
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.details)).toHaveLength(8);
  });

  it('an unknown route or method → 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/users/add'],
      ['PATCH', '/api/users/update'],
    ] as const) {
      const reply = await call(method, url, { token });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining(url) });
    }
  });

  it('percent-encoded path parameters are decoded', async () => {
    const reply = await call('GET', `/api/branches/search/${encodeURIComponent('Colo')}`, { token });
    expect(reply.body.branches).toEqual([expect.objectContaining({ BranchCity: 'Colombo' })]);
  });
});

describe('cross-origin calls and headers', () => {
  it('refuses an origin that is not configured', async () => {
    const reply = await call('GET', '/api/users/all', { token, headers: { origin: 'https://evil.example' } });
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
    const reply = await call('GET', '/api/users/all?page=1', { token, headers: { origin: ALLOWED_ORIGIN } });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(reply.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it('lets same-origin calls through (no Origin, or this host’s own)', async () => {
    expect((await call('GET', '/api/users/unique', { token })).status).toBe(200);
    const own = new URL(stack.gateway.baseUrl).origin;
    expect((await call('GET', '/api/users/unique', { token, headers: { origin: own } })).status).toBe(200);
  });

  it('sends the security headers on API replies and errors', async () => {
    for (const reply of [await call('GET', '/api/users/unique', { token }), await call('GET', '/api/users/unique')]) {
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
