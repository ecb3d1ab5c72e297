import { z } from 'zod/mini';
import { SignJWT, decodeJwt } from 'jose';
import { Messages, SESSION_LENGTH_MS, loginResponseSchema } from '@freight/contracts';
import { HEAD, JWT_SECRET, Stack, TestGateway, gatewayConfig, testPassword } from '../testing/gateway-stack.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@freight/gateway';

let stack: Stack;
const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);

beforeAll(async () => {
  stack = await Stack.start();
}, 60_000);

afterAll(() => stack?.stop());

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('sign-in', () => {
  it('answers the session fields and a 60-minute token', async () => {
    const before = Date.now();
    const reply = await call('POST', '/api/users/login', { body: { username: 'HEAD', password: HEAD.password } });
    expect(reply.status).toBe(200);
    const session = z.strictObject(loginResponseSchema.shape).parse(reply.body);
    expect(session).toMatchObject({ user_role: 'Head', user_username: 'head', user_fullName: expect.any(String), user_id: expect.any(String) });
    expect(session.expiresAt).toBeGreaterThanOrEqual(before + SESSION_LENGTH_MS - 1000);
    expect(session.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_LENGTH_MS);
    expect(decodeJwt(session.token)).toMatchObject({ sub: session.user_id, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
  });

  it('refuses a wrong password with 401 and the catalogue text', async () => {
    const reply = await call('POST', '/api/users/login', {
      body: { username: 'head', password: 'wrong-password' },
      headers: { 'x-forwarded-for': '203.0.113.1' },
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'INVALID_CREDENTIALS', message: Messages.invalidCredentials });
  });

  it('refuses a missing field with 400', async () => {
    const reply = await call('POST', '/api/users/login', { body: { username: 'head' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Password is required.', details: { password: 'Password is required' } });
  });

  // The client address comes from X-Forwarded-For, trusted from the loopback proxy; each test uses its own.
  it('refuses further attempts from an address with 429 and Retry-After after repeated failures there', async () => {
    await stack.addUser((await stack.gateway.login(HEAD.username, HEAD.password)).token, 'locked.out', 'Employee');
    const attempt = (password: string, ip: string) =>
      call('POST', '/api/users/login', { body: { username: 'locked.out', password }, headers: { 'x-forwarded-for': ip } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('wrong-password', '203.0.113.2')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Refused at that address even with the right password, which still works from another.
    const reply = await attempt(testPassword('locked.out'), '203.0.113.2');
    expect(reply.status).toBe(429);
    expect(reply.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: Messages.tooManyAttempts });
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(testPassword('locked.out'), '203.0.113.3')).status).toBe(200);
  });
});

describe('tokens', () => {
  const forge = (claims: { sub: string; username: string; role: string }, iat: number, exp: number, secret = JWT_SECRET) =>
    new SignJWT({ username: claims.username, role: claims.role, sv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(`forged-${iat}`)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  it('accepts a token the gateway signed and refuses an expired one', async () => {
    const head = await stack.gateway.login(HEAD.username, HEAD.password);
    const claims = { sub: head.user_id, username: 'head', role: 'Head' };
    const now = Math.floor(Date.now() / 1000);
    expect((await call('GET', '/api/users/unique', { token: await forge(claims, now, now + 60) })).status).toBe(200);
    const expired = await call('GET', '/api/users/unique', { token: await forge(claims, now - 3700, now - 100) });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 'UNAUTHORIZED', message: Messages.unauthorized });
    // Issued over 60 minutes ago: refused even though exp is in the future.
    expect((await call('GET', '/api/users/unique', { token: await forge(claims, now - 3700, now + 3600) })).status).toBe(401);
    expect((await call('GET', '/api/users/unique', { token: await forge(claims, now, now + 60, 'another-secret-of-at-least-32-characters!') })).status).toBe(
      401,
    );
  });

  it('is revoked by logout, on this gateway and on another replica', async () => {
    const other = await TestGateway.start(gatewayConfig(stack.namespace));
    try {
      const session = await stack.gateway.login(HEAD.username, HEAD.password);
      expect((await other.call('GET', '/api/users/unique', { token: session.token })).status).toBe(200);
      const logout = await call('POST', '/api/users/logout', { token: session.token });
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ message: Messages.loggedOut });
      const reuse = await call('GET', '/api/users/unique', { token: session.token });
      expect(reuse.status).toBe(401);
      expect(reuse.body.message).toBe(Messages.unauthorized);
      await waitFor(async () => (await other.call('GET', '/api/users/unique', { token: session.token })).status === 401);
      expect((await call('POST', '/api/users/logout', { token: session.token })).status).toBe(401);
      // Another session of the same user is untouched.
      const fresh = await stack.gateway.login(HEAD.username, HEAD.password);
      expect((await call('GET', '/api/users/unique', { token: fresh.token })).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('survives a gateway restart: a new replica loads the revocations already stored', async () => {
    const session = await stack.gateway.login(HEAD.username, HEAD.password);
    expect((await call('POST', '/api/users/logout', { token: session.token })).status).toBe(200);
    const late = await TestGateway.start(gatewayConfig(stack.namespace));
    try {
      expect((await late.call('GET', '/api/users/unique', { token: session.token })).status).toBe(401);
    } finally {
      await late.close();
    }
  });
});
