import { api, type Job } from '@freight/contracts';
import { clientSignIn } from '../testing/clients.js';
import { stackForFile } from '../testing/gateway-stack.js';
import { PAYER, accountsQuery, payerJobs, seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';

/*
 * Who may make each accounts call, written out by hand from requirements decisions §4 (not read from the
 * permission matrix): debits, credits and the voucher counter are the Head's alone (an Admin or
 * an Employee gets 403, a consignee or shipper 403, nobody without a token 401). A consignee's
 * balance is read by every staff member, as the consignee screens that show it are theirs
 * (requirements decisions §3, ADR 34). The statement of account and the receivables are the Head's (ADR 37). A
 * consignee reads their own balance and statement, by their id (issue 11), nobody else's; a shipper
 * nothing of accounts.
 */
const shared = stackForFile();
const { call } = shared;
let world: AccountsWorld;
let tokens: Record<Actor, string | undefined>;
let job: Job;
/** A fresh credit of the payer for each call (a delete takes it away). */
let creditId: string;
/** The consignee acme's id (the `client_id` of its sign-in): the consignee caller's own. */
let ownId: string;

type Actor = 'Head' | 'Admin' | 'Employee' | 'consignee' | 'shipper' | 'none';
const ACTORS: Actor[] = ['Head', 'Admin', 'Employee', 'consignee', 'shipper', 'none'];

beforeAll(async () => {
  world = await seedAccountsWorld(shared);
  [job] = await payerJobs(shared, world, 1);
  const [consignee, shipper] = await Promise.all([clientSignIn(shared.stack, 'acme'), clientSignIn(shared.stack, 'sails')]);
  ownId = consignee.body.client_id;
  tokens = {
    Head: world.head.token,
    Admin: world.admin.token,
    Employee: world.emma.token,
    consignee: consignee.body.token,
    shipper: shipper.body.token,
    none: undefined,
  };
}, 120_000);

beforeEach(async () => {
  const added = await call('POST', '/api/credits/add', { token: world.head.token, body: { consigneeName: PAYER.name, paymentType: 'Cash', amount: '1.00' } });
  creditId = added.body.credit._id;
});

const credit = { consigneeName: PAYER.name, paymentType: 'Cheque', amount: '2.50', chequeNumber: 'CHQ-R', remarks: '' };

/** Each call: method, path, body. */
const calls: Record<string, () => [method: string, path: string, body?: unknown]> = {
  adddebit: () => ['POST', `/api/shipments/adddebit/${job.jobNo}`, { invoiceNo: 'INV-R', invoiceAmount: '10.00', invoiceDate: '2026-11-20' }],
  invoicedshipments: () => ['GET', `/api/shipments/invoicedshipments?consigneeName=${encodeURIComponent(PAYER.name)}`],
  'credits all': () => ['GET', '/api/credits/all'],
  'credits get': () => ['GET', `/api/credits/${creditId}`],
  'credits add': () => ['POST', '/api/credits/add', credit],
  'credits edit': () => ['PUT', `/api/credits/edit/${creditId}`, { paymentType: 'Cash', amount: '3.00', remarks: 'edited' }],
  'credits delete': () => ['DELETE', `/api/credits/delete/${creditId}`],
  'vouchercounter get': () => ['POST', '/api/vouchercounter/get'],
  'vouchercounter set': () => ['POST', '/api/vouchercounter/set', { newCounterValue: 900_000 }],
  balance: () => ['GET', `/api/accounts/balance/${world.payerId}`],
  balances: () => ['GET', `/api/accounts/balances?consignee_ids=${world.payerId}`],
  statement: () => ['GET', `/api/accounts/statement/${world.payerId}?from=2026-01-01&to=2026-12-31`],
  'statement export': () => ['GET', `/api/accounts/statement/${world.payerId}/export.csv?from=2026-01-01&to=2026-12-31`],
  // The consignee caller's own (acme): the payer's above are another consignee's to them.
  'balance of acme': () => ['GET', `/api/accounts/balance/${ownId}`],
  'statement of acme': () => ['GET', `/api/accounts/statement/${ownId.toUpperCase()}?from=2026-01-01&to=2026-12-31`],
  'statement export of acme': () => ['GET', `/api/accounts/statement/${ownId}/export.csv?from=2026-01-01&to=2026-12-31`],
  receivables: () => ['GET', '/api/accounts/receivables'],
};

// Expected status per call, in the order of ACTORS: Head, Admin, Employee, consignee, shipper, none.
const expected: Record<keyof typeof calls, number[]> = {
  adddebit: [200, 403, 403, 403, 403, 401],
  invoicedshipments: [200, 403, 403, 403, 403, 401],
  'credits all': [200, 403, 403, 403, 403, 401],
  'credits get': [200, 403, 403, 403, 403, 401],
  'credits add': [201, 403, 403, 403, 403, 401],
  'credits edit': [200, 403, 403, 403, 403, 401],
  'credits delete': [200, 403, 403, 403, 403, 401],
  'vouchercounter get': [200, 403, 403, 403, 403, 401],
  'vouchercounter set': [200, 403, 403, 403, 403, 401],
  balance: [200, 200, 200, 403, 403, 401],
  balances: [200, 200, 200, 403, 403, 401],
  statement: [200, 403, 403, 403, 403, 401],
  'statement export': [200, 403, 403, 403, 403, 401],
  'balance of acme': [200, 200, 200, 200, 403, 401],
  'statement of acme': [200, 403, 403, 200, 403, 401],
  'statement export of acme': [200, 403, 403, 200, 403, 401],
  receivables: [200, 403, 403, 403, 403, 401],
};

const cases = Object.entries(expected).flatMap(([name, statuses]) => ACTORS.map((actor, i) => [name, actor, statuses[i]!] as const));

describe('accounts: role × call (requirements decisions §4)', () => {
  it('covers every accounts route', () => {
    const accountsRoutes = Object.entries(api)
      .filter(([, route]) => 'subject' in route && String(route.subject).startsWith('accounts.'))
      .map(([name]) => name)
      .sort();
    expect(accountsRoutes).toEqual(
      [
        'shipmentsAddDebit',
        'shipmentsListInvoicedShipments',
        'creditsList',
        'creditsGet',
        'creditsAdd',
        'creditsEdit',
        'creditsDelete',
        'vouchercounterGet',
        'vouchercounterSet',
        'accountsBalance',
        'accountsBalances',
        'accountsStatement',
        'accountsStatementExport',
        'accountsReceivables',
      ].sort(),
    );
  });

  it.each(cases)('%s as %s → %i', async (name, actor, status) => {
    const [method, path, body] = calls[name]!();
    const ledger = await accountsQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM accounts.ledger`);
    const reply = await call(method, path, { token: tokens[actor], body });
    expect([reply.status, reply.body?.code]).toEqual([status, status === 403 ? 'FORBIDDEN' : status === 401 ? 'UNAUTHORIZED' : undefined]);
    // A refused call changes nothing.
    if (status >= 400) expect(await accountsQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM accounts.ledger`)).toEqual(ledger);
  });
});
