import { randomUUID } from 'node:crypto';
import { balances } from '@freight/contracts';
import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';

/*
 * The balances of a page of consignees (issue 21): listed by name, and consignees of the same name
 * by id, so the same question answers the same order on every load.
 */
let accounts: AccountsHarness;
const head = { id: randomUUID(), username: 'head', role: 'Head' } as const;
// Ids in descending order, inserted in that order: a sort by name alone tends to keep the rows as the table holds them.
const twins = Array.from({ length: 12 }, () => randomUUID())
  .sort()
  .reverse();

beforeAll(async () => {
  accounts = await startAccounts();
  for (const id of twins) await accounts.adminQuery(`INSERT INTO accounts.consignee (id, name, from_directory) VALUES ($1, 'Same Name Traders', true)`, [id]);
  await accounts.adminQuery(`INSERT INTO accounts.consignee (id, name, from_directory) VALUES ($1, 'Aardvark Imports', true)`, [randomUUID()]);
}, 60_000);
afterAll(() => accounts.close());

it('answers the balances by name, then by id where names are equal, alike on every call', async () => {
  const ask = async () =>
    (
      (await accounts.client.request(balances.subjects.balances, { actor: head, query: { consignee_ids: [...twins].reverse() } } as never)) as {
        balances: { consignee_id: string }[];
      }
    ).balances.map((row) => row.consignee_id);
  const expected = [...twins].sort();
  for (let i = 0; i < 5; i++) await expect(ask()).resolves.toEqual(expected);
});
