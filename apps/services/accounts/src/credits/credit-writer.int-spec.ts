import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';
import { CreditWriter, type NewCredit } from './credit-writer.js';

/*
 * New credits written in groups (ADR 35): those that arrive together share one transaction, with
 * consecutive voucher numbers in their order; a credit that cannot be written fails alone and
 * the others keep consecutive numbers, the counter on the last, every balance exact.
 */
let accounts: AccountsHarness;
let writer: CreditWriter;
let consignees: { id: string; name: string }[];

const actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head' };
const credit = (consignee: { id: string; name: string }, amount: string): NewCredit => ({
  consignee,
  actor,
  body: { consigneeName: consignee.name, paymentType: 'Cash', chequeNumber: '', amount, remarks: '' },
});
const counter = async () =>
  Number((await accounts.adminQuery<{ value: number }>(`SELECT value FROM accounts.voucher_counter WHERE name = 'voucher'`))[0]!.value);

beforeAll(async () => {
  accounts = await startAccounts({ CREDIT_BATCH_WAIT_MS: 20 });
  consignees = await accounts.adminQuery<{ id: string; name: string }>(
    `INSERT INTO accounts.consignee (id, name, from_directory) SELECT gen_random_uuid(), 'Consignee ' || n, true FROM generate_series(1, 3) n RETURNING id::text, name`,
  );
  writer = accounts.app.get(CreditWriter);
}, 60_000);
afterAll(() => accounts?.close());

it('writes credits that arrive together in one transaction, numbered in their order', async () => {
  const before = await counter();
  const credits = Array.from({ length: 30 }, (_, i) => credit(consignees[i % 3]!, '10.00'));
  const replies = await Promise.all(credits.map((c) => writer.add(c)));
  expect(replies.map((r) => r.credit.credit_sr)).toEqual(credits.map((_, i) => before + 1 + i));
  // One transaction: every credit of the group has the same transaction id.
  const [{ transactions }] = await accounts.adminQuery<{ transactions: number }>(
    `SELECT count(DISTINCT xmin::text)::int AS transactions FROM accounts.credit WHERE credit_sr > $1`,
    [before],
  );
  expect(transactions).toBe(1);
  expect(await counter()).toBe(before + 30);
  // Each reply's balance is its ledger row's after; a consignee's rows chain, each before the last one's after.
  const ledger = await accounts.adminQuery<{ consignee_id: string; credit_sr: number; before: string; after: string; amount: string }>(
    `SELECT consignee_id::text, credit_sr, balance_before::text AS before, balance_after::text AS after, amount::text
     FROM accounts.ledger WHERE credit_sr > $1 ORDER BY id`,
    [before],
  );
  expect(ledger.map((row) => [row.credit_sr, row.after, row.amount])).toEqual(replies.map((r) => [r.credit.credit_sr, r.updatedBalance, '-10.00']));
  for (const { id } of consignees) {
    const rows = ledger.filter((row) => row.consignee_id === id);
    expect(rows.slice(1).map((row) => row.before)).toEqual(rows.slice(0, -1).map((row) => row.after));
    const [{ balance }] = await accounts.adminQuery<{ balance: string }>(`SELECT balance::text FROM accounts.consignee WHERE id = $1`, [id]);
    expect(rows.at(-1)!.after).toBe(balance);
  }
});

it('fails a credit that cannot be written alone: the others are written with consecutive numbers and exact balances', async () => {
  const before = await counter();
  const gone = { id: '00000000-0000-4000-8000-0000000000ff', name: 'Deleted meanwhile' };
  const results = await Promise.allSettled([
    writer.add(credit(consignees[0]!, '1.00')),
    writer.add(credit(gone, '2.00')),
    writer.add(credit(consignees[1]!, '3.00')),
    writer.add(credit(consignees[0]!, '4.00')),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  const numbers = await accounts.adminQuery<{ credit_sr: number }>(`SELECT credit_sr FROM accounts.credit WHERE credit_sr > $1 ORDER BY credit_sr`, [before]);
  expect(numbers.map((n) => n.credit_sr)).toEqual([before + 1, before + 2, before + 3]);
  expect(await counter()).toBe(before + 3);
  const wrong = await accounts.adminQuery(
    `SELECT c.id FROM accounts.consignee c
     WHERE c.balance <> c.opening_balance + c.total_debit - c.total_credit
        OR c.total_credit <> (SELECT coalesce(sum(amount), 0) FROM accounts.credit k WHERE k.consignee_id = c.id AND k.deleted_at IS NULL)
        OR c.credit_count <> (SELECT count(*) FROM accounts.credit k WHERE k.consignee_id = c.id AND k.deleted_at IS NULL)
        OR c.balance <> (SELECT coalesce(sum(amount), 0) FROM accounts.ledger l WHERE l.consignee_id = c.id)`,
  );
  expect(wrong).toEqual([]);
});
