import { parse } from 'csv-parse/sync';
import type { Statement } from '@freight/contracts';
import { PAYER, accountsQuery, balanceOf, payerJobs, seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';
import { stackForFile } from '../testing/gateway-stack.js';
import { pdfText } from '@freight/server-testing';

/*
 * The statement after the accounts service's own writes (issue 10): the Head invoices three jobs
 * of a consignee with an opening balance, re-invoices one with a new amount, records a cheque,
 * edits it and deletes a cash payment; the statement, its CSV and its PDF then agree with the
 * ledger row for row and close on the balance the accounts service answers.
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
  await ok('POST', `/api/shipments/adddebit/${jobs[0]!.jobNo}`, { invoiceNo: 'INV-1', invoiceAmount: '1000.00', invoiceDate: '2026-01-10' });
  await ok('POST', `/api/shipments/adddebit/${jobs[1]!.jobNo}`, { invoiceNo: 'INV-2', invoiceAmount: '2500.50', invoiceDate: '2026-02-15' });
  await ok('POST', `/api/shipments/adddebit/${jobs[2]!.jobNo}`, { invoiceNo: 'INV-3', invoiceAmount: '300.25', invoiceDate: '2026-03-01' });
  await ok('POST', `/api/shipments/adddebit/${jobs[0]!.jobNo}`, { invoiceNo: 'INV-1B', invoiceAmount: '1200.00', invoiceDate: '2026-01-10' });
  const cheque = await ok('POST', '/api/credits/add', {
    consigneeName: PAYER.name,
    paymentType: 'Cheque',
    chequeNumber: 'CHQ-9',
    amount: '1000.00',
    date: '2026-02-20',
  });
  await ok('PUT', `/api/credits/edit/${cheque.credit._id}`, { paymentType: 'Cheque', chequeNumber: 'CHQ-9', amount: '900.00' });
  const cash = await ok('POST', '/api/credits/add', { consigneeName: PAYER.name, paymentType: 'Cash', amount: '50.00', date: '2026-03-05' });
  await ok('DELETE', `/api/credits/delete/${cash.credit._id}`);
}, 180_000);

it('the statement of the accounts service’s own writes equals its ledger and closes on the balance it answers; so do the CSV and the PDF', async () => {
  const query = new URLSearchParams(RANGE).toString();
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
  const records = parse(csv.body as string, { bom: true }) as string[][];
  expect(records.at(-1)).toEqual([RANGE.to, 'Carried forward', '', '', '', '', balance]);

  const pdf = await fetch(`${shared.stack.gateway.baseUrl}/api/accounts/statement/${world.payerId}/statement.pdf?${query}`, {
    headers: { authorization: `Bearer ${world.head.token}` },
  });
  const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
  expect(text).toContain('Closing balance Rs. 4,101.25');
  expect(text).toContain('Cheque CHQ-9, now Rs. 900.00');
});
