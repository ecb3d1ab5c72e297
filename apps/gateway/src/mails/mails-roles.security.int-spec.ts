import { api } from '@freight/contracts';
import { addClient, clientToken } from '../testing/clients.js';
import { HEAD, Stack } from '../testing/gateway-stack.js';

// Who may read a job's e-mails (DECISIONS §4: jobs are Head's and Admin's in full; an Employee's
// own jobs come through the shipment service later), written out by hand, through the gateway.
type Caller = 'Head' | 'Admin' | 'Employee' | 'consignee' | 'none';
const CALLERS: readonly Caller[] = ['Head', 'Admin', 'Employee', 'consignee', 'none'];
//                                Head Admin Employee consignee none
const EXPECTED: Record<string, number[]> = { mailsByKey: [200, 200, 403, 403, 401] };

let stack: Stack;
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  stack = await Stack.start();
  tokens.Head = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
  tokens.Admin = (await stack.addUser(tokens.Head, 'mails.admin', 'Admin')).token;
  tokens.Employee = (await stack.addUser(tokens.Head, 'mails.employee', 'Employee')).token;
  await addClient(stack, tokens.Head, 'consignee', 'mails.consignee');
  tokens.consignee = await clientToken(stack, 'mails.consignee');
}, 90_000);
afterAll(() => stack?.stop());

it('the table names every route of the e-mails', () => {
  expect(Object.keys(api).filter((name) => name.startsWith('mails'))).toEqual(Object.keys(EXPECTED));
});

describe.each(Object.entries(EXPECTED))('%s', (name, statuses) => {
  it.each(CALLERS.map((caller, i) => [caller, statuses[i]!] as const))('as %s: %i', async (caller, status) => {
    const reply = await stack.gateway.call('GET', '/api/mails/IMP-000001', { token: caller === 'none' ? undefined : tokens[caller] });
    expect([caller, reply.status]).toEqual([caller, status]);
    if (status === 200) expect(reply.body).toEqual({ success: true, mails: [] });
  });
});
