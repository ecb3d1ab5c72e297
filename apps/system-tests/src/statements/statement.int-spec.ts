import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { adminQuery } from '@freight/server-testing';
import type { LedgerKind, LoginResponse, Statement } from '@freight/contracts';
import { addClient, clientToken } from '../testing/clients.js';
import { stackForFile } from '../testing/gateway-stack.js';
import { pdfText } from '@freight/server-testing';

/*
 * The statement of account and the receivables (issue 10 "Beyond the seeds"; ADR 37, 42) through the
 * gateway and the accounts service on Postgres and NATS. The ledger, the invoices and the payments
 * are written here the way the accounts service's writes leave them (each ledger row with its day,
 * amount and the balance around it, the consignee's totals moved in the same statement): invoices,
 * one replaced, payments by cash and cheque, one edited, one deleted, one recorded after later ones
 * but dated before them. The Head's ledger view is then checked against the ledger's own rows, read
 * straight from Postgres and added up here in whole cents, and the statement view (what the
 * consignee reads) against the documents as they stand: on screen, as CSV and as PDF.
 */

// Two lines a chunk: the CSV and the PDF of a few lines already go over several chunks.
const shared = stackForFile({ EXPORT_CHUNK_ROWS: 2 });
const { call } = shared;
let head: LoginResponse;
const acme = randomUUID();
const bolt = randomUUID();
const cargo = randomUUID();
// A name beyond Latin-1, for the PDF's embedded font; paid ahead, so not among the receivables.
const baltika = randomUUID();
const NAMES = { [acme]: 'Consignee acme', [bolt]: 'Consignee bolt', [cargo]: 'Consignee cargo', [baltika]: 'ООО «Балтика» Łódź' };

/** The day `monthsAgo` months before this one, on `day` (UTC), `YYYY-MM-DD`. */
function dayOf(monthsAgo: number, day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day)).toISOString().slice(0, 10);
}
const JAN = dayOf(3, 10);
const JAN_LATE = dayOf(3, 20);
const FEB = dayOf(2, 15);
const FEB_LATE = dayOf(2, 20);
const MAR = dayOf(1, 1);
const WIDE = { from: dayOf(11, 1), to: dayOf(0, 28) };

const accountsQuery = <Row>(sql: string, params: unknown[] = []) => adminQuery<Row>(shared.stack.services.byName.accounts.database, sql, params);

/** Whole cents of a decimal string: exact, no float ("-12.30" → -1230n). */
const cents = (amount: string) => {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -value : value;
};
const text = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** Which of the consignee's totals a kind of row moves. */
const totalOf = (kind: LedgerKind) => (kind === 'opening balance' ? 'opening_balance' : kind.startsWith('credit') ? 'total_credit' : 'total_debit');

interface Row {
  kind: LedgerKind;
  /** The change of the balance: "1000.00", "-500.00". */
  amount: string;
  day: string;
  jobNo?: string;
  invoiceNo?: string;
  creditId?: string;
  creditSr?: number;
  documentAmount?: string;
}

/**
 * A ledger row as the accounts service writes one: the consignee's total moved and the row
 * inserted in one statement, under the consignee's row lock, the balance before and after it.
 */
async function ledger(consigneeId: string, row: Row): Promise<void> {
  const total = totalOf(row.kind);
  // A credit lowers the balance by raising total_credit.
  const change = total === 'total_credit' ? '-$2::numeric' : '$2::numeric';
  await accountsQuery(
    `WITH moved AS (UPDATE accounts.consignee SET ${total} = ${total} + ${change} WHERE id = $1 RETURNING balance)
     INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, credit_id, credit_sr, document_amount, recorded_by_name)
     SELECT $1, $3, $2, balance - $2, balance, $4, $5, $6, $7, $8, $9, 'Head' FROM moved`,
    [
      consigneeId,
      row.amount,
      row.kind,
      row.day,
      row.jobNo ?? null,
      row.invoiceNo ?? null,
      row.creditId ?? null,
      row.creditSr ?? null,
      row.documentAmount ?? null,
    ],
  );
}

let voucher = 0;
/** A payment row of accounts.credit (the statement shows its type and cheque number) and its ledger row. */
async function payment(consigneeId: string, amount: string, day: string, chequeNumber = ''): Promise<{ id: string; sr: number }> {
  const id = randomUUID();
  const sr = ++voucher;
  await accountsQuery(
    `INSERT INTO accounts.credit (id, credit_sr, consignee_id, consignee_name, payment_type, cheque_number, amount, credit_date, search_text, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '', $9, $9)`,
    [id, sr, consigneeId, NAMES[consigneeId], chequeNumber ? 'Cheque' : 'Cash', chequeNumber, amount, day, randomUUID()],
  );
  await ledger(consigneeId, { kind: 'credit', amount: `-${amount}`, day, creditId: id, creditSr: sr, documentAmount: amount });
  return { id, sr };
}

/** An invoice as it stands (accounts.invoice, on its job): the statement view lists it. */
async function invoiceNow(consigneeId: string, jobNo: string, invoiceNo: string, amount: string, day: string): Promise<void> {
  await accountsQuery(`INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port) VALUES ($1, $2, $3, 'Shanghai')`, [
    jobNo,
    consigneeId,
    randomUUID(),
  ]);
  await accountsQuery(
    `INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, '', $7, $7)`,
    [jobNo, consigneeId, NAMES[consigneeId], invoiceNo, amount, day, randomUUID()],
  );
}

/** What the ledger itself says of a consignee's range: the opening sum, the rows of the range with running balances, the closing sum. */
async function fromLedger(consigneeId: string, from: string, to: string) {
  const rows = await accountsQuery<{ day: string; kind: string; amount: string }>(
    `SELECT to_char(entry_date, 'YYYY-MM-DD') AS day, kind, amount::text AS amount FROM accounts.ledger WHERE consignee_id = $1 ORDER BY entry_date, id`,
    [consigneeId],
  );
  let balance = 0n;
  for (const row of rows.filter((r) => r.day < from)) balance += cents(row.amount);
  const opening = balance;
  const lines = rows
    .filter((r) => r.day >= from && r.day <= to)
    .map((row) => {
      balance += cents(row.amount);
      return { date: row.day, kind: row.kind, amount: row.amount, balance: text(balance) };
    });
  return { opening: text(opening), lines, closing: text(balance) };
}

const balanceOf = async (consigneeId: string) =>
  (await accountsQuery<{ balance: string }>(`SELECT balance::text AS balance FROM accounts.consignee WHERE id = $1`, [consigneeId]))[0]!.balance;

const ask = (consigneeId: string, query: Record<string, string | number>, token = head.token) =>
  call('GET', `/api/accounts/statement/${consigneeId}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, {
    token,
  });
/** The Head's ledger view: every row, corrections included. */
const statement = (consigneeId: string, query: Record<string, string | number>, token = head.token) => ask(consigneeId, { ...query, view: 'ledger' }, token);

beforeAll(async () => {
  head = shared.head;
  for (const id of [acme, bolt, cargo, baltika])
    await accountsQuery(`INSERT INTO accounts.consignee (id, name, from_directory) VALUES ($1, $2, true)`, [id, NAMES[id]]);
  // An opening balance recorded long before the range.
  await ledger(acme, { kind: 'opening balance', amount: '1000.00', day: dayOf(14, 1), documentAmount: '1000.00' });
  await ledger(acme, { kind: 'invoice', amount: '1000.00', day: JAN, jobNo: 'IMP-000001', invoiceNo: 'INV-1', documentAmount: '1000.00' });
  await ledger(acme, { kind: 'invoice', amount: '2500.50', day: FEB, jobNo: 'IMP-000002', invoiceNo: 'INV-2', documentAmount: '2500.50' });
  await ledger(acme, { kind: 'invoice', amount: '300.25', day: MAR, jobNo: 'IMP-000003', invoiceNo: 'INV-3', documentAmount: '300.25' });
  await ledger(bolt, { kind: 'invoice', amount: '999999.99', day: FEB, jobNo: 'IMP-000009', invoiceNo: 'INV-9', documentAmount: '999999.99' });
  // Less than acme's balance, but "90.00" sorts after "4…" as text: the receivables' order must be by amount.
  await ledger(cargo, { kind: 'invoice', amount: '90.00', day: dayOf(0, 1), jobNo: 'IMP-000010', invoiceNo: 'INV-10', documentAmount: '90.00' });
  // Replaced: the balance moves by the difference, on the invoice's day.
  await ledger(acme, { kind: 'invoice replaced', amount: '200.00', day: JAN, jobNo: 'IMP-000001', invoiceNo: 'INV-1B', documentAmount: '1200.00' });
  await payment(acme, '500.00', JAN_LATE);
  const cheque = await payment(acme, '1000.00', FEB_LATE, 'CHQ-771');
  await ledger(acme, { kind: 'credit edited', amount: '100.00', day: FEB_LATE, creditId: cheque.id, creditSr: cheque.sr, documentAmount: '900.00' });
  const mistaken = await payment(acme, '50.00', MAR);
  await ledger(acme, { kind: 'credit deleted', amount: '50.00', day: MAR, creditId: mistaken.id, creditSr: mistaken.sr, documentAmount: '50.00' });
  // Recorded last, dated before the February rows: the statement goes by day, not by when it was typed in.
  await payment(acme, '20.00', dayOf(2, 1));
  await payment(baltika, '75.00', dayOf(0, 1), 'ЧЕК-12');
  // The documents as those changes left them: each invoice at its last amount, the cheque edited, the mistaken payment deleted.
  await invoiceNow(acme, 'IMP-000001', 'INV-1B', '1200.00', JAN);
  await invoiceNow(acme, 'IMP-000002', 'INV-2', '2500.50', FEB);
  await invoiceNow(acme, 'IMP-000003', 'INV-3', '300.25', MAR);
  await invoiceNow(bolt, 'IMP-000009', 'INV-9', '999999.99', FEB);
  await invoiceNow(cargo, 'IMP-000010', 'INV-10', '90.00', dayOf(0, 1));
  await accountsQuery(`UPDATE accounts.credit SET amount = 900.00 WHERE id = $1`, [cheque.id]);
  await accountsQuery(`UPDATE accounts.credit SET deleted_at = now() WHERE id = $1`, [mistaken.id]);
}, 60_000);

describe('statement of account, as the consignee reads it (the default view)', () => {
  it('lists the opening balance, the invoices and payments as they stand now, no correction and no deleted payment; totals are the sums of its lines', async () => {
    const reply = await ask(acme, WIDE);
    expect(reply.status).toBe(200);
    const body = reply.body as Statement;
    // The opening balance was set before the range: brought forward.
    expect(body.openingBalance).toBe('1000.00');
    expect(body.lines.map((line) => [line.date, line.kind, line.reference, line.details, line.debit, line.credit, line.balance])).toEqual([
      [JAN, 'invoice', 'IMP-000001', 'Invoice INV-1B', '1200.00', '', '2200.00'],
      [JAN_LATE, 'credit', '1', 'Cash', '', '500.00', '1700.00'],
      [dayOf(2, 1), 'credit', '4', 'Cash', '', '20.00', '1680.00'],
      [FEB, 'invoice', 'IMP-000002', 'Invoice INV-2', '2500.50', '', '4180.50'],
      [FEB_LATE, 'credit', '2', 'Cheque CHQ-771', '', '900.00', '3280.50'],
      [MAR, 'invoice', 'IMP-000003', 'Invoice INV-3', '300.25', '', '3580.75'],
    ]);
    const sum = (column: 'debit' | 'credit') => text(body.lines.reduce((total, line) => total + (line[column] ? cents(line[column]) : 0n), 0n));
    expect([body.totalDebit, body.totalCredit]).toEqual([sum('debit'), sum('credit')]);
    expect([body.totalDebit, body.totalCredit]).toEqual(['4000.75', '1420.00']);
    expect(body.lineCount).toBe(6);
    // The running balance still ends at the balance owed.
    expect(body.closingBalance).toBe(await balanceOf(acme));
    expect(JSON.stringify(body)).not.toMatch(/now Rs|deleted|was Rs/);
    // From the first day there was anything, the opening balance is a line of its own.
    const whole = (await ask(acme, { from: dayOf(14, 1), to: WIDE.to })).body as Statement;
    expect(whole.lines[0]).toEqual({
      date: dayOf(14, 1),
      kind: 'opening balance',
      reference: '',
      details: 'Opening balance',
      debit: '1000.00',
      credit: '',
      balance: '1000.00',
    });
    expect([whole.openingBalance, whole.totalDebit, whole.closingBalance]).toEqual(['0.00', '5000.75', '3580.75']);
    // Paged on the server like the ledger.
    const second = (await ask(acme, { ...WIDE, page: 2, pageSize: 4 })).body as Statement;
    expect(second.lines).toEqual(body.lines.slice(4));
  });

  it('as CSV: dates as dd/mm/yyyy, the same lines over several chunks, a file named after the consignee', async () => {
    const reply = await call('GET', `/api/accounts/statement/${acme}/export.csv?from=${WIDE.from}&to=${WIDE.to}`, { token: head.token });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="statement-consignee-acme-${WIDE.from}-${WIDE.to}.csv"`);
    const records = parse(reply.body as string, { bom: true }) as string[][];
    const screen = (await ask(acme, WIDE)).body as Statement;
    const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    expect(records.slice(1)).toEqual([
      [ddmmyyyy(WIDE.from), 'Brought forward', '', '', '', '', '1000.00'],
      ...screen.lines.map((line) => [
        ddmmyyyy(line.date),
        line.kind === 'invoice' ? 'Invoice' : 'Payment',
        line.reference,
        line.details,
        line.debit,
        line.credit,
        line.balance,
      ]),
      [ddmmyyyy(WIDE.to), 'Carried forward', '', '', '', '', '3580.75'],
    ]);
  });
});

describe('statement of account', () => {
  it('equals the ledger: the opening sum, every row in date order with its running balance, and it closes on the balance owed now', async () => {
    const reply = await statement(acme, WIDE);
    expect(reply.status).toBe(200);
    const body = reply.body as Statement;
    const ledger = await fromLedger(acme, WIDE.from, WIDE.to);
    expect(body.consignee).toEqual({ _id: acme, consigneeName: 'Consignee acme' });
    expect(body.openingBalance).toBe(ledger.opening);
    expect(body.lines.map((line) => [line.date, line.kind, line.debit || `-${line.credit}`, line.balance])).toEqual(
      ledger.lines.map((row) => [row.date, row.kind, row.amount, row.balance]),
    );
    expect(body.lineCount).toBe(ledger.lines.length);
    expect(body.closingBalance).toBe(ledger.closing);
    expect(body.closingBalance).toBe(await balanceOf(acme));
    // opening + debits − credits = closing, in cents.
    expect(cents(body.openingBalance) + cents(body.totalDebit) - cents(body.totalCredit)).toBe(cents(body.closingBalance));
    // What the Head did, as the consignee reads it.
    const invoices = body.lines.filter((line) => line.kind === 'invoice' || line.kind === 'invoice replaced');
    expect(invoices.map((line) => [line.date, line.debit, line.credit])).toEqual([
      [JAN, '1000.00', ''],
      [JAN, '200.00', ''],
      [FEB, '2500.50', ''],
      [MAR, '300.25', ''],
    ]);
    expect(invoices.map((line) => [line.reference, line.details])).toEqual([
      ['IMP-000001', 'Invoice INV-1'],
      ['IMP-000001', 'Invoice INV-1B, now Rs. 1,200.00'],
      ['IMP-000002', 'Invoice INV-2'],
      ['IMP-000003', 'Invoice INV-3'],
    ]);
    const payments = body.lines.filter((line) => line.kind.startsWith('credit'));
    expect(payments.map((line) => [line.date, line.kind, line.debit, line.credit])).toEqual([
      [JAN_LATE, 'credit', '', '500.00'],
      [dayOf(2, 1), 'credit', '', '20.00'],
      [FEB_LATE, 'credit', '', '1000.00'],
      [FEB_LATE, 'credit edited', '100.00', ''],
      [MAR, 'credit', '', '50.00'],
      [MAR, 'credit deleted', '50.00', ''],
    ]);
    expect(payments.map((line) => line.details)).toEqual([
      'Cash',
      'Cash',
      'Cheque CHQ-771',
      'Cheque CHQ-771, now Rs. 900.00',
      'Cash',
      'Cash deleted (was Rs. 50.00)',
    ]);
    expect(payments[2]!.reference).toBe('2');
    // The other consignee's invoice is not on this statement.
    expect(body.lines.some((line) => line.details.includes('INV-9'))).toBe(false);
  });

  it('takes both ends of the range in, and brings forward what came before', async () => {
    const between = (await statement(acme, { from: FEB, to: FEB_LATE })).body as Statement;
    const ledger = await fromLedger(acme, FEB, FEB_LATE);
    expect(between.openingBalance).toBe(ledger.opening);
    expect(between.lines.map((line) => line.date)).toEqual([FEB, FEB_LATE, FEB_LATE]);
    expect(between.closingBalance).toBe(ledger.closing);
    // One day: that day's rows only; the day before the invoice: none of them, same balance both ends.
    const oneDay = (await statement(acme, { from: FEB, to: FEB })).body as Statement;
    expect(oneDay.lines.map((line) => line.debit)).toEqual(['2500.50']);
    const dayBefore = dayOf(2, 14);
    const quiet = (await statement(acme, { from: dayBefore, to: dayBefore })).body as Statement;
    expect(quiet.lines).toEqual([]);
    expect(quiet.lineCount).toBe(0);
    expect(quiet.openingBalance).toBe(quiet.closingBalance);
    expect(quiet.openingBalance).toBe(between.openingBalance);
    // A range before anything: all zero.
    const before = (await statement(acme, { from: '2000-01-01', to: '2000-12-31' })).body as Statement;
    expect([before.openingBalance, before.totalDebit, before.totalCredit, before.closingBalance]).toEqual(['0.00', '0.00', '0.00', '0.00']);
  });

  it('pages its lines on the server, each page carrying the running balance on from the one before', async () => {
    const all = (await statement(acme, WIDE)).body as Statement;
    const second = (await statement(acme, { ...WIDE, page: 2, pageSize: 3 })).body as Statement;
    expect(second.lineCount).toBe(all.lineCount);
    expect(second.lines).toEqual(all.lines.slice(3, 6));
    expect(second.closingBalance).toBe(all.closingBalance);
    const past = (await statement(acme, { ...WIDE, page: 99, pageSize: 3 })).body as Statement;
    expect(past.lines).toEqual([]);
  });

  it('refuses a bad range (400, per field) and an unknown consignee (404)', async () => {
    const backwards = await statement(acme, { from: MAR, to: JAN });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual({ to: 'To must not be before From' });
    const notADate = await statement(acme, { from: '2026-02-30', to: MAR });
    expect(notADate.status).toBe(400);
    expect(notADate.body.details).toEqual({ from: 'From must be a date (YYYY-MM-DD)' });
    const missing = await call('GET', `/api/accounts/statement/${acme}`, { token: head.token });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.details).sort()).toEqual(['from', 'to']);
    const tooBig = await statement(acme, { ...WIDE, page: 1, pageSize: 1000 });
    expect(tooBig.status).toBe(400);
    for (const id of ['0b5a2a4e-1c1f-4b7e-9d55-2f0a8d3c9e11', 'not-an-id', "x' OR 1=1 --"]) {
      const reply = await statement(encodeURIComponent(id), WIDE);
      expect([reply.status, reply.body.message]).toEqual([404, 'Consignee not found.']);
    }
  });

  it('as CSV: a header, the balance brought forward, every line over several chunks, the balance carried forward', async () => {
    const reply = await call('GET', `/api/accounts/statement/${acme}/export.csv?from=${WIDE.from}&to=${WIDE.to}&view=ledger`, { token: head.token });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="ledger-consignee-acme-${WIDE.from}-${WIDE.to}.csv"`);
    const records = parse(reply.body as string, { bom: true }) as string[][];
    const screen = (await statement(acme, WIDE)).body as Statement;
    const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    expect(records[0]).toEqual(['Date', 'Type', 'Reference', 'Details', 'Debit (Rs.)', 'Credit (Rs.)', 'Balance (Rs.)']);
    expect(records[1]).toEqual([ddmmyyyy(WIDE.from), 'Brought forward', '', '', '', '', screen.openingBalance]);
    expect(records.slice(2, -1)).toEqual(
      screen.lines.map((line) => [ddmmyyyy(line.date), expect.any(String), line.reference, line.details, line.debit, line.credit, line.balance]),
    );
    expect(records.at(-1)).toEqual([ddmmyyyy(WIDE.to), 'Carried forward', '', '', '', '', screen.closingBalance]);
    expect(records).toHaveLength(screen.lineCount + 3);
  });

  it('as PDF: the consignee, the period, every line and the balances, in Rs., in its text', async () => {
    const response = await fetch(`${shared.stack.gateway.baseUrl}/api/accounts/statement/${acme}/statement.pdf?from=${WIDE.from}&to=${WIDE.to}`, {
      headers: { authorization: `Bearer ${head.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="statement-consignee-acme-${WIDE.from}-${WIDE.to}.pdf"`);
    const pages = await pdfText(new Uint8Array(await response.arrayBuffer()));
    // A long detail wraps onto a second line of its cell.
    const all = pages.join('\n').replace(/\s+/g, ' ');
    // The consignee's document: the statement view.
    const screen = (await ask(acme, WIDE)).body as Statement;
    expect(all).toContain('Statement of Account');
    expect(all).toContain('Consignee: Consignee acme');
    expect(all).toContain(`Closing balance`);
    const rs = (amount: string) => `Rs. ${amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
    expect(all).toContain(rs(screen.closingBalance));
    expect(all).toContain('Rs. 2,500.50');
    expect(all).toContain('Invoice INV-1B Rs. 1,200.00');
    expect(all).toContain('Cheque CHQ-771');
    expect(all).not.toMatch(/now Rs|deleted/);
    for (const line of screen.lines) expect(all).toContain(rs(line.balance));
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('as PDF: a consignee named in Cyrillic (and Polish) is printed as named, with their cheque number', async () => {
    const response = await fetch(`${shared.stack.gateway.baseUrl}/api/accounts/statement/${baltika}/statement.pdf?from=${WIDE.from}&to=${WIDE.to}`, {
      headers: { authorization: `Bearer ${head.token}` },
    });
    expect(response.status).toBe(200);
    const all = (await pdfText(new Uint8Array(await response.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('Consignee: ООО «Балтика» Łódź');
    expect(all).toMatch(/Payment \d+ Cheque ЧЕК-12 Rs\. 75\.00 Rs\. -75\.00/);
    expect(all).not.toContain('?');
  });

  it('a PDF with no lines says so; a bad range or an unknown consignee is the usual JSON error', async () => {
    const empty = await fetch(`${shared.stack.gateway.baseUrl}/api/accounts/statement/${bolt}/statement.pdf?from=2000-01-01&to=2000-01-31`, {
      headers: { authorization: `Bearer ${head.token}` },
    });
    expect(empty.status).toBe(200);
    expect((await pdfText(new Uint8Array(await empty.arrayBuffer()))).join('\n')).toContain('No invoices or payments in this period.');
    const bad = await call('GET', `/api/accounts/statement/${acme}/statement.pdf?from=${MAR}&to=${JAN}`, { token: head.token });
    expect([bad.status, bad.body.details]).toEqual([400, { to: 'To must not be before From' }]);
    const unknown = await call('GET', `/api/accounts/statement/0b5a2a4e-1c1f-4b7e-9d55-2f0a8d3c9e11/statement.pdf?from=${JAN}&to=${MAR}`, {
      token: head.token,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Consignee not found.']);
  });

  it('stays consistent while 40 payments are written: each statement adds up, and the last one closes on the balance', async () => {
    const writes = Array.from({ length: 40 }, () => ledger(acme, { kind: 'credit', amount: '-1.01', day: MAR }));
    const reads = Array.from({ length: 40 }, () => statement(acme, WIDE));
    const [, replies] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      const body = reply.body as Statement;
      expect(cents(body.openingBalance) + cents(body.totalDebit) - cents(body.totalCredit)).toBe(cents(body.closingBalance));
      expect(body.lines.at(-1)!.balance).toBe(body.closingBalance);
    }
    const after = (await statement(acme, WIDE)).body as Statement;
    expect(after.closingBalance).toBe(await balanceOf(acme));
    expect(after.closingBalance).toBe((await fromLedger(acme, WIDE.from, WIDE.to)).closing);
  });

  it('answers 200 identical requests at once alike', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, () => statement(acme, { from: JAN, to: MAR })));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(new Set(replies.map((reply) => JSON.stringify(reply.body))).size).toBe(1);
  });
});

describe('receivables at a glance', () => {
  it('total owed, the consignees owing most first, and invoiced and paid per month for 12 months, from the balances and the ledger', async () => {
    const reply = await call('GET', '/api/accounts/receivables', { token: head.token });
    expect(reply.status).toBe(200);
    const owing = await accountsQuery<{ id: string; balance: string }>(
      `SELECT c.id, c.balance::text AS balance FROM accounts.consignee c WHERE c.deleted_at IS NULL AND c.balance > 0 ORDER BY c.balance DESC`,
    );
    expect(reply.body.totalOwed).toBe(text(owing.reduce((sum, row) => sum + cents(row.balance), 0n)));
    expect(reply.body.consigneesOwing).toBe(owing.length);
    expect(reply.body.top.map((row: { consignee_id: string; balance: string }) => [row.consignee_id, row.balance])).toEqual(
      owing.slice(0, 10).map((row) => [row.id, row.balance]),
    );
    expect(reply.body.top.map((row: { consignee_id: string }) => row.consignee_id)).toEqual([bolt, acme, cargo]);
    expect(reply.body.top[0]).toEqual({ consignee_id: bolt, consigneeName: 'Consignee bolt', balance: '999999.99' });
    expect(reply.body.months).toHaveLength(12);
    expect(reply.body.months.at(-1).month).toBe(dayOf(0, 1).slice(0, 7));
    const feb = reply.body.months.find((m: { month: string }) => m.month === FEB.slice(0, 7));
    // INV-2 and INV-9; the cash on the 1st and the edited cheque (1000.00, then 100.00 back).
    expect(feb).toEqual({ month: FEB.slice(0, 7), invoiced: '1002500.49', credited: '920.00' });
    const jan = reply.body.months.find((m: { month: string }) => m.month === JAN.slice(0, 7));
    expect(jan).toEqual({ month: JAN.slice(0, 7), invoiced: '1200.00', credited: '500.00' });
  });
});

describe('who may read them (requirements decisions §4: accounts are the Head’s; a consignee their own statement, issue 11)', () => {
  // The client acme signs in with an id of the directory's, not this file's accounts-only `acme`: another consignee's statement to them (their own: clients/client-portal.security.int-spec.ts).
  it('refuses an Admin, an Employee, a consignee whose statement it is not and a shipper (403), and no token (401)', async () => {
    const admin = await shared.stack.addUser(head.token, 'adam', 'Admin');
    const employee = await shared.stack.addUser(head.token, 'emma', 'Employee');
    await addClient(shared.stack, head.token, 'consignee', 'acme');
    await addClient(shared.stack, head.token, 'shipper', 'sails');
    const callers: [string, string | undefined, number][] = [
      ['Admin', admin.token, 403],
      ['Employee', employee.token, 403],
      ['consignee', await clientToken(shared.stack, 'acme'), 403],
      ['shipper', await clientToken(shared.stack, 'sails'), 403],
      ['none', undefined, 401],
    ];
    const query = `from=${WIDE.from}&to=${WIDE.to}`;
    for (const [caller, token, status] of callers)
      for (const path of [`statement/${acme}?${query}`, `statement/${acme}/export.csv?${query}`, `statement/${acme}/statement.pdf?${query}`, 'receivables']) {
        const reply = await call('GET', `/api/accounts/${path}`, { token });
        expect([caller, path, reply.status]).toEqual([caller, path, status]);
      }
  });
});
