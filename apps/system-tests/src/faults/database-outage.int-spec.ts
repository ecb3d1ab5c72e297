import { Messages } from '@freight/contracts';
import { defaultAdminUrl, tcpProxy, type TcpProxy } from '@freight/server-testing';
import { HEAD, Stack, newUser } from '../testing/gateway-stack.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@freight/gateway';

// A real fault: the directory reaches Postgres through a TCP proxy that the test cuts
// (open connections reset, new ones refused, as when Postgres stops) and restores.
let proxy: TcpProxy;
let stack: Stack;
let token: string;
const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);

beforeAll(async () => {
  const postgres = new URL(defaultAdminUrl());
  proxy = await tcpProxy({ host: postgres.hostname, port: Number(postgres.port || 5432) });
  stack = await Stack.start({}, { databaseVia: proxy });
  token = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
}, 60_000);

afterAll(async () => {
  await proxy?.restore();
  await stack?.stop();
  await proxy?.close();
});

const unavailable = { code: 'DATABASE_UNAVAILABLE', message: Messages.databaseUnavailable };

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After while the link is cut, writes nothing, and serves again once it is back', async () => {
    expect((await call('GET', '/api/users/all', { token })).status).toBe(200);

    await proxy.cut();
    const calls = [
      await call('GET', '/api/users/all', { token }),
      await call('GET', `/api/branches/search/Colombo`, { token }),
      await call('POST', '/api/users/add', { token, body: newUser('during.outage', 'Employee') }),
      await call('POST', '/api/users/login', { body: { username: HEAD.username, password: HEAD.password } }),
    ];
    for (const reply of calls) {
      expect({ status: reply.status, body: reply.body, retryAfter: reply.headers['retry-after'] }).toEqual({
        status: 503,
        body: unavailable,
        retryAfter: String(UNAVAILABLE_RETRY_AFTER_SECONDS),
      });
    }
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(503);
    // Every service reaches Postgres through the cut link.
    expect(health.body.services).toEqual({ directory: 'down', notification: 'down', shipment: 'down', accounts: 'down' });

    await proxy.restore();
    // The pool opens new connections on demand: the very next calls succeed.
    const list = await call('GET', '/api/users/search/during.outage', { token });
    expect(list.status).toBe(200);
    expect(list.body.users).toEqual([]);
    expect((await call('POST', '/api/users/add', { token, body: newUser('after.outage', 'Employee') })).status).toBe(201);
    expect((await call('POST', '/api/users/login', { body: { username: HEAD.username, password: HEAD.password } })).status).toBe(200);
    expect((await call('GET', '/api/health')).status).toBe(200);
  });

  // Issue 21, item 4: a database that takes connections and never answers (a failover in progress).
  it('answers 503 with Retry-After, not a 504 time-out, while the database does not answer, and serves again once it does', async () => {
    expect((await call('GET', '/api/users/all', { token })).status).toBe(200);
    await proxy.stall();
    // The service's pool gives up connecting within the gateway's time-out (a 504 today).
    const reply = await call('GET', '/api/branches/search/Colombo', { token });
    expect({ status: reply.status, body: reply.body, retryAfter: reply.headers['retry-after'] }).toEqual({
      status: 503,
      body: unavailable,
      retryAfter: String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });

    await proxy.restore();
    expect((await call('GET', '/api/users/all', { token })).status).toBe(200);
  });
});
