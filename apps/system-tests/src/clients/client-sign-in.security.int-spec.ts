import { SignJWT } from 'jose';
import { Messages } from '@freight/contracts';
import { CLIENT_TOKEN_AUDIENCE, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@freight/gateway';
import { clientPassword, newConsignee } from '@freight/server-testing';
import { addClient, clientSignIn, clientToken } from '../testing/clients.js';
import { HEAD, JWT_SECRET, Stack, soon } from '../testing/gateway-stack.js';

// Client sign-in through the gateway over HTTP, the directory spawned from its build, real Postgres and NATS.
let stack: Stack;
let headToken: string;
const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);
const invalid = { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' } };
const forbidden = { status: 403, body: { code: 'FORBIDDEN', message: Messages.forbidden } };
const unauthorized = { status: 401, body: { code: 'UNAUTHORIZED', message: Messages.unauthorized } };
const clientLogout = (token: string) => call('POST', '/api/clientlogin/logout', { token });

beforeAll(async () => {
  // 200 argon2 checks at once queue on 2 cores for longer than the default 5 s: this suite is about
  // what they answer, not how fast.
  stack = await Stack.start({ NATS_REQUEST_TIMEOUT_MS: 60_000 });
  headToken = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
}, 60_000);

afterAll(() => stack?.stop());

describe('client sign-in', () => {
  it('answers a consignee and a shipper their username, role, name, id and a client token; never a password', async () => {
    const consigneeId = await addClient(stack, headToken, 'consignee', 'harbour.foods');
    const shipperId = await addClient(stack, headToken, 'shipper', 'spice.exports');
    const consignee = await clientSignIn(stack, 'HARBOUR.FOODS', clientPassword('harbour.foods'));
    expect(consignee).toMatchObject({
      status: 200,
      body: {
        username: 'harbour.foods',
        role: 'consignee',
        ourfullname: 'Consignee harbour.foods',
        client_id: consigneeId,
        token: expect.any(String),
        expiresAt: expect.any(Number),
      },
    });
    const shipper = await clientSignIn(stack, 'spice.exports');
    expect(shipper).toMatchObject({
      status: 200,
      body: { username: 'spice.exports', role: 'shipper', ourfullname: 'Shipper spice.exports', client_id: shipperId },
    });
    expect(consigneeId).not.toBe(shipperId);
    expect(JSON.stringify([consignee.body, shipper.body])).not.toMatch(/password|argon2/i);
  });

  it('answers every failure the same: 401 "Invalid username or password"', async () => {
    await expect(clientSignIn(stack, 'harbour.foods', 'not-the-password')).resolves.toMatchObject(invalid);
    await expect(clientSignIn(stack, 'nobody.here', 'whatever-it-is')).resolves.toMatchObject(invalid);
    // A staff member is no client.
    await expect(clientSignIn(stack, HEAD.username, HEAD.password)).resolves.toMatchObject(invalid);
    await expect(call('POST', '/api/clientlogin/myclientlogin', { body: { username: 'harbour.foods' } })).resolves.toMatchObject({
      status: 400,
      body: { details: { password: 'Password is required' } },
    });
  });

  it('200 parallel wrong passwords for one client from one address: 5 are checked (401), the rest 429; the client still signs in from elsewhere', async () => {
    await addClient(stack, headToken, 'consignee', 'raced.client');
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => clientSignIn(stack, 'raced.client', `wrong guess ${i}`, '198.51.100.31')));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    expect(replies.find((r) => r.status === 429)).toMatchObject({
      body: { code: 'TOO_MANY_ATTEMPTS', message: Messages.tooManyAttempts },
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    expect((await clientSignIn(stack, 'raced.client', undefined, '198.51.100.31')).status).toBe(429);
    expect((await clientSignIn(stack, 'raced.client', undefined, '203.0.113.31')).status).toBe(200);
  });

  it('200 parallel correct sign-ins (20 clients, 10 addresses each) all succeed, each with its own token', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `busy.client${i}`);
    for (const name of names) await addClient(stack, headToken, i(name) % 2 ? 'consignee' : 'shipper', name);
    const started = performance.now();
    const replies = await Promise.all(
      names.flatMap((name, n) => Array.from({ length: 10 }, (_, a) => clientSignIn(stack, name, undefined, `198.51.${100 + n}.${a + 1}`))),
    );
    console.info(`200 parallel client sign-ins: ${Math.round(performance.now() - started)} ms`);
    expect(replies.map((r) => r.status)).toEqual(Array(200).fill(200));
    expect(new Set(replies.map((r) => r.body.token)).size).toBe(200);
  }, 120_000);
});

const i = (name: string) => Number(/\d+$/.exec(name)![0]);

describe('token kinds', () => {
  it('a client token is refused (403) by staff calls; a staff token is no client token (403); no token is 401', async () => {
    const token = await clientToken(stack, 'harbour.foods');
    for (const [method, url] of [
      ['GET', '/api/consignees/all'],
      ['GET', '/api/users/all'],
      ['POST', '/api/users/logout'],
      ['GET', '/api/branches/all'],
    ] as const) {
      await expect(call(method, url, { token })).resolves.toMatchObject(forbidden);
    }
    await expect(clientLogout(headToken)).resolves.toMatchObject(forbidden);
    await expect(clientLogout('')).resolves.toMatchObject(unauthorized);
  });

  it('a client logs out: that token is refused from then on, the client signs in again', async () => {
    const token = await clientToken(stack, 'spice.exports');
    await expect(clientLogout(token)).resolves.toMatchObject({ status: 200, body: { message: Messages.loggedOut } });
    await expect(clientLogout(token)).resolves.toMatchObject(unauthorized);
    await expect(clientLogout(await clientToken(stack, 'spice.exports'))).resolves.toMatchObject({ status: 200 });
  });

  it('an expired client token, or one claiming a staff role, is refused (401)', async () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const id = await addClient(stack, headToken, 'consignee', 'expired.client');
    const sign = (claims: Record<string, unknown>, audience: string, issuedAt: number) =>
      new SignJWT({ username: 'expired.client', sv: 1, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setJti(crypto.randomUUID())
        .setIssuer(TOKEN_ISSUER)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    await expect(clientLogout(await sign({ role: 'consignee' }, CLIENT_TOKEN_AUDIENCE, now - 3601))).resolves.toMatchObject(unauthorized);
    await expect(clientLogout(await sign({ role: 'Head' }, CLIENT_TOKEN_AUDIENCE, now))).resolves.toMatchObject(unauthorized);
    // A client's id in a staff token names no staff user.
    await expect(call('GET', '/api/consignees/all', { token: await sign({ role: 'Head' }, TOKEN_AUDIENCE, now) })).resolves.toMatchObject(unauthorized);
    await expect(clientLogout(await sign({ role: 'consignee' }, CLIENT_TOKEN_AUDIENCE, now))).resolves.toMatchObject({ status: 200 });
  });
});

describe('what ends a client’s sessions', () => {
  it('a new password: the old token is refused within a second; the new password signs in; other edits end nothing', async () => {
    const id = await addClient(stack, headToken, 'consignee', 'reset.client');
    const kept = await clientToken(stack, 'reset.client');
    const { password: _, ...fields } = newConsignee('reset.client');
    expect((await call('PUT', `/api/consignees/update/${id}`, { token: headToken, body: { updateData: { ...fields, address: 'Moved' } } })).status).toBe(200);
    const old = await clientToken(stack, 'reset.client');
    expect(
      (await call('PUT', `/api/consignees/update/${id}`, { token: headToken, body: { updateData: { ...fields, password: 'brand-new-lagoon-phrase' } } }))
        .status,
    ).toBe(200);
    await expect(soon(() => clientLogout(old))).resolves.toMatchObject(unauthorized);
    await expect(soon(() => clientLogout(kept))).resolves.toMatchObject(unauthorized);
    await expect(clientSignIn(stack, 'reset.client', 'brand-new-lagoon-phrase')).resolves.toMatchObject({ status: 200 });
  });

  it('a delete: the deleted shipper’s token is refused, and it cannot sign in', async () => {
    const id = await addClient(stack, headToken, 'shipper', 'gone.client');
    const token = await clientToken(stack, 'gone.client');
    expect((await call('DELETE', `/api/shippers/delete/${id}`, { token: headToken })).status).toBe(200);
    await expect(soon(() => clientLogout(token))).resolves.toMatchObject(unauthorized);
    await expect(clientSignIn(stack, 'gone.client')).resolves.toMatchObject(invalid);
  });
});
