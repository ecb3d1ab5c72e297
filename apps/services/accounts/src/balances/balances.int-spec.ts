import { randomUUID } from 'node:crypto';
import { AccountsTexts, balances } from '@freight/contracts';
import { remoteErrorOf } from '@freight/server-testing';
import { DataSource } from 'typeorm';
import { consigneeRepository } from '../ledger/consignee.repository.js';
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

describe("one consignee's balance, answered as JSON built by Postgres (docs/adr/0059-json-replies-passed-as-bytes.md)", () => {
  // Edge values: texts a JSON writer must escape, amounts with and without cents, the largest a total holds, a balance below zero, timestamps to the microsecond in another zone.
  const edges = [
    [randomUUID(), 'Quote "Traders" \\ back', '0', '0', '0', '2026-03-04 05:06:07.891234+05:30'],
    [randomUUID(), 'ශ්‍රී Lanka 🚢 </script>', '123456789012.5', '987654321098765432.21', '0.01', '2026-12-31 23:59:59.999999+00'],
    [randomUUID(), 'Tab\tnew\nline\u0001 \u2028\u2029', '10', '0', '2500.75', '1999-01-01 00:00:00+00'],
  ] as const;
  const deleted = randomUUID();

  beforeAll(async () => {
    for (const [id, name, opening, debit, credit, updated] of edges)
      await accounts.adminQuery(
        `INSERT INTO accounts.consignee (id, name, from_directory, opening_balance, total_debit, total_credit, updated_at) VALUES ($1, $2, true, $3, $4, $5, $6)`,
        [id, name, opening, debit, credit, updated],
      );
    await accounts.adminQuery(`INSERT INTO accounts.consignee (id, name, from_directory, deleted_at) VALUES ($1, 'Gone', true, now())`, [deleted]);
  });

  it.each(edges.map(([id, name]) => [name, id]))('is the reply the balances read makes of the same row: %j', async (_, id) => {
    const db = accounts.app.get(DataSource);
    const [row] = await consigneeRepository.balances(db, [id]);
    expect(row).toBeDefined();
    expect(JSON.parse((await consigneeRepository.balanceReply(db, id))!)).toStrictEqual({ success: true, balance: row });
    // And so it arrives over NATS, as its bytes.
    await expect(accounts.client.request(balances.subjects.balance, { actor: head, params: { consignee_id: id } } as never)).resolves.toStrictEqual({
      success: true,
      balance: row,
    });
  });

  it('is NOT_FOUND for a deleted consignee and an unknown one', async () => {
    for (const id of [deleted, randomUUID()])
      await expect(
        remoteErrorOf(accounts.client.request(balances.subjects.balance, { actor: head, params: { consignee_id: id } } as never)),
      ).resolves.toMatchObject({ code: 'NOT_FOUND', message: AccountsTexts.consigneeNotFound });
  });
});
