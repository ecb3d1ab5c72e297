import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { api, can, Messages } from '@freight/contracts';
import { apiAs, signInThroughApi, target } from './browser.mjs';

/*
 * The role × call matrix through the cluster (docs/adr/0049-cluster-mode.md): every call of the
 * route table that needs a token, as every role (Head, Admin, Employee, a consignee, a shipper)
 * and without one, through the edge, which spreads the calls over both gateways. What is expected
 * comes from the route table and the permission matrix the gateway's guard enforces (`can`,
 * libs/contracts/src/permissions.ts), the one the *roles.security.int-specs check call by call
 * against one gateway: no token 401; a role the matrix refuses, a client on a staff call that is
 * not theirs, a member of staff on a client call 403 (the guard's own answer); a call the matrix
 * allows gets past the guard (neither 401 nor the guard's 403, and never a 5xx), whatever the
 * service then says of placeholder arguments.
 */
const { url, head } = target();
const run = Date.now().toString(36).slice(-5);
const password = 'harbour-matrix-lantern-47';
const staff = (role, name) => ({
  fullName: `Matrix ${name} ${run}`,
  username: `matrix.${name}.${run}`,
  email: `matrix.${name}.${run}@example.com`,
  password,
  role,
  contact: '+94 77 555 0199',
  department: 'Import',
});
const client = (name) => ({ username: `matrix.${name}.${run}`, password, email: `${name}.${run}@matrix.example`, handlingPersonName: 'Ruwan' });

/** Sign-out ends the caller's own token (the other specs sign out); everything else is walked. */
const SIGN_OUTS = new Set(['POST /api/users/logout', 'POST /api/clientlogin/logout']);
const routes = Object.values(api).filter((route) => route.access !== 'public' && !SIGN_OUTS.has(`${route.method} ${route.path}`));

/** @typedef {{ name: string, kind: 'staff' | 'client' | 'none', role?: string, id?: string, username?: string, token?: string }} Caller */

/** What the gateway's guard does with `route` for `caller`: 401, 403 or 'passes'. */
function guardOutcome(route, caller) {
  if (caller.kind === 'none') return 401;
  if (route.access === 'client') return caller.kind === 'client' ? 'passes' : 403;
  if (caller.kind === 'client') {
    if (route.owner) return caller.role === route.owner.role ? 'passes' : 403;
    return route.clients?.includes(caller.role) ? 'passes' : 403;
  }
  if (route.permission && !can(caller.role, route.permission.area, route.permission.action)) return 403;
  return 'passes';
}

/** The route's path for `caller`: their own id or name where the guard compares it, a placeholder elsewhere. */
function pathFor(route, caller) {
  return route.path.replace(/\{(\w+)\}/g, (_, param) => {
    if (param === route.self && caller.kind === 'staff') return caller.id;
    if (param === route.owner?.param && caller.kind === 'client') return route.owner.by === 'id' ? caller.id : caller.username;
    return `none-${run}`;
  });
}

/** One call through the edge: its status and, for a 403, its message (the body is not read otherwise: the live stream never ends). */
async function call(route, caller) {
  const reply = await fetch(url + pathFor(route, caller), {
    method: route.method,
    headers: {
      ...(caller.token && { authorization: `Bearer ${caller.token}` }),
      ...(route.method !== 'GET' && { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: route.method === 'GET' ? undefined : '{}',
    signal: AbortSignal.timeout(20_000),
  });
  const message = reply.status === 403 ? (await reply.json()).message : undefined;
  if (message === undefined) await reply.body?.cancel();
  return { status: reply.status, message };
}

async function signInClient(who) {
  const reply = await fetch(`${url}/api/clientlogin/myclientlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.username, password: who.password }),
  });
  if (!reply.ok) throw new Error(`client sign-in of ${who.username}: ${reply.status}`);
  return reply.json();
}

/** @returns {Promise<Caller[]>} */
async function callers() {
  const { token: headToken } = await signInThroughApi(head);
  const add = async (path, body) => {
    const { status, body: reply } = await apiAs('POST', path, headToken, body);
    if (status !== 201 && status !== 200) throw new Error(`${path}: ${status} ${JSON.stringify(reply)}`);
  };
  const branch = { BranchCity: `Galle ${run}`, Location: 'Fort', Contact: '+94 91 222 3344', Code: `G${run}`.toUpperCase() };
  await add('branches/add', branch);
  const admin = staff('Admin', 'admin');
  const employee = staff('Employee', 'employee');
  for (const user of [admin, employee]) await add('users/add', { ...user, branchCity: branch.BranchCity });
  const consignee = client('consignee');
  const shipper = client('shipper');
  await add('consignees/add', { ...consignee, consigneeName: `Matrix Consignee ${run}` });
  await add('shippers/add', { ...shipper, shipperName: `Matrix Shipper ${run}`, address: '1 Matrix Road', mobile: '+94 77 555 0100' });

  const signedInStaff = async (name, role, who) => {
    const reply = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: who.username, password: who.password }),
    });
    const body = await reply.json();
    return /** @type {Caller} */ ({ name, kind: 'staff', role, id: body.user_id, username: who.username, token: body.token });
  };
  const signedInClient = async (name, role, who) => {
    const body = await signInClient(who);
    return /** @type {Caller} */ ({ name, kind: 'client', role, id: body.client_id, username: body.username, token: body.token });
  };
  return [
    await signedInStaff('Head', 'Head', head),
    await signedInStaff('Admin', 'Admin', admin),
    await signedInStaff('Employee', 'Employee', employee),
    await signedInClient('consignee', 'consignee', consignee),
    await signedInClient('shipper', 'shipper', shipper),
    /** @type {Caller} */ ({ name: 'no token', kind: 'none' }),
  ];
}

describe('the role × call matrix through the edge of the cluster', () => {
  it('every call with a token, as every role and without one, is let through or refused as the permission matrix says', async () => {
    const everyone = await callers();
    const cases = everyone.flatMap((caller) => routes.map((route) => ({ route, caller, expected: guardOutcome(route, caller) })));
    const wrong = [];
    // A few at a time: both gateways busy, the machine not swamped.
    for (let i = 0; i < cases.length; i += 6) {
      await Promise.all(
        cases.slice(i, i + 6).map(async ({ route, caller, expected }) => {
          const { status, message } = await call(route, caller);
          const refusedByGuard = status === 401 || (status === 403 && message === Messages.forbidden);
          const right = expected === 'passes' ? !refusedByGuard && status < 500 : status === expected;
          if (!right) wrong.push(`${caller.name}: ${route.method} ${route.path} answered ${status}${message ? ` (${message})` : ''}, expected ${expected}`);
        }),
      );
    }
    expect(cases.length).toBeGreaterThan(6 * 100);
    expect(cases.filter((c) => c.expected === 403).length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 240_000);
});
