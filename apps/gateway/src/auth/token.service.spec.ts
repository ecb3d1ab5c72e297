import { jest } from '@jest/globals';
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { AppError } from '@freight/server';
import { Messages, SESSION_LENGTH_MS, type Actor } from '@freight/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenService } from './token.service.js';

const secret = 'a-test-secret-that-is-longer-than-32-characters';
const key = new TextEncoder().encode(secret);
const actor: Actor = { id: '3f1c', username: 'head', role: 'Head' };
const tokens = new TokenService({ JWT_SECRET: secret });
const now = () => Math.floor(Date.now() / 1000);

/** A token like ours, with one thing changed. */
function forge(
  change: { alg?: string; key?: Uint8Array; iss?: string; aud?: string; iat?: number; exp?: number; role?: string; jti?: string | null; sv?: unknown } = {},
) {
  const jwt = new SignJWT({ username: actor.username, role: change.role ?? actor.role, ...('sv' in change ? { sv: change.sv } : { sv: 1 }) })
    .setProtectedHeader({ alg: change.alg ?? 'HS256' })
    .setSubject(actor.id)
    .setIssuer(change.iss ?? TOKEN_ISSUER)
    .setAudience(change.aud ?? TOKEN_AUDIENCE)
    .setIssuedAt(change.iat ?? now())
    .setExpirationTime(change.exp ?? now() + 3600);
  if (change.jti !== null) jwt.setJti(change.jti ?? 'jti-1');
  return jwt.sign(change.key ?? key);
}

async function expectUnauthorized(token: string | Promise<string>) {
  await expect(tokens.verify(await token)).rejects.toEqual(new AppError('UNAUTHORIZED', Messages.unauthorized));
}

describe('TokenService', () => {
  it('signs an HS256 token with a unique jti that verifies back to the actor', async () => {
    const before = Date.now();
    const a = await tokens.sign(actor, 7);
    const b = await tokens.sign(actor, 7);
    expect(decodeProtectedHeader(a.token).alg).toBe('HS256');
    expect(a.jti).not.toBe(b.jti);
    expect(a.expiresAt).toBeGreaterThanOrEqual(before + SESSION_LENGTH_MS - 1000);
    expect(a.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_LENGTH_MS);
    expect(decodeJwt(a.token)).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: actor.id, jti: a.jti, sv: 7 });
    await expect(tokens.verify(a.token)).resolves.toEqual({ kind: 'staff', actor, jti: a.jti, sessionVersion: 7, expiresAt: a.expiresAt });
  });

  it('refuses an unsigned token (alg none)', async () => {
    const unsigned = new UnsecuredJWT({ username: 'head', role: 'Head' })
      .setSubject(actor.id)
      .setJti('x')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    await expectUnauthorized(unsigned);
  });

  it('refuses another HMAC algorithm, even with the right secret', async () => {
    await expectUnauthorized(forge({ alg: 'HS512' }));
  });

  it('refuses a token signed with another secret', async () => {
    await expectUnauthorized(forge({ key: new TextEncoder().encode('another-secret-that-is-also-32-characters-long') }));
  });

  it('refuses an expired token', async () => {
    await expectUnauthorized(forge({ iat: now() - 3700, exp: now() - 100 }));
  });

  it('refuses a token older than the session length even if its exp is later', async () => {
    await expectUnauthorized(forge({ iat: now() - 3700, exp: now() + 3600 }));
  });

  it('refuses a wrong audience or issuer', async () => {
    await expectUnauthorized(forge({ aud: 'freight-clients' }));
    await expectUnauthorized(forge({ iss: 'someone-else' }));
  });

  it('refuses a token without jti or with an unknown role', async () => {
    await expectUnauthorized(forge({ jti: null }));
    await expectUnauthorized(forge({ role: 'Owner' }));
  });

  it('refuses a token without a whole-number session version (one signed before versions existed)', async () => {
    await expectUnauthorized(forge({ sv: undefined }));
    await expectUnauthorized(forge({ sv: '1' }));
    await expectUnauthorized(forge({ sv: 1.5 }));
  });

  it('refuses garbage', async () => {
    await expectUnauthorized('not.a.token');
    await expectUnauthorized('');
  });

  describe('remembering verified tokens', () => {
    afterEach(() => jest.useRealTimers());

    it('answers a repeated token with an equal session that callers cannot change for each other', async () => {
      const service = new TokenService({ JWT_SECRET: secret });
      const { token, jti, expiresAt } = await service.sign(actor, 1);
      const first = await service.verify(token);
      first.actor = { ...actor, role: 'Employee' };
      first.actor.username = 'changed';
      await expect(service.verify(token)).resolves.toEqual({ kind: 'staff', actor, jti, sessionVersion: 1, expiresAt });
    });

    it('still refuses a remembered token once it expires', async () => {
      jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const service = new TokenService({ JWT_SECRET: secret });
      const token = await forge({ exp: now() + 60 });
      await expect(service.verify(token)).resolves.toMatchObject({ actor });
      jest.setSystemTime(Date.now() + 59_000);
      await expect(service.verify(token)).resolves.toMatchObject({ actor });
      jest.setSystemTime(Date.now() + 1_000);
      await expect(service.verify(token)).rejects.toEqual(new AppError('UNAUTHORIZED', Messages.unauthorized));
    });

    it('still refuses a remembered token once it is older than the session length, whatever its exp', async () => {
      jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const service = new TokenService({ JWT_SECRET: secret });
      const token = await forge({ iat: now(), exp: now() + (10 * SESSION_LENGTH_MS) / 1000 });
      await expect(service.verify(token)).resolves.toMatchObject({ actor });
      jest.setSystemTime(Date.now() + SESSION_LENGTH_MS + 1_000);
      await expect(service.verify(token)).rejects.toEqual(new AppError('UNAUTHORIZED', Messages.unauthorized));
    });

    it('does not let a remembered token vouch for an altered copy of it', async () => {
      const service = new TokenService({ JWT_SECRET: secret });
      const token = await forge();
      await service.verify(token);
      const [header, payload, signature] = token.split('.');
      const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'Head', username: 'x' })).toString(
        'base64url',
      );
      await expect(service.verify(`${header}.${elevated}.${signature}`)).rejects.toEqual(new AppError('UNAUTHORIZED', Messages.unauthorized));
      const otherSignature = (await forge({ jti: 'jti-2' })).split('.')[2];
      await expect(service.verify(`${header}.${payload}.${otherSignature}`)).rejects.toEqual(new AppError('UNAUTHORIZED', Messages.unauthorized));
    });
  });
});
