import { TOTAL_COUNT_HEADER, type Job } from '@freight/contracts';
import { until } from '@freight/server-testing';
import { stackForFile, statusCounts } from '../testing/gateway-stack.js';
import { PAYER, accountsQuery, balanceOf, payerJobs, seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';
import { detailsOf, saveBooking } from '../testing/shipments.js';

/*
 * The accounts calls through the gateway, against the real services (requirements 02 §7 "Accounts",
 * "Counters"; requirements decisions §1, §3): debits that replace an invoice and move the balance by the
 * difference, credits with voucher numbers, the counter that cannot collide, balances, the lists,
 * every bad body (400 per field), unknown ids (404), and the ledger adding up to the balance.
 */
const shared = stackForFile();
const { call } = shared;
let world: AccountsWorld;
let jobs: Job[];
const head = () => ({ token: shared.head.token });
/** A valid credit of the payer; `extra` replaces any field. */
const credit = (extra: Record<string, unknown> = {}) => ({ consigneeName: PAYER.name, paymentType: 'Cash', amount: '100.00', remarks: 'Paid', ...extra });

beforeAll(async () => {
  world = await seedAccountsWorld(shared);
  jobs = await payerJobs(shared, world, 3);
}, 120_000);

/** The ledger of a consignee: every row's change, before and after, in order. */
const ledgerOf = (consigneeId: string) =>
  accountsQuery<{ kind: string; amount: string; before: string; after: string; job_no: string | null; credit_sr: number | null }>(
    shared,
    `SELECT kind, amount::text, balance_before::text AS before, balance_after::text AS after, job_no, credit_sr
       FROM accounts.ledger WHERE consignee_id = $1 ORDER BY id`,
    [consigneeId],
  );

/** Checks the ledger adds up: each row starts where the last ended, the first at 0, the last at the balance. */
async function expectLedgerAddsUp(consigneeId: string) {
  const rows = await ledgerOf(consigneeId);
  let running = 0n;
  const cents = (text: string) => BigInt(text.replace('.', ''));
  for (const row of rows) {
    expect(cents(row.before)).toBe(running);
    running += cents(row.amount);
    expect(cents(row.after)).toBe(running);
  }
  const balance = await balanceOf(shared, consigneeId);
  expect(cents(balance)).toBe(running);
  return rows;
}

describe('the consignee copy', () => {
  it("starts each balance at the directory's opening balance, as a ledger row", async () => {
    const reply = await call('GET', `/api/accounts/balance/${world.payerId}`, head());
    expect(reply.status).toBe(200);
    expect(reply.body.balance).toMatchObject({
      consignee_id: world.payerId,
      consigneeName: PAYER.name,
      openingBalance: '1000.50',
      totalDebit: '0.00',
      totalCredit: '0.00',
      balance: '1000.50',
    });
    expect(await ledgerOf(world.payerId)).toEqual([
      { kind: 'opening balance', amount: '1000.50', before: '0.00', after: '1000.50', job_no: null, credit_sr: null },
    ]);
  });

  it('answers 404 for an unknown or malformed consignee id, and leaves unknown ids out of a batch', async () => {
    expect((await call('GET', '/api/accounts/balance/00000000-0000-4000-8000-000000000000', head())).status).toBe(404);
    expect((await call('GET', '/api/accounts/balance/not-an-id', head())).body).toMatchObject({ code: 'NOT_FOUND', message: 'Consignee not found.' });
    const many = await call('GET', `/api/accounts/balances?consignee_ids=${world.payerId},nope,00000000-0000-4000-8000-000000000000`, head());
    expect(many.status).toBe(200);
    expect(many.body.balances.map((b: { consignee_id: string }) => b.consignee_id)).toEqual([world.payerId]);
  });
});

describe('debits', () => {
  it('invoices a job, then replaces the invoice and moves the balance by the difference', async () => {
    const job = jobs[0]!;
    const before = await balanceOf(shared, world.payerId);
    const first = await call('POST', `/api/shipments/adddebit/${job.jobNo}`, {
      ...head(),
      body: { invoiceNo: ' INV-1 ', invoiceAmount: '250.25', invoiceDate: '2026-11-20' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: 'Debit payment added successfully.',
      updatedBalance: '1250.75',
      replaced: null,
      shipment: {
        jobNo: job.jobNo,
        consignee: PAYER.name,
        consignee_id: world.payerId,
        invoiceNo: 'INV-1',
        invoiceAmount: '250.25',
        invoiceDate: '2026-11-20',
        origin: job.originPort.OriginPortName,
        shipperName: '',
        blNo: '',
        containerNo: '',
      },
    });
    expect(before).toBe('1000.50');

    const again = await call('POST', `/api/shipments/adddebit/${job.jobNo}`, {
      ...head(),
      body: { invoiceNo: 'INV-1b', invoiceAmount: 200, invoiceDate: '2026-11-21' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      message: 'Invoice replaced successfully.',
      updatedBalance: '1200.50',
      replaced: { invoiceNo: 'INV-1', invoiceAmount: '250.25', invoiceDate: '2026-11-20' },
      shipment: { invoiceNo: 'INV-1b', invoiceAmount: '200.00', invoiceDate: '2026-11-21' },
    });
    const rows = await expectLedgerAddsUp(world.payerId);
    expect(rows.slice(-2)).toEqual([
      { kind: 'invoice', amount: '250.25', before: '1000.50', after: '1250.75', job_no: job.jobNo, credit_sr: null },
      { kind: 'invoice replaced', amount: '-50.25', before: '1250.75', after: '1200.50', job_no: job.jobNo, credit_sr: null },
    ]);
  });

  it('keeps what the job shows up to date from its events (BL and container in the records)', async () => {
    const job = jobs[0]!;
    jobs[0] = await saveBooking(shared, world.admin, job, { blNo: 'BL-ACC-1', containerNo: 'CONT-ACC-1' });
    const row = await until(async () => {
      const reply = await call('GET', `/api/shipments/invoicedshipments?q=bl-acc-1`, head());
      return reply.body.results.length === 1 ? reply.body.results[0] : undefined;
    }, 'the BL number in the debit records');
    expect(row).toMatchObject({ jobNo: job.jobNo, blNo: 'BL-ACC-1', containerNo: 'CONT-ACC-1' });
  });

  it('answers 404 "Shipment not found." for an unknown job number', async () => {
    const reply = await call('POST', '/api/shipments/adddebit/IMP-999999', {
      ...head(),
      body: { invoiceNo: 'X', invoiceAmount: '1', invoiceDate: '2026-11-20' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'NOT_FOUND', message: 'Shipment not found.' });
  });

  it.each([
    ['a blank invoice number', { invoiceNo: '   ' }, 'invoiceNo', 'Invoice No is required'],
    ['no amount', { invoiceAmount: '' }, 'invoiceAmount', 'Invoice Amount is required'],
    ['an amount that is not a number', { invoiceAmount: 'ten' }, 'invoiceAmount', 'Invoice Amount must be an amount such as 1234.50'],
    ['a negative amount', { invoiceAmount: '-5' }, 'invoiceAmount', 'Invoice Amount must not be negative'],
    ['3 decimals', { invoiceAmount: '1.005' }, 'invoiceAmount', 'Invoice Amount must have at most 2 decimals'],
    ['a date that is not a date', { invoiceDate: '2026-02-30' }, 'invoiceDate', 'Invoice Date must be a date (YYYY-MM-DD)'],
    ['no date', { invoiceDate: '' }, 'invoiceDate', 'Invoice Date is required'],
  ])('refuses %s (400 beside the field), writing nothing', async (_, change, field, message) => {
    const job = jobs[1]!;
    const body = { invoiceNo: 'INV-2', invoiceAmount: '10.00', invoiceDate: '2026-11-20', ...change };
    const reply = await call('POST', `/api/shipments/adddebit/${job.jobNo}`, { ...head(), body });
    expect(reply.status).toBe(400);
    expect(detailsOf(reply)[field]).toBe(message);
    expect(await accountsQuery(shared, `SELECT 1 FROM accounts.invoice WHERE job_no = $1`, [job.jobNo])).toEqual([]);
  });

  it('lists invoiced jobs with the summary of one consignee, paged, sorted and searched on the server', async () => {
    for (const [i, job] of jobs.slice(1).entries()) {
      const reply = await call('POST', `/api/shipments/adddebit/${job.jobNo}`, {
        ...head(),
        body: { invoiceNo: `INV-L${i}`, invoiceAmount: `${i + 1}0.00`, invoiceDate: `2026-11-2${2 + i}` },
      });
      expect(reply.status).toBe(200);
    }
    const all = await call('GET', `/api/shipments/invoicedshipments?consigneeName=${encodeURIComponent(PAYER.name.toUpperCase())}`, head());
    expect(all.status).toBe(200);
    expect(all.body.results.map((r: { invoiceNo: string }) => r.invoiceNo)).toEqual(['INV-L1', 'INV-L0', 'INV-1b']); // newest invoice first
    const balance = await balanceOf(shared, world.payerId);
    expect(all.body.summary).toEqual({
      consignee: PAYER.name,
      consignee_id: world.payerId,
      openingBalance: '1000.50',
      totalDebit: '230.00',
      grandTotal: '1230.50',
      totalCredit: expect.any(String),
      balance,
    });
    const page = await call('GET', '/api/shipments/invoicedshipments?sort=invoiceAmount&order=desc&page=2&pageSize=1', head());
    expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    expect(page.body.results.map((r: { invoiceAmount: string }) => r.invoiceAmount)).toEqual(['20.00']);
    const searched = await call('GET', '/api/shipments/invoicedshipments?q=inv-l', head());
    expect(searched.body.results).toHaveLength(2);
    const none = await call('GET', '/api/shipments/invoicedshipments?q=nothing-like-this', head());
    expect(none.body).toEqual({ success: true, results: [], summary: null, message: 'No debit records found.' });
    const unknown = await call('GET', '/api/shipments/invoicedshipments?consigneeName=Nobody', head());
    expect(unknown.status).toBe(400);
    expect(detailsOf(unknown).consigneeName).toBe('No consignee has this name');
  });

  it('keeps the invoice of a job deleted in the shipment service, and answers 404 for a new debit on it', async () => {
    const [doomed] = await payerJobs(shared, world, 1);
    const invoiced = await call('POST', `/api/shipments/adddebit/${doomed!.jobNo}`, {
      ...head(),
      body: { invoiceNo: 'INV-DEL', invoiceAmount: '1.00', invoiceDate: '2026-11-20' },
    });
    expect(invoiced.status).toBe(200);
    expect((await call('DELETE', `/api/shipments/delete/${doomed!.jobNo}`, head())).status).toBe(200);
    await until(
      async () =>
        (await accountsQuery(shared, `SELECT 1 FROM accounts.job WHERE job_no = $1 AND deleted_at IS NOT NULL`, [doomed!.jobNo])).length ? true : undefined,
      'the deletion in the copy',
    );
    const again = await call('POST', `/api/shipments/adddebit/${doomed!.jobNo}`, {
      ...head(),
      body: { invoiceNo: 'INV-DEL2', invoiceAmount: '2.00', invoiceDate: '2026-11-20' },
    });
    expect([again.status, again.body.message]).toEqual([404, 'Shipment not found.']);
    const listed = await call('GET', '/api/shipments/invoicedshipments?q=inv-del', head());
    expect(listed.body.results.map((row: { invoiceNo: string }) => row.invoiceNo)).toEqual(['INV-DEL']);
  });
});

describe('credits and the voucher counter', () => {
  it('adds, reads, edits and deletes a credit; each moves the balance and is a ledger row', async () => {
    const start = await balanceOf(shared, world.payerId);
    const added = await call('POST', '/api/credits/add', { ...head(), body: credit({ paymentType: 'Cheque', chequeNumber: 'CHQ-1', date: '2026-11-25' }) });
    expect(added.status).toBe(201);
    const { credit: made } = added.body;
    expect(added.body.message).toBe('Credit payment added successfully.');
    expect(made).toMatchObject({
      paymentType: 'Cheque',
      chequeNumber: 'CHQ-1',
      amount: '100.00',
      date: '2026-11-25',
      consigneeName: { _id: world.payerId, consigneeName: PAYER.name, openingBalance: '1000.50' },
    });
    expect(added.body.updatedBalance).toBe(fromCents(toCents(start) - 10000n));

    const read = await call('GET', `/api/credits/${made._id}`, head());
    expect(read.body).toEqual({ success: true, credit: made });

    const edited = await call('PUT', `/api/credits/edit/${made._id}`, {
      ...head(),
      body: { paymentType: 'Cash', amount: '80.5', chequeNumber: '', remarks: 'Less' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.credit).toMatchObject({
      credit_sr: made.credit_sr,
      paymentType: 'Cash',
      chequeNumber: '',
      amount: '80.50',
      remarks: 'Less',
      date: '2026-11-25',
    });
    expect(edited.body.updatedBalance).toBe(fromCents(toCents(start) - 8050n));

    const deleted = await call('DELETE', `/api/credits/delete/${made._id}`, head());
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ message: 'Credit payment deleted successfully.', updatedBalance: start });
    expect((await call('GET', `/api/credits/${made._id}`, head())).status).toBe(404);
    expect((await call('PUT', `/api/credits/edit/${made._id}`, { ...head(), body: credit() })).status).toBe(404);
    expect((await call('DELETE', `/api/credits/delete/${made._id}`, head())).status).toBe(404);
    const rows = await expectLedgerAddsUp(world.payerId);
    expect(rows.slice(-3).map((row) => [row.kind, row.amount, row.credit_sr])).toEqual([
      ['credit', '-100.00', made.credit_sr],
      ['credit edited', '19.50', made.credit_sr],
      ['credit deleted', '80.50', made.credit_sr],
    ]);
  });

  it.each([
    ['an unknown consignee', { consigneeName: 'Nobody at all' }, 'consigneeName', 'No consignee has this name'],
    ['a missing consignee', { consigneeName: '  ' }, 'consigneeName', 'Consignee is required'],
    ['a payment type that is neither', { paymentType: 'Card' }, 'paymentType', 'Payment type must be Cash or Cheque'],
    ['an amount that is not a number', { amount: '1,000' }, 'amount', 'Amount must be an amount such as 1234.50'],
    ['a negative amount', { amount: -3 }, 'amount', 'Amount must not be negative'],
    ['3 decimals', { amount: '0.001' }, 'amount', 'Amount must have at most 2 decimals'],
    ['an amount of 0', { amount: '0' }, 'amount', 'Amount must be more than 0'],
    ['a cheque without a number', { paymentType: 'Cheque', chequeNumber: ' ' }, 'chequeNumber', 'Cheque number is required for a cheque payment'],
    ['a cheque number on cash', { paymentType: 'Cash', chequeNumber: 'CHQ-9' }, 'chequeNumber', 'A cash payment has no cheque number'],
    ['a date that is not a date', { date: '26/11/2026' }, 'date', 'Date must be a date (YYYY-MM-DD)'],
  ])('refuses %s (400 beside the field), writing nothing and taking no voucher number', async (_, change, field, message) => {
    const counter = await call('POST', '/api/vouchercounter/get', head());
    const reply = await call('POST', '/api/credits/add', { ...head(), body: credit(change) });
    expect(reply.status).toBe(400);
    expect(detailsOf(reply)[field]).toBe(message);
    expect((await call('POST', '/api/vouchercounter/get', head())).body).toEqual(counter.body);
  });

  it('refuses a bad edit (400) and answers 404 for a malformed id', async () => {
    const added = await call('POST', '/api/credits/add', { ...head(), body: credit() });
    const bad = await call('PUT', `/api/credits/edit/${added.body.credit._id}`, { ...head(), body: { paymentType: 'Cheque', amount: '5' } });
    expect(bad.status).toBe(400);
    expect(detailsOf(bad).chequeNumber).toBe('Cheque number is required for a cheque payment');
    expect((await call('GET', '/api/credits/not-a-uuid', head())).body).toMatchObject({ code: 'NOT_FOUND', message: 'Credit not found.' });
  });

  it('lists credits newest voucher first, paged, filtered by consignee and searched', async () => {
    const list = await call('GET', '/api/credits/all', head());
    expect(list.status).toBe(200);
    const numbers = list.body.results.map((c: { credit_sr: number }) => c.credit_sr);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const page = await call('GET', `/api/credits/all?consigneeName=${encodeURIComponent(PAYER.name)}&page=1&pageSize=1&sort=amount&order=asc`, head());
    expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(list.body.results.length));
    expect(page.body.results).toHaveLength(1);
    expect((await call('GET', `/api/credits/all?q=${numbers[0]}`, head())).body.results.map((c: { credit_sr: number }) => c.credit_sr)).toContain(numbers[0]);
  });

  it('sets the voucher counter, never below a voucher number in use (409), a deleted one included', async () => {
    const added = await call('POST', '/api/credits/add', { ...head(), body: credit() });
    const used = added.body.credit.credit_sr as number;
    await call('DELETE', `/api/credits/delete/${added.body.credit._id}`, head());
    const low = await call('POST', '/api/vouchercounter/set', { ...head(), body: { newCounterValue: used - 1 } });
    expect(low.status).toBe(409);
    expect(low.body.message).toBe(
      `The voucher counter cannot be set below ${used}: voucher number ${used} is already in use, so the next credit would repeat a number.`,
    );
    const bad = await call('POST', '/api/vouchercounter/set', { ...head(), body: { newCounterValue: -1 } });
    expect(bad.status).toBe(400);
    expect(detailsOf(bad).newCounterValue).toBe('Invalid counter value. Please enter a positive number.');
    const set = await call('POST', '/api/vouchercounter/set', { ...head(), body: { newCounterValue: used + 100 } });
    expect(set.body).toEqual({ counter: used + 100, message: 'Voucher counter updated successfully' });
    const next = await call('POST', '/api/credits/add', { ...head(), body: credit() });
    expect(next.body.credit.credit_sr).toBe(used + 101);
  });

  it('answers a repeated Idempotency-Key with the first credit, recorded once', async () => {
    const headers = { 'idempotency-key': `credit-${Date.now()}` };
    const first = await call('POST', '/api/credits/add', { ...head(), headers, body: credit({ amount: '7.00' }) });
    const repeat = await call('POST', '/api/credits/add', { ...head(), headers, body: credit({ amount: '7.00' }) });
    expect(first.status).toBe(201);
    expect(repeat.body.credit).toEqual(first.body.credit);
    const rows = await accountsQuery(shared, `SELECT 1 FROM accounts.ledger WHERE credit_id = $1`, [first.body.credit._id]);
    expect(rows).toHaveLength(1);
  });
});

describe('deleting a consignee', () => {
  it('is refused (409) while an invoice or a credit names it, and allowed once none does', async () => {
    const bolt = (await accountsQuery<{ id: string }>(shared, `SELECT id::text FROM accounts.consignee WHERE name = 'Consignee bolt'`))[0]!.id;
    const paid = await call('POST', '/api/credits/add', { ...head(), body: credit({ consigneeName: 'Consignee bolt' }) });
    expect(paid.status).toBe(201);
    const refused = await call('DELETE', `/api/consignees/delete/${bolt}`, head());
    expect([refused.status, refused.body.message]).toEqual([409, 'This consignee is used by 1 account entry and cannot be deleted.']);
    await call('DELETE', `/api/credits/delete/${paid.body.credit._id}`, head());
    expect((await call('DELETE', `/api/consignees/delete/${bolt}`, head())).status).toBe(200);
  });
});

describe('under load', () => {
  it('200 concurrent debits and credits on one consignee end with the exact balance and a ledger that adds up', async () => {
    const own = await payerJobs(shared, world, 20);
    const start = toCents(await balanceOf(shared, world.payerId));
    // 100 debits (each of the 20 jobs invoiced 5 times; the last one of a job counts) and 100 credits.
    const debits = own.flatMap((job, j) =>
      [1, 2, 3, 4, 5].map((n) => ({ job, amount: `${j}.${String(n).padStart(2, '0')}`, body: { invoiceNo: `LOAD-${j}-${n}`, invoiceDate: '2026-11-26' } })),
    );
    const credits = Array.from({ length: 100 }, (_, i) => ({ amount: `${i + 1}.01` }));
    const replies = await Promise.all([
      ...debits.map(({ job, amount, body }) => call('POST', `/api/shipments/adddebit/${job.jobNo}`, { ...head(), body: { ...body, invoiceAmount: amount } })),
      ...credits.map(({ amount }) => call('POST', '/api/credits/add', { ...head(), body: credit({ amount }) })),
    ]);
    expect(statusCounts(replies)).toEqual({ 200: 100, 201: 100 });
    const invoices = await accountsQuery<{ amount: string }>(shared, `SELECT amount::text FROM accounts.invoice WHERE job_no = ANY($1)`, [
      own.map((j) => j.jobNo),
    ]);
    const debited = invoices.reduce((sum, row) => sum + toCents(row.amount), 0n);
    const credited = credits.reduce((sum, c) => sum + toCents(c.amount), 0n);
    expect(await balanceOf(shared, world.payerId)).toBe(fromCents(start + debited - credited));
    await expectLedgerAddsUp(world.payerId);
  }, 120_000);

  it('200 identical credits sent at once with one Idempotency-Key record one credit, answered to all', async () => {
    const headers = { 'idempotency-key': `burst-${Date.now()}` };
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => call('POST', '/api/credits/add', { ...head(), headers, body: credit({ amount: '3.33' }) })),
    );
    expect(statusCounts(replies)).toEqual({ 201: 200 });
    expect(new Set(replies.map((r) => r.body.credit._id)).size).toBe(1);
    expect(await accountsQuery(shared, `SELECT 1 FROM accounts.ledger WHERE credit_id = $1`, [replies[0]!.body.credit._id])).toHaveLength(1);
  }, 120_000);

  it('refuses bad bodies with 400, never a 500: not an object, an amount too large, text too long, a control character', async () => {
    const sends = [
      call('POST', '/api/credits/add', { ...head(), body: [credit()] }),
      call('POST', '/api/credits/add', { ...head(), body: credit({ amount: '1234567890123.00' }) }),
      call('POST', '/api/credits/add', { ...head(), body: credit({ amount: 1e21 }) }),
      call('POST', '/api/credits/add', { ...head(), body: credit({ remarks: 'x'.repeat(501) }) }),
      call('POST', `/api/shipments/adddebit/${jobs[0]!.jobNo}`, {
        ...head(),
        body: { invoiceNo: 'INV\u0000', invoiceAmount: '1.00', invoiceDate: '2026-11-20' },
      }),
      call('POST', `/api/shipments/adddebit/${jobs[0]!.jobNo}`, {
        ...head(),
        body: { invoiceNo: 'x'.repeat(61), invoiceAmount: '1.00', invoiceDate: '2026-11-20' },
      }),
      call('GET', '/api/credits/all?pageSize=1000&page=1', head()),
      call('GET', '/api/shipments/invoicedshipments?sort=nothing', head()),
      call('GET', `/api/accounts/balances?consignee_ids=${Array.from({ length: 101 }, (_, i) => i).join(',')}`, head()),
    ];
    const replies = await Promise.all(sends);
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 400));
    expect(detailsOf(replies[1]!).amount).toBe('Amount is too large');
  });

  it('200 concurrent credits get 200 distinct, consecutive voucher numbers', async () => {
    const before = (await call('POST', '/api/vouchercounter/get', head())).body.counter as number;
    const replies = await Promise.all(Array.from({ length: 200 }, () => call('POST', '/api/credits/add', { ...head(), body: credit({ amount: '1.00' }) })));
    expect(statusCounts(replies)).toEqual({ 201: 200 });
    const numbers = replies.map((r) => r.body.credit.credit_sr as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => before + 1 + i));
    expect((await call('POST', '/api/vouchercounter/get', head())).body.counter).toBe(before + 200);
  }, 120_000);
});

// Money as the tests add it up: whole cents, never a float.
function toCents(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}
function fromCents(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
