import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { BL_SEARCH_LIMIT, CONTACT_LIMIT } from '@freight/contracts';

// Per-address limits through the edge (issue 21): a client that makes up a new X-Forwarded-For for
// every call is still one address, the connection's. Each test calls from a loopback address of its
// own (127.0.0.x), so the limits it uses up bind no other test of the run.
const base = new URL(process.env.E2E_BASE_URL);

/** One call to the main site's edge from `localAddress`, claiming to come from a new address each time. */
function call(localAddress, method, path, body) {
  const forged = `203.0.113.${randomBytes(1)[0]}, 198.51.100.${randomBytes(1)[0]}`;
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        localAddress,
        method,
        path,
        headers: { 'x-forwarded-for': forged, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** The statuses of `count` calls made one after another. */
async function statuses(count, make) {
  const seen = [];
  for (let i = 0; i < count; i++) seen.push(await make(i));
  return seen;
}

describe('per-address limits through the edge, with a forged X-Forwarded-For on every call', () => {
  it(`the public BL search: ${BL_SEARCH_LIMIT.calls} a minute, then 429`, async () => {
    const seen = await statuses(BL_SEARCH_LIMIT.calls + 1, (i) => call('127.0.0.31', 'GET', `/api/shipments/searchbl/NOSUCHBL${i}`));
    expect(seen.slice(0, BL_SEARCH_LIMIT.calls).every((status) => status === 404)).toBe(true);
    expect(seen.at(-1)).toBe(429);
  }, 60_000);

  it(`the contact form: ${CONTACT_LIMIT.messages} messages an hour, then 429`, async () => {
    const message = { fullName: 'Forged Address', email: 'forged@example.com', message: 'Same sender, new address each time?' };
    const seen = await statuses(CONTACT_LIMIT.messages + 1, () => call('127.0.0.32', 'POST', '/api/contact', message));
    expect(seen).toEqual([...Array(CONTACT_LIMIT.messages).fill(201), 429]);
  }, 60_000);

  it('sign-in: 5 wrong passwords for a username from one address, then 429', async () => {
    const username = `forged.${randomBytes(3).toString('hex')}`;
    const seen = await statuses(6, () => call('127.0.0.33', 'POST', '/api/users/login', { username, password: 'not the password' }));
    expect(seen).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);
});
