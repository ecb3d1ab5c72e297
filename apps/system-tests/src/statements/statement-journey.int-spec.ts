import { parse } from 'csv-parse/sync';
import type { Statement } from '@freight/contracts';
import { PAYER, accountsQuery, balanceOf, invoice, pay, payerJobs, seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';
import { stackForFile } from '../testing/gateway-stack.js';
import { pdfText } from '@freight/server-testing';

/*
 * The statement after the accounts service's own writes (issue 10, issue 21): the Head invoices
 * three jobs of a consignee with an opening balance, re-invoices one with a new amount, records a
 * cheque, edits it and deletes a cash payment; the Head's ledger view then agrees with the ledger
 * row for row, the consignee's statement (the default view, its CSV and its PDF) lists the documents
 * as they stand with totals that are the sums of its lines, and both close on the balance the
 * accounts service answers.
 */
const shared = stackForFile();
const { call } = shared;
let world: AccountsWorld;

const today = new Date().toISOString().slice(0, 10);
const RANGE = { from: '2000-01-01', to: '2099-12-31' };

async function ok(method: string, path: string, body?: unknown) {
  const reply = await call(method, path, { token: world.head.token, body });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

beforeAll(async () => {
  world = await seedAccountsWorld(shared);
  const jobs = await payerJobs(shared, world, 3);
  await invoice(shared, jobs[0]!.jobNo, { invoiceNo: 'INV-1', invoiceAmount: '1000.00', invoiceDate: '2026-01-10' });
  await invoice(shared, jobs[1]!.jobNo, { invoiceNo: 'INV-2', invoiceAmount: '2500.50', invoiceDate: '2026-02-15' });
  await invoice(shared, jobs[2]!.jobNo, { invoiceNo: 'INV-3', invoiceAmount: '300.25', invoiceDate: '2026-03-01' });
  await invoice(shared, jobs[0]!.jobNo, { invoiceNo: 'INV-1B', invoiceAmount: '1200.00', invoiceDate: '2026-01-10' });
  const cheque = await pay(shared, { consigneeName: PAYER.name, paymentType: 'Cheque', chequeNumber: 'CHQ-9', amount: '1000.00', date: '2026-02-20' });
  await ok('PUT', `/api/credits/edit/${cheque._id}`, { paymentType: 'Cheque', chequeNumber: 'CHQ-9', amount: '900.00' });
  const cash = await pay(shared, { consigneeName: PAYER.name, paymentType: 'Cash', amount: '50.00', date: '2026-03-05' });
  await ok('DELETE', `/api/credits/delete/${cash._id}`);
}, 180_000);

it('the ledger view of the accounts service’s own writes equals its ledger, every correction a line, and closes on the balance it answers', async () => {
  const query = new URLSearchParams({ ...RANGE, view: 'ledger' }).toString();
  const statement = (await ok('GET', `/api/accounts/statement/${world.payerId}?${query}`)) as Statement;
  const ledger = await accountsQuery<{ day: string; kind: string; amount: string }>(
    shared,
    `SELECT to_char(entry_date, 'YYYY-MM-DD') AS day, kind, amount::text AS amount FROM accounts.ledger WHERE consignee_id = $1 ORDER BY entry_date, id`,
    [world.payerId],
  );
  expect(statement.lines.map((line) => [line.date, line.kind, line.debit || `-${line.credit}`])).toEqual(ledger.map((row) => [row.day, row.kind, row.amount]));
  expect(statement.openingBalance).toBe('0.00');
  const balance = await balanceOf(shared, world.payerId);
  // 1000.50 opening + 1200.00 + 2500.50 + 300.25 − 900.00 (the 50.00 paid and deleted) = 4101.25
  expect([statement.closingBalance, balance]).toEqual(['4101.25', '4101.25']);
  expect(statement.lines.map((line) => [line.kind, line.details])).toEqual([
    ['invoice', 'Invoice INV-1'],
    ['invoice replaced', 'Invoice INV-1B, now Rs. 1,200.00'],
    ['invoice', 'Invoice INV-2'],
    ['credit', 'Cheque CHQ-9'],
    ['credit edited', 'Cheque CHQ-9, now Rs. 900.00'],
    ['invoice', 'Invoice INV-3'],
    ['credit', 'Cash'],
    ['opening balance', 'Opening balance, now Rs. 1,000.50'],
    ['credit deleted', 'Cash deleted (was Rs. 50.00)'],
  ]);
  // The opening balance counts on the day the consignee reached the accounts service, a deletion on the day it was made.
  expect(statement.lines.slice(-2).map((line) => line.date)).toEqual([today, today]);
  const csv = await call('GET', `/api/accounts/statement/${world.payerId}/export.csv?${query}`, { token: world.head.token });
  expect((parse(csv.body as string, { bom: true }) as string[][]).slice(2, -1).map((row) => row[3])).toEqual(statement.lines.map((line) => line.details));
});

it('the statement the consignee reads lists the documents as they stand, totals that are sums of its lines; so do the CSV and the PDF', async () => {
  const query = new URLSearchParams(RANGE).toString();
  const statement = (await ok('GET', `/api/accounts/statement/${world.payerId}?${query}`)) as Statement;
  expect(statement.lines.map((line) => [line.date, line.kind, line.details, line.debit, line.credit, line.balance])).toEqual([
    ['2026-01-10', 'invoice', 'Invoice INV-1B', '1200.00', '', '1200.00'],
    ['2026-02-15', 'invoice', 'Invoice INV-2', '2500.50', '', '3700.50'],
    ['2026-02-20', 'credit', 'Cheque CHQ-9', '', '900.00', '2800.50'],
    ['2026-03-01', 'invoice', 'Invoice INV-3', '300.25', '', '3100.75'],
    [today, 'opening balance', 'Opening balance', '1000.50', '', '4101.25'],
  ]);
  // Before: debits 6202.25 (the replaced invoice counted again) and credits 1050.00 (the deleted payment, its deletion a debit).
  expect([statement.openingBalance, statement.totalDebit, statement.totalCredit, statement.closingBalance]).toEqual(['0.00', '5001.25', '900.00', '4101.25']);
  const balance = await balanceOf(shared, world.payerId);
  expect(balance).toBe('4101.25');

  const csv = await call('GET', `/api/accounts/statement/${world.payerId}/export.csv?${query}`, { token: world.head.token });
  const records = parse(csv.body as string, { bom: true }) as string[][];
  expect(csv.headers['content-disposition']).toBe(`attachment; filename="statement-consignee-payer-${RANGE.from}-${RANGE.to}.csv"`);
  expect(records.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual([
    ['01/01/2000', 'Brought forward', ''],
    ['10/01/2026', 'Invoice', 'Invoice INV-1B'],
    ['15/02/2026', 'Invoice', 'Invoice INV-2'],
    ['20/02/2026', 'Payment', 'Cheque CHQ-9'],
    ['01/03/2026', 'Invoice', 'Invoice INV-3'],
    [`${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`, 'Opening balance', 'Opening balance'],
    ['31/12/2099', 'Carried forward', ''],
  ]);
  expect(records.at(-1)!.at(-1)).toBe(balance);

  const pdf = await fetch(`${shared.stack.gateway.baseUrl}/api/accounts/statement/${world.payerId}/statement.pdf?${query}`, {
    headers: { authorization: `Bearer ${world.head.token}` },
  });
  const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
  expect(text).toContain('Closing balance Rs. 4,101.25');
  expect(text).toContain('Cheque CHQ-9 Rs. 900.00');
  expect(text).not.toMatch(/now Rs|deleted|was Rs/);
});
