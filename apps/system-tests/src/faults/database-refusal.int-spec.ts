import { Messages } from '@freight/contracts';
import { adminQuery, defaultAdminUrl } from '@freight/server-testing';
import { HEAD, Stack, newUser } from '../testing/gateway-stack.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@freight/gateway';

// Issue 21, item 4: a database that is there but refuses its service's connections (a failover,
// maintenance) answered 500 INTERNAL, through the gateway's per-call session check above all.
// Each fault is caused for real on the directory's own database, as an operator would.
let stack: Stack;
let token: string;
const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);
/** The server's admin database, where a database's settings are changed from outside it. */
const server = { adminUrl: defaultAdminUrl() };
const directory = () => stack.services.byName.directory.database;
/** Ends every session of the directory's service role: its pool's connections die (57P01). */
const endSessions = () =>
  adminQuery(server, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND pid <> pg_backend_pid()', [directory().roleName]);

beforeAll(async () => {
  stack = await Stack.start();
  token = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
}, 60_000);

afterAll(async () => {
  await adminQuery(server, `ALTER DATABASE "${directory().database}" ALLOW_CONNECTIONS true`).catch(() => undefined);
  await adminQuery(server, `ALTER ROLE "${directory().roleName}" CONNECTION LIMIT -1`).catch(() => undefined);
  await stack?.stop();
});

const unavailable = {
  status: 503,
  body: { code: 'DATABASE_UNAVAILABLE', message: Messages.databaseUnavailable },
  retryAfter: String(UNAVAILABLE_RETRY_AFTER_SECONDS),
};
const seen = (reply: Awaited<ReturnType<typeof call>>) => ({ status: reply.status, body: reply.body, retryAfter: reply.headers['retry-after'] });
let serial = 0;
/** A staff read, a staff write and a sign-in: every one asks the directory's database. */
const calls = async () => [
  seen(await call('GET', '/api/users/all', { token })),
  seen(await call('POST', '/api/users/add', { token, body: newUser(`during.refusal${++serial}`, 'Employee') })),
  seen(await call('POST', '/api/users/login', { body: { username: HEAD.username, password: HEAD.password } })),
];

async function expectServedAgain(): Promise<void> {
  // The pool opens new connections on demand: the next calls succeed, and nothing was written meanwhile.
  const found = await call('GET', '/api/users/search/during.refusal', { token });
  expect({ status: found.status, users: found.body.users }).toEqual({ status: 200, users: [] });
  expect((await call('POST', '/api/users/login', { body: { username: HEAD.username, password: HEAD.password } })).status).toBe(200);
}

describe('a database that refuses its service’s connections', () => {
  it('not accepting connections, its sessions ended (55000 on connect, 57P01 on the old connections): 503 with Retry-After', async () => {
    expect((await call('GET', '/api/users/all', { token })).status).toBe(200);
    await adminQuery(server, `ALTER DATABASE "${directory().database}" ALLOW_CONNECTIONS false`);
    await endSessions();
    expect(await calls()).toEqual([unavailable, unavailable, unavailable]);

    await adminQuery(server, `ALTER DATABASE "${directory().database}" ALLOW_CONNECTIONS true`);
    await expectServedAgain();
  });

  it('too many connections for the role (53300): 503 with Retry-After', async () => {
    await adminQuery(server, `ALTER ROLE "${directory().roleName}" CONNECTION LIMIT 0`);
    await endSessions();
    expect(await calls()).toEqual([unavailable, unavailable, unavailable]);

    await adminQuery(server, `ALTER ROLE "${directory().roleName}" CONNECTION LIMIT -1`);
    await expectServedAgain();
  });

  it('its sessions ended while the database stays open (57P01 on the pooled connections): never a 500, and served again', async () => {
    await endSessions();
    const replies = await calls();
    // A pooled connection that died may fail its one call, as 503; the pool replaces it.
    for (const reply of replies) {
      if (reply.status >= 500) expect(reply).toEqual(unavailable);
      else expect([200, 201]).toContain(reply.status);
    }
    expect((await call('GET', '/api/users/all', { token })).status).toBe(200);
  });
});
