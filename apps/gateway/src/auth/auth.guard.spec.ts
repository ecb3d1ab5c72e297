import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, RemoteError, type NatsRpcClient } from '@freight/server';
import { STAFF_ROLES, api, type Actor, type ApiName, type StaffRole, type User } from '@freight/contracts';
import { ROUTE_NAME } from '../http/route.decorator.js';
import { AuthGuard } from './auth.guard.js';
import type { RevocationService } from './revocation.service.js';
import { TokenService, type Session } from './token.service.js';

const tokens = new TokenService({ JWT_SECRET: 'a-test-secret-that-is-longer-than-32-characters' });
const revoked = new Set<string>();
/** The directory as the guard sees it: username → current user. */
const directory = new Map<string, User>();
const rpc = {
  async request(subject: string, data: { username: string }) {
    const user = directory.get(data.username);
    if (subject !== 'directory.user.get') throw new Error(`unexpected ${subject}`);
    if (!user) throw new RemoteError({ code: 'NOT_FOUND', message: 'Not Found: The specified user does not exist.' });
    return user;
  },
} as unknown as NatsRpcClient;
const guard = new AuthGuard(new Reflector(), tokens, { isRevoked: (jti: string) => revoked.has(jti) } as RevocationService, rpc);

const actors: Record<StaffRole, Actor> = {
  Head: { id: 'id-head', username: 'head', role: 'Head' },
  Admin: { id: 'id-admin', username: 'admin', role: 'Admin' },
  Employee: { id: 'id-employee', username: 'employee', role: 'Employee' },
};

function userOf(actor: Actor, role: StaffRole = actor.role): User {
  return { _id: actor.id, username: actor.username, role, fullName: actor.username, email: `${actor.username}@x.io`, contact: '12345', department: 'Import', branchCity: { BranchCity: 'Colombo' } };
}

/** Runs the guard for route `name` with this Authorization header; resolves the session it attached. */
async function run(name: ApiName, authorization?: string): Promise<Session | undefined> {
  const handler = () => undefined;
  Reflect.defineMetadata(ROUTE_NAME, name, handler);
  const request: { headers: Record<string, string | undefined>; auth?: Session } = { headers: { authorization } };
  const context = { getHandler: () => handler, switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  await guard.canActivate(context);
  return request.auth;
}

const bearer = async (actor: Actor) => `Bearer ${(await tokens.sign(actor)).token}`;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

beforeEach(() => {
  revoked.clear();
  directory.clear();
  for (const actor of Object.values(actors)) directory.set(actor.username, userOf(actor));
});

describe('AuthGuard', () => {
  it('lets public routes through without a token', async () => {
    await expect(run('login')).resolves.toBeUndefined();
    await expect(run('health')).resolves.toBeUndefined();
  });

  it.each([undefined, '', 'Bearer', 'Basic abc', 'Bearer not-a-jwt'])('answers 401 for the header %p', async (header) => {
    await expect(codeOf(run('usersAll', header))).resolves.toBe('UNAUTHORIZED');
  });

  it('attaches the session of a valid token', async () => {
    const session = await run('logout', await bearer(actors.Employee));
    expect(session?.actor).toEqual(actors.Employee);
  });

  it('refuses a revoked token', async () => {
    const { token, jti } = await tokens.sign(actors.Head);
    revoked.add(jti);
    await expect(codeOf(run('usersAll', `Bearer ${token}`))).resolves.toBe('UNAUTHORIZED');
  });

  // The role half of DECISIONS §4 (target rules are the handlers'): each role × each staff route.
  const expected: Record<string, readonly StaffRole[]> = {
    logout: STAFF_ROLES,
    usersAll: STAFF_ROLES,
    usersSearch: STAFF_ROLES,
    usersUnique: STAFF_ROLES,
    usersAdd: ['Head', 'Admin'],
    usersUpdate: ['Head', 'Admin'],
    usersDelete: ['Head', 'Admin'],
    branchesAll: STAFF_ROLES,
    branchesUniqueCities: STAFF_ROLES,
    branchesSearch: STAFF_ROLES,
    branchesAdd: ['Head'],
    branchesUpdate: ['Head'],
    branchesDelete: ['Head'],
  };

  it('covers every staff route of the contract', () => {
    const staffRoutes = (Object.keys(api) as ApiName[]).filter((name) => api[name].access === 'staff');
    expect(Object.keys(expected).sort()).toEqual(staffRoutes.sort());
  });

  const cases = Object.entries(expected).flatMap(([name, allowed]) => STAFF_ROLES.map((role) => [name, role, allowed.includes(role) ? 'allowed' : 'FORBIDDEN'] as const));
  it.each(cases)('%s as %s → %s', async (name, role, outcome) => {
    await expect(codeOf(run(name as ApiName, await bearer(actors[role])))).resolves.toBe(outcome);
  });

  describe('writes reload the actor', () => {
    it('refuses a deleted account with 401', async () => {
      directory.delete('admin');
      await expect(codeOf(run('usersAdd', await bearer(actors.Admin)))).resolves.toBe('UNAUTHORIZED');
    });

    it('refuses a username now held by another account with 401', async () => {
      directory.set('admin', { ...userOf(actors.Admin), _id: 'someone-else' });
      await expect(codeOf(run('usersAdd', await bearer(actors.Admin)))).resolves.toBe('UNAUTHORIZED');
    });

    it('applies a demotion at once', async () => {
      directory.set('head', userOf(actors.Head, 'Employee'));
      await expect(codeOf(run('branchesAdd', await bearer(actors.Head)))).resolves.toBe('FORBIDDEN');
    });

    it('passes the current role on', async () => {
      directory.set('admin', userOf(actors.Admin, 'Head'));
      const session = await run('usersDelete', await bearer(actors.Admin));
      expect(session?.actor.role).toBe('Head');
    });

    it('lets reads use the token alone, even for a deleted account', async () => {
      directory.clear();
      await expect(codeOf(run('usersAll', await bearer(actors.Employee)))).resolves.toBe('allowed');
    });
  });
});
