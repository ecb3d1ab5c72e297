import { newConsignee, until } from '@freight/server-testing';
import { stackForFile } from '../testing/gateway-stack.js';
import { PAYER, accountsQuery, balanceOf, invoice, pay, payerJobs, seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';

/*
 * What a consignee owes, as the directory's replies carry it (issue 21, items 2 and 9; requirements decisions §3, §4;
 * docs/adr/0041): `currentBalance` follows the accounts service's balance within seconds of an
 * invoice or a payment, and only the Head changes an opening balance once the consignee exists, the
 * accounts ledger naming the person who did.
 */
const shared = stackForFile();
const { call } = shared;
let world: AccountsWorld;
const head = () => ({ token: shared.head.token });

beforeAll(async () => {
  world = await seedAccountsWorld(shared);
}, 120_000);

/** The payer's edit body with this opening balance (the password left blank: kept). */
const edit = (openingBalance: string) => ({ updateData: { ...newConsignee(PAYER.username), password: '', openingBalance } });

/** The `currentBalance` of every directory call that carries the payer. */
async function balancesShown(): Promise<string[]> {
  const replies = await Promise.all([
    call('GET', `/api/consignees/all?q=${encodeURIComponent(PAYER.name)}`, head()),
    call('GET', `/api/consignees/all?q=${encodeURIComponent(PAYER.name)}&page=1&pageSize=50`, head()),
    call('GET', `/api/consignees/search/${world.payerId}`, head()),
    call('GET', `/api/consignees/get/${world.payerId}`, head()),
  ]);
  for (const reply of replies) expect(reply.status).toBe(200);
  const [list, page, search, view] = replies.map((reply) => reply.body);
  return [list[0].currentBalance, page[0].currentBalance, search.consignees[0].currentBalance, view.currentBalance];
}

/** The payer's last ledger row: kind, amount, who. */
const lastLedgerRow = async () =>
  (
    await accountsQuery<{ kind: string; amount: string; recorded_by_name: string }>(
      shared,
      `SELECT kind, amount::text, recorded_by_name FROM accounts.ledger WHERE consignee_id = $1 ORDER BY id DESC LIMIT 1`,
      [world.payerId],
    )
  )[0];

describe("a consignee's opening balance, once it exists", () => {
  it.each([
    ['an Admin', () => world.admin.token],
    ['an Employee', () => world.emma.token],
  ])('is refused to %s (403 with the reason, nothing written); their edit that keeps it is saved', async (_, token) => {
    const before = await lastLedgerRow();
    const refused = await call('PUT', `/api/consignees/update/${world.payerId}`, { token: token(), body: edit('5.00') });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: "Only the Head can change a consignee's opening balance once the consignee exists." });
    const kept = await call('PUT', `/api/consignees/update/${world.payerId}`, {
      token: token(),
      body: { updateData: { ...edit('1000.5').updateData, address: 'Harbour Road 7' } },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.consignee).toMatchObject({ address: 'Harbour Road 7', openingBalance: PAYER.openingBalance });
    await expect(lastLedgerRow()).resolves.toEqual(before);
    await expect(balanceOf(shared, world.payerId)).resolves.toBe(PAYER.openingBalance);
  });

  it('is changed by the Head: the balance owed moves by the difference and the ledger row names the Head', async () => {
    const changed = await call('PUT', `/api/consignees/update/${world.payerId}`, { ...head(), body: edit('1200.50') });
    expect(changed.status).toBe(200);
    await until(async () => ((await balanceOf(shared, world.payerId)) === '1200.50' ? true : undefined), 'the accounts service to move the balance');
    await expect(lastLedgerRow()).resolves.toEqual({ kind: 'opening balance', amount: '200.00', recorded_by_name: 'head' });
  });

  it('is set by whoever adds the consignee, and the ledger row names them', async () => {
    const added = await call('POST', '/api/consignees/add', { token: world.admin.token, body: newConsignee('opener', { openingBalance: '75.25' }) });
    expect(added.status).toBe(201);
    const rows = await until(async () => {
      const found = await accountsQuery<{ kind: string; amount: string; recorded_by_name: string }>(
        shared,
        `SELECT kind, amount::text, recorded_by_name FROM accounts.ledger WHERE consignee_id = $1`,
        [added.body.consignee.consignee_id],
      );
      return found.length ? found : undefined;
    }, 'the opening balance in the ledger');
    expect(rows).toEqual([{ kind: 'opening balance', amount: '75.25', recorded_by_name: 'adam' }]);
  });
});

describe("a consignee's currentBalance", () => {
  it('is the balance owed on every call that carries the consignee, within seconds of an invoice and a payment', async () => {
    const owedBefore = await balanceOf(shared, world.payerId);
    await until(async () => ((await balancesShown()).every((shown) => shown === owedBefore) ? true : undefined), 'the directory to show the balance owed');
    const [job] = await payerJobs(shared, world, 1);
    await invoice(shared, job!.jobNo, { invoiceNo: 'INV-CB-1', invoiceAmount: '250.00', invoiceDate: '2026-11-20' });
    await pay(shared, { consigneeName: PAYER.name, paymentType: 'Cash', amount: '100.00' });
    const started = Date.now();
    const owed = await balanceOf(shared, world.payerId);
    expect(owed).toBe((Number(owedBefore) + 150).toFixed(2));
    await until(async () => ((await balancesShown()).every((shown) => shown === owed) ? true : undefined), 'the directory to show the new balance owed', 5000);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 60_000);
});
