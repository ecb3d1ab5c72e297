import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@freight/server';
import { STAFF_ROLES, api, type Actor, type ApiName, type StaffRole, type UserSessionState } from '@freight/contracts';
import { ROUTE_NAME } from '../http/route.decorator.js';
import { AuthGuard } from './auth.guard.js';
import type { RevocationService } from './revocation.service.js';
import type { SessionStateService } from './session-state.service.js';
import { TokenService, type Session } from './token.service.js';

const tokens = new TokenService({ JWT_SECRET: 'a-test-secret-that-is-longer-than-32-characters' });
const revoked = new Set<string>();
/** The directory as the guard sees it: user id → current session state. */
const directory = new Map<string, UserSessionState>();
const states = { current: async (id: string) => directory.get(id) ?? null } as SessionStateService;
const guard = new AuthGuard(new Reflector(), tokens, { isRevoked: (jti: string) => revoked.has(jti) } as RevocationService, states);

const actors: Record<StaffRole, Actor> = {
  Head: { id: 'id-head', username: 'head', role: 'Head' },
  Admin: { id: 'id-admin', username: 'admin', role: 'Admin' },
  Employee: { id: 'id-employee', username: 'employee', role: 'Employee' },
};

const stateOf = (actor: Actor, change: Partial<UserSessionState> = {}): UserSessionState => ({ ...actor, sessionVersion: 1, ...change });

/** Runs the guard for route `name` with this Authorization header; resolves the session it attached. */
async function run(name: ApiName, authorization?: string, params: Record<string, string> = {}): Promise<Session | undefined> {
  const handler = () => undefined;
  Reflect.defineMetadata(ROUTE_NAME, name, handler);
  const request: { headers: Record<string, string | undefined>; params: Record<string, string>; auth?: Session } = { headers: { authorization }, params };
  const context = { getHandler: () => handler, switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  await guard.canActivate(context);
  return request.auth;
}

/** The routes of a master-data area (defineMasterData's operations): reads by `read`, add, edit and delete by `write`. */
const masterDataRoutes = (key: string, read: readonly StaffRole[], write: readonly StaffRole[]) =>
  Object.fromEntries([
    ...['All', 'Unique', 'Search', 'Get', 'Export'].map((op) => [`${key}${op}`, read]),
    ...['Add', 'Update', 'Delete'].map((op) => [`${key}${op}`, write]),
  ]) as Record<string, readonly StaffRole[]>;

const bearer = async (actor: Actor, sessionVersion = 1) => `Bearer ${(await tokens.sign(actor, sessionVersion)).token}`;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

beforeEach(() => {
  revoked.clear();
  directory.clear();
  for (const actor of Object.values(actors)) directory.set(actor.id, stateOf(actor));
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
    const { token, jti } = await tokens.sign(actors.Head, 1);
    revoked.add(jti);
    await expect(codeOf(run('usersAll', `Bearer ${token}`))).resolves.toBe('UNAUTHORIZED');
  });

  // The role half of requirements decisions §4 (target rules are the handlers'): each role × each staff route.
  const expected: Record<string, readonly StaffRole[]> = {
    logout: STAFF_ROLES,
    usersAll: STAFF_ROLES,
    usersSearch: STAFF_ROLES,
    usersUnique: STAFF_ROLES,
    usersGet: STAFF_ROLES,
    usersAdd: ['Head', 'Admin'],
    usersUpdate: ['Head', 'Admin'],
    usersDelete: ['Head', 'Admin'],
    usersExport: STAFF_ROLES,
    branchesAll: STAFF_ROLES,
    branchesUniqueCities: STAFF_ROLES,
    branchesSearch: STAFF_ROLES,
    branchesGet: STAFF_ROLES,
    branchesAdd: ['Head'],
    branchesUpdate: ['Head'],
    branchesDelete: ['Head'],
    branchesExport: STAFF_ROLES,
    consigneesAll: STAFF_ROLES,
    consigneesUnique: STAFF_ROLES,
    consigneesSearch: STAFF_ROLES,
    consigneesGet: STAFF_ROLES,
    consigneesBalanceHistory: STAFF_ROLES,
    consigneesAdd: STAFF_ROLES,
    consigneesUpdate: STAFF_ROLES,
    consigneesDelete: ['Head'],
    consigneesExport: STAFF_ROLES,
    shippersAll: STAFF_ROLES,
    shippersUnique: STAFF_ROLES,
    shippersSearch: STAFF_ROLES,
    shippersGet: STAFF_ROLES,
    shippersAdd: STAFF_ROLES,
    shippersUpdate: STAFF_ROLES,
    shippersDelete: ['Head'],
    shippersExport: STAFF_ROLES,
    forwardersAll: STAFF_ROLES,
    forwardersUnique: STAFF_ROLES,
    forwardersSearch: STAFF_ROLES,
    forwardersGet: STAFF_ROLES,
    forwardersAdd: STAFF_ROLES,
    forwardersUpdate: STAFF_ROLES,
    forwardersDelete: ['Head'],
    forwardersExport: STAFF_ROLES,
    originsAll: STAFF_ROLES,
    originsUnique: STAFF_ROLES,
    originsSearch: STAFF_ROLES,
    originsGet: STAFF_ROLES,
    originsAdd: STAFF_ROLES,
    originsUpdate: STAFF_ROLES,
    originsDelete: ['Head'],
    originsExport: STAFF_ROLES,
    yardsAll: STAFF_ROLES,
    yardsUnique: STAFF_ROLES,
    yardsSearch: STAFF_ROLES,
    yardsGet: STAFF_ROLES,
    yardsAdd: STAFF_ROLES,
    yardsUpdate: STAFF_ROLES,
    yardsDelete: ['Head'],
    yardsExport: STAFF_ROLES,
    ShipmentTypeAll: STAFF_ROLES,
    ShipmentTypeUnique: STAFF_ROLES,
    ShipmentTypeSearch: STAFF_ROLES,
    ShipmentTypeGet: STAFF_ROLES,
    ShipmentTypeAdd: STAFF_ROLES,
    ShipmentTypeUpdate: STAFF_ROLES,
    ShipmentTypeDelete: ['Head'],
    ShipmentTypeExport: STAFF_ROLES,
    ShipmentTermAll: STAFF_ROLES,
    ShipmentTermUnique: STAFF_ROLES,
    ShipmentTermSearch: STAFF_ROLES,
    ShipmentTermGet: STAFF_ROLES,
    ShipmentTermAdd: STAFF_ROLES,
    ShipmentTermUpdate: STAFF_ROLES,
    ShipmentTermDelete: ['Head'],
    ShipmentTermExport: STAFF_ROLES,
    mailsByKey: ['Head', 'Admin'],
    contactMessagesAll: ['Head', 'Admin'],
    contactMessagesHandle: ['Head', 'Admin'],
    contactMessagesExport: ['Head', 'Admin'],
    clientnewsAll: STAFF_ROLES,
    clientnewsExport: STAFF_ROLES,
    clientnewsSearch: STAFF_ROLES,
    clientnewsAdd: STAFF_ROLES,
    clientnewsUpdate: STAFF_ROLES,
    clientnewsDelete: ['Head'],
    consigneeancAll: STAFF_ROLES,
    consigneeancExport: STAFF_ROLES,
    consigneeancActive: STAFF_ROLES,
    consigneeancGet: STAFF_ROLES,
    consigneeancAdd: STAFF_ROLES,
    consigneeancEdit: STAFF_ROLES,
    consigneeancDelete: ['Head'],
    // Jobs and bookings (requirements decisions §4): all staff; whose jobs is the shipment service's check. Deletion and the counter: Head.
    shipmentsListJobs: STAFF_ROLES,
    shipmentsFindJob: STAFF_ROLES,
    shipmentsAddJobAsHead: STAFF_ROLES,
    shipmentsAdd: STAFF_ROLES,
    shipmentsAddJobAsAdmin: STAFF_ROLES,
    shipmentsUpdate: STAFF_ROLES,
    shipmentsUpdateJobAsAdmin: STAFF_ROLES,
    shipmentsSendConfirmationMail: STAFF_ROLES,
    shipmentsSendUpdateMail: STAFF_ROLES,
    // A job's e-mails and the live job stream (ADR 32, 33): whose jobs is the shipment service's (and the stream's) check.
    shipmentsMails: STAFF_ROLES,
    shipmentsLive: STAFF_ROLES,
    shipmentsListBookings: STAFF_ROLES,
    shipmentsListConsigneeBookings: STAFF_ROLES,
    shipmentsListShipperBookings: STAFF_ROLES,
    shipmentsFindBooking: STAFF_ROLES,
    shipmentsHistory: STAFF_ROLES,
    shipmentsUpdateBooking: STAFF_ROLES,
    shipmentsFindJobToDelete: ['Head'],
    shipmentsDelete: ['Head'],
    shipmentcounterGet: ['Head'],
    shipmentcounterSet: ['Head'],
    // Vessels and agents (requirements decisions §4): all staff read (consignees too, below), Head and Admin write.
    ...masterDataRoutes('vessels', STAFF_ROLES, ['Head', 'Admin']),
    ...masterDataRoutes('agents', STAFF_ROLES, ['Head', 'Admin']),
    // Accounts (requirements decisions §4): debits, credits and the voucher counter are Head's; a consignee's
    // balance is read by everyone who reads consignees (their screens show it, ADR 34).
    shipmentsAddDebit: ['Head'],
    shipmentsListInvoicedShipments: ['Head'],
    creditsList: ['Head'],
    creditsGet: ['Head'],
    creditsAdd: ['Head'],
    creditsEdit: ['Head'],
    creditsDelete: ['Head'],
    vouchercounterGet: ['Head'],
    vouchercounterSet: ['Head'],
    accountsBalance: STAFF_ROLES,
    accountsBalances: STAFF_ROLES,
    accountsStatement: ['Head'],
    accountsStatementExport: ['Head'],
    accountsStatementPdf: ['Head'],
    accountsReceivables: ['Head'],
  };

  it('refuses a client token on a staff route, and a staff token on a client route (403)', async () => {
    const client = await tokens.sign({ id: actors.Head.id, username: 'a.consignee', role: 'consignee' }, 1, 'client');
    await expect(codeOf(run('consigneesAll', `Bearer ${client.token}`))).resolves.toBe('FORBIDDEN');
    await expect(codeOf(run('logout', `Bearer ${client.token}`))).resolves.toBe('FORBIDDEN');
    await expect(codeOf(run('clientLogout', await bearer(actors.Head)))).resolves.toBe('FORBIDDEN');
  });

  it("lets a consignee read their own data on a staff route with an owner (any case), not another's, not a shipper (403)", async () => {
    const client = async (role: 'consignee' | 'shipper') => {
      directory.set(`id-${role}`, { id: `id-${role}`, username: 'a.consignee', role, sessionVersion: 1 } as unknown as UserSessionState);
      return tokens.sign({ id: `id-${role}`, username: 'a.consignee', role }, 1, 'client');
    };
    const consignee = `Bearer ${(await client('consignee')).token}`;
    await expect(codeOf(run('consigneeancActive', consignee, { username: 'A.Consignee' }))).resolves.toBe('allowed');
    await expect(codeOf(run('consigneeancActive', consignee, { username: 'b.consignee' }))).resolves.toBe('FORBIDDEN');
    await expect(codeOf(run('consigneeancActive', `Bearer ${(await client('shipper')).token}`, { username: 'a.consignee' }))).resolves.toBe('FORBIDDEN');
    await expect(codeOf(run('consigneeancAll', consignee))).resolves.toBe('FORBIDDEN');
  });

  it("lets a consignee read their own statement and balance by id (any case), not another consignee's, not a shipper (403)", async () => {
    const id = 'a3c1e2d4-0000-4000-8000-00000000000a';
    const client = async (role: 'consignee' | 'shipper') => {
      directory.set(id, { id, username: `a.${role}`, role, sessionVersion: 1 } as unknown as UserSessionState);
      return `Bearer ${(await tokens.sign({ id, username: `a.${role}`, role }, 1, 'client')).token}`;
    };
    const consignee = await client('consignee');
    for (const name of ['accountsStatement', 'accountsStatementExport', 'accountsStatementPdf', 'accountsBalance'] as const) {
      expect([name, await codeOf(run(name, consignee, { consignee_id: id.toUpperCase() }))]).toEqual([name, 'allowed']);
      expect([name, await codeOf(run(name, consignee, { consignee_id: 'b3c1e2d4-0000-4000-8000-00000000000b' }))]).toEqual([name, 'FORBIDDEN']);
      // By id, not by username: the username in the path is no id.
      expect([name, await codeOf(run(name, consignee, { consignee_id: 'a.consignee' }))]).toEqual([name, 'FORBIDDEN']);
    }
    await expect(codeOf(run('accountsReceivables', consignee))).resolves.toBe('FORBIDDEN');
    await expect(codeOf(run('accountsBalances', consignee, {}))).resolves.toBe('FORBIDDEN');
    const shipper = await client('shipper');
    await expect(codeOf(run('accountsStatement', shipper, { consignee_id: id }))).resolves.toBe('FORBIDDEN');
    await expect(codeOf(run('accountsBalance', shipper, { consignee_id: id }))).resolves.toBe('FORBIDDEN');
  });

  it('lets consignees and shippers call a client route (clientbooking), not staff (403), not without a token (401)', async () => {
    for (const role of ['consignee', 'shipper'] as const) {
      directory.set(`id-${role}`, { id: `id-${role}`, username: `a.${role}`, role, sessionVersion: 1 } as unknown as UserSessionState);
      const token = `Bearer ${(await tokens.sign({ id: `id-${role}`, username: `a.${role}`, role }, 1, 'client')).token}`;
      await expect(codeOf(run('shipmentsFindClientBooking', token, { jobNo: 'IMP-000001' }))).resolves.toBe('allowed');
    }
    for (const actor of Object.values(actors)) {
      await expect(codeOf(run('shipmentsFindClientBooking', await bearer(actor), { jobNo: 'IMP-000001' }))).resolves.toBe('FORBIDDEN');
    }
    await expect(codeOf(run('shipmentsFindClientBooking', undefined, { jobNo: 'IMP-000001' }))).resolves.toBe('UNAUTHORIZED');
  });

  it('lets a consignee read vessels and agents (every read), not write them; a shipper neither (403)', async () => {
    const client = async (role: 'consignee' | 'shipper') => {
      directory.set(`id-${role}`, { id: `id-${role}`, username: `a.${role}`, role, sessionVersion: 1 } as unknown as UserSessionState);
      return `Bearer ${(await tokens.sign({ id: `id-${role}`, username: `a.${role}`, role }, 1, 'client')).token}`;
    };
    const consignee = await client('consignee');
    const shipper = await client('shipper');
    for (const name of ['vesselsAll', 'vesselsSearch', 'vesselsGet', 'vesselsUnique', 'agentsAll', 'agentsSearch', 'agentsExport'] as const) {
      expect([name, await codeOf(run(name, consignee, { origin: 'Shanghai' }))]).toEqual([name, 'allowed']);
      expect([name, await codeOf(run(name, shipper, { origin: 'Shanghai' }))]).toEqual([name, 'FORBIDDEN']);
    }
    for (const name of ['vesselsAdd', 'vesselsUpdate', 'vesselsDelete', 'agentsAdd', 'agentsDelete', 'consigneesAll'] as const) {
      expect([name, await codeOf(run(name, consignee, { origin: 'Shanghai' }))]).toEqual([name, 'FORBIDDEN']);
    }
  });

  it('covers every staff route of the contract', () => {
    const staffRoutes = (Object.keys(api) as ApiName[]).filter((name) => api[name].access === 'staff');
    expect(Object.keys(expected).sort()).toEqual(staffRoutes.sort());
  });

  const cases = Object.entries(expected).flatMap(([name, allowed]) =>
    STAFF_ROLES.map((role) => [name, role, allowed.includes(role) ? 'allowed' : 'FORBIDDEN'] as const),
  );
  it.each(cases)('%s as %s → %s', async (name, role, outcome) => {
    // A `self` route names the caller's own id (the worklist, the booking sheet).
    const own = { user_id: actors[role].id, userId: actors[role].id };
    await expect(codeOf(run(name as ApiName, await bearer(actors[role]), own))).resolves.toBe(outcome);
  });

  it.each(STAFF_ROLES)("refuses another user's id on a self route (403), whatever the role: %s", async (role) => {
    const token = await bearer(actors[role]);
    for (const other of Object.values(actors).filter((actor) => actor.role !== role)) {
      await expect(codeOf(run('shipmentsListJobs', token, { user_id: other.id }))).resolves.toBe('FORBIDDEN');
      await expect(codeOf(run('shipmentsListBookings', token, { userId: other.id }))).resolves.toBe('FORBIDDEN');
      await expect(codeOf(run('shipmentsAdd', token, { user_id: other.id }))).resolves.toBe('FORBIDDEN');
    }
    await expect(codeOf(run('shipmentsListJobs', token, {}))).resolves.toBe('FORBIDDEN');
    await expect(codeOf(run('shipmentsListBookings', token, { userId: actors[role].id.toUpperCase() }))).resolves.toBe('allowed');
  });

  describe('the user as they are now, on every call', () => {
    it.each(['usersAll', 'usersAdd', 'logout'] as const)('refuses a deleted account with 401 (%s)', async (name) => {
      directory.delete(actors.Admin.id);
      await expect(codeOf(run(name, await bearer(actors.Admin)))).resolves.toBe('UNAUTHORIZED');
    });

    it.each(['usersAll', 'usersAdd'] as const)('refuses a token of an older session version with 401 (%s)', async (name) => {
      directory.set(actors.Admin.id, stateOf(actors.Admin, { sessionVersion: 2 }));
      await expect(codeOf(run(name, await bearer(actors.Admin, 1)))).resolves.toBe('UNAUTHORIZED');
      await expect(codeOf(run(name, await bearer(actors.Admin, 2)))).resolves.toBe('allowed');
    });

    it('judges by the current role, on reads too', async () => {
      directory.set(actors.Head.id, stateOf(actors.Head, { role: 'Employee' }));
      await expect(codeOf(run('branchesAdd', await bearer(actors.Head)))).resolves.toBe('FORBIDDEN');
      directory.set(actors.Admin.id, stateOf(actors.Admin, { role: 'Head' }));
      const session = await run('usersAll', await bearer(actors.Admin));
      expect(session?.actor).toEqual({ ...actors.Admin, role: 'Head' });
    });

    it('passes the current username on', async () => {
      directory.set(actors.Employee.id, stateOf(actors.Employee, { username: 'renamed' }));
      expect((await run('usersAll', await bearer(actors.Employee)))?.actor.username).toBe('renamed');
    });
  });
});
