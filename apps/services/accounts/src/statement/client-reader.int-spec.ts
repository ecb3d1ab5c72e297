import { randomUUID } from 'node:crypto';
import { Messages, accountsReports, balances, type ClientActor } from '@freight/contracts';
import { remoteErrorOf as errorOf } from '@freight/server-testing';
import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';

/*
 * A consignee reads their own balance and statement (issue 11). The gateway lets a client token
 * through only when the path names the client's own id; the service checks it again, so a message
 * that names another consignee, or comes from a shipper, is refused whatever let it through.
 */
let accounts: AccountsHarness;
const own = randomUUID();
const other = randomUUID();
const consignee: ClientActor = { id: own, username: 'own.consignee', role: 'consignee' };
const shipper: ClientActor = { id: own, username: 'a.shipper', role: 'shipper' };
const head = { id: randomUUID(), username: 'head', role: 'Head' } as const;
const range = { from: '2026-01-01', to: '2026-12-31' };
const forbidden = { code: 'FORBIDDEN', message: Messages.forbidden };

beforeAll(async () => {
  accounts = await startAccounts();
  await accounts.adminQuery(
    `INSERT INTO accounts.consignee (id, name, from_directory, opening_balance) VALUES ($1, 'Consignee own', true, 10), ($2, 'Consignee other', true, 0)`,
    [own, other],
  );
}, 60_000);
afterAll(() => accounts.close());

const balance = (actor: object, id: string) => accounts.client.request(balances.subjects.balance, { actor, params: { consignee_id: id } } as never);
const statement = (actor: object, id: string) =>
  accounts.client.request(accountsReports.subjects.statement, { actor, params: { consignee_id: id }, query: range } as never);
const exported = (actor: object, id: string) =>
  accounts.client.request(accountsReports.subjects.statementExport, { actor, params: { consignee_id: id }, query: range, limit: 10 } as never);

describe("a client actor on the accounts' reads", () => {
  it('answers a consignee their own balance, statement and its export (their id in any case)', async () => {
    await expect(balance(consignee, own)).resolves.toMatchObject({ success: true, balance: { consignee_id: own, balance: '10.00' } });
    await expect(statement(consignee, own.toUpperCase())).resolves.toMatchObject({ success: true, consignee: { _id: own, consigneeName: 'Consignee own' } });
    await expect(exported(consignee, own)).resolves.toMatchObject({ next: null });
  });

  it("refuses a consignee another consignee's, and a shipper any (FORBIDDEN), before reading anything", async () => {
    for (const [actor, id] of [
      [consignee, other],
      [shipper, own],
    ] as const) {
      await expect(errorOf(balance(actor, id))).resolves.toEqual(forbidden);
      await expect(errorOf(statement(actor, id))).resolves.toEqual(forbidden);
      await expect(errorOf(exported(actor, id))).resolves.toEqual(forbidden);
    }
  });

  it("refuses a consignee the ledger view of their own statement, on screen and as CSV (FORBIDDEN): the corrections are the staff's", async () => {
    const ledger = { ...range, view: 'ledger' };
    await expect(
      errorOf(accounts.client.request(accountsReports.subjects.statement, { actor: consignee, params: { consignee_id: own }, query: ledger } as never)),
    ).resolves.toEqual(forbidden);
    await expect(
      errorOf(
        accounts.client.request(accountsReports.subjects.statementExport, {
          actor: consignee,
          params: { consignee_id: own },
          query: ledger,
          limit: 10,
        } as never),
      ),
    ).resolves.toEqual(forbidden);
    await expect(
      accounts.client.request(accountsReports.subjects.statement, { actor: head, params: { consignee_id: own }, query: ledger } as never),
    ).resolves.toMatchObject({ success: true });
  });

  it('answers staff any consignee, as before; the receivables stay staff-only in the message schema', async () => {
    await expect(statement(head, other)).resolves.toMatchObject({ success: true, consignee: { _id: other } });
    await expect(balance(head, other)).resolves.toMatchObject({ success: true });
    await expect(errorOf(accounts.client.request(accountsReports.subjects.receivables, { actor: consignee } as never))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
