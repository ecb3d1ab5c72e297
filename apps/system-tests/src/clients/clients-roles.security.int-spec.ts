import { parse } from 'csv-parse/sync';
import { api, type ApiName } from '@freight/contracts';
import { clientPassword, newClient } from '@freight/server-testing';
import { addClient, clientToken } from '../testing/clients.js';
import { HEAD, Stack } from '../testing/gateway-stack.js';

// Who may call what (requirements decisions §4, and the client token kinds), written out by hand: every route of
// consignees, shippers and client sign-in against every kind of caller, through the gateway over HTTP.
type Caller = 'Head' | 'Admin' | 'Employee' | 'consignee' | 'shipper' | 'none';
const CALLERS: readonly Caller[] = ['Head', 'Admin', 'Employee', 'consignee', 'shipper', 'none'];

//                                  Head Admin Employee consignee shipper none
const EXPECTED: Record<string, [number, number, number, number, number, number]> = {
  consigneesAll: /*            */ [200, 200, 200, 403, 403, 401],
  consigneesUnique: /*         */ [200, 200, 200, 403, 403, 401],
  consigneesSearch: /*         */ [200, 200, 200, 403, 403, 401],
  consigneesGet: /*            */ [200, 200, 200, 403, 403, 401],
  consigneesBalanceHistory: /* */ [200, 200, 200, 403, 403, 401],
  consigneesAdd: /*            */ [201, 201, 201, 403, 403, 401],
  consigneesUpdate: /*         */ [200, 200, 200, 403, 403, 401],
  consigneesDelete: /*         */ [200, 403, 403, 403, 403, 401],
  consigneesExport: /*         */ [200, 200, 200, 403, 403, 401],
  shippersAll: /*              */ [200, 200, 200, 403, 403, 401],
  shippersUnique: /*           */ [200, 200, 200, 403, 403, 401],
  shippersSearch: /*           */ [200, 200, 200, 403, 403, 401],
  shippersGet: /*              */ [200, 200, 200, 403, 403, 401],
  shippersAdd: /*              */ [201, 201, 201, 403, 403, 401],
  shippersUpdate: /*           */ [200, 200, 200, 403, 403, 401],
  shippersDelete: /*           */ [200, 403, 403, 403, 403, 401],
  shippersExport: /*           */ [200, 200, 200, 403, 403, 401],
  clientLogin: /*              */ [200, 200, 200, 200, 200, 200],
  clientLogout: /*             */ [403, 403, 403, 200, 200, 401],
};

let stack: Stack;
const tokens: Partial<Record<Caller, string>> = {};
let serial = 0;

beforeAll(async () => {
  stack = await Stack.start();
  tokens.Head = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
  tokens.Admin = (await stack.addUser(tokens.Head, 'matrix.admin', 'Admin')).token;
  tokens.Employee = (await stack.addUser(tokens.Head, 'matrix.employee', 'Employee')).token;
  await addClient(stack, tokens.Head, 'consignee', 'matrix.consignee');
  await addClient(stack, tokens.Head, 'shipper', 'matrix.shipper');
  tokens.consignee = await clientToken(stack, 'matrix.consignee');
  tokens.shipper = await clientToken(stack, 'matrix.shipper');
}, 90_000);

afterAll(() => stack?.stop());

/** The request a route gets in this test: a fresh record to read, change or delete, and a valid body, so only the caller decides. */
async function request(name: string, caller: Caller): Promise<{ method: string; url: string; body?: unknown; token?: string }> {
  const n = ++serial;
  const kind = name.startsWith('consignees') ? 'consignee' : 'shipper';
  const username = `target.${kind}${n}`;
  const fresh = () => addClient(stack, tokens.Head!, kind, username);
  const { password: _, ...fields } = newClient(kind, username);
  switch (name) {
    case 'clientLogin':
      return { method: 'POST', url: '/api/clientlogin/myclientlogin', body: { username: 'matrix.consignee', password: clientPassword('matrix.consignee') } };
    case 'clientLogout':
      // A fresh client token for each client caller: logging out spends it.
      return {
        method: 'POST',
        url: '/api/clientlogin/logout',
        token: caller === 'consignee' || caller === 'shipper' ? await clientToken(stack, `matrix.${caller}`) : undefined,
      };
    case 'consigneesAdd':
    case 'shippersAdd':
      return { method: 'POST', url: `/api/${kind}s/add`, body: newClient(kind, username) };
    case 'consigneesUpdate':
    case 'shippersUpdate':
      return { method: 'PUT', url: `/api/${kind}s/update/${await fresh()}`, body: { updateData: fields } };
    default: {
      const route = api[name as ApiName];
      const url = route.path.replace(/\{\w+\}/, () => '{id}');
      return { method: route.method, url: url.includes('{id}') ? url.replace('{id}', await fresh()) : url };
    }
  }
}

it('the table names every route of consignees, shippers and client sign-in', () => {
  const routes = Object.keys(api).filter((name) => /^(consignees|shippers|clientLog)/.test(name));
  expect(routes.sort()).toEqual(Object.keys(EXPECTED).sort());
});

describe.each(Object.entries(EXPECTED))('%s', (name, statuses) => {
  it.each(CALLERS.map((caller, i) => [caller, statuses[i]!] as const))('as %s: %i', async (caller, status) => {
    const { method, url, body, token } = await request(name, caller);
    const reply = await stack.gateway.call(method, url, { body, token: token ?? (caller === 'none' ? undefined : tokens[caller]) });
    expect([caller, reply.status]).toEqual([caller, status]);
  });
});

describe('the CSV export of the client lists', () => {
  it.each([
    [
      'consignees',
      ['Consignee Name', 'Username', 'Email', 'Address', 'Mobile', 'Handling Person'],
      ['Consignee matrix.consignee', 'matrix.consignee', 'matrix.consignee@consignee.example', '', '', 'Nimal'],
    ],
    [
      'shippers',
      ['Shipper Name', 'Username', 'Email', 'Address', 'Mobile', 'Handling Person'],
      ['Shipper matrix.shipper', 'matrix.shipper', 'matrix.shipper@shipper.example', 'Kandy Road', '081 222 3333', 'Sunil'],
    ],
  ])('%s: the list columns, the searched rows, never a password or its hash', async (list, header, row) => {
    const reply = await stack.gateway.call('GET', `/api/${list}/export.csv?q=matrix`, { token: tokens.Employee });
    expect(reply.status).toBe(200);
    const text = String(reply.body).replace(/^\uFEFF/, '');
    expect(parse(text)).toEqual([header, row]);
    expect(text).not.toMatch(new RegExp(`password|argon|${clientPassword('matrix.consignee')}|${clientPassword('matrix.shipper')}`, 'i'));
  });
});
