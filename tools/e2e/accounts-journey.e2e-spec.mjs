import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfText, until } from '@freight/server-testing';
import { apiAs as api, launchBrowser, recordCspViolations, signInThroughApi, signInWithForm, target } from './browser.mjs';
import { LAPTOP, checkScreen } from './check-screen.mjs';

// The accounts remote through the real console, gateway, accounts, shipment and directory
// services, Postgres and NATS (issue 10): the Head opens the hub from the sidebar, invoices a job,
// re-invoices it with a new amount and sees the balance move by the difference, reads the debit
// records and the consignee's summary, adds a cheque and a cash credit, edits one (back on the
// credit records 1,500 ms later), deletes one after confirming, and the consignee's screen of
// master data shows the same balance, and so does the consignee's statement of account, on screen,
// downloaded as CSV and as PDF; the voucher counter refuses a number in use; a failing list
// says so; an Admin is refused. Each screen is checked at 390 and 1366 px with axe-core
// (checkScreen). The master data and the job are set up through the API first.
const { url, head } = target();
const run = Date.now().toString(36).slice(-5);
const consignee = `Harbour Foods ${run}`;
const admin = { fullName: `Ruwan Jayasuriya ${run}`, username: `ruwan.${run}`, password: 'lagoon-signal-amber-52' };
const ACCOUNTS = '/admindashboard/accounts';

let browser;
let page;
let cspViolations;
let consigneeId;
let jobNo;

const visible = (locator) => locator.waitFor({ state: 'visible' });

/** Asks `attempt` again until it gives a value (the services learn new names and jobs from each other's events). */
const eventually = (what, attempt) => until(attempt, what, 20_000, 250);

/** The consignee (opening balance Rs. 1,000.00), what a job names, an Admin, and the Head's job. */
async function setUp() {
  const { token, fullName } = await signInThroughApi(head);
  const branch = `Galle ${run}`;
  const origin = `Port Klang ${run}`;
  const type = `FCL ${run}`;
  const term = `CIF ${run}`;
  const added = await api('POST', 'consignees/add', token, {
    consigneeName: consignee,
    username: `harbourfoods.${run}`,
    password: 'coconut-reef-lantern-7',
    email: `accounts.${run}@harbourfoods.example`,
    handlingPersonName: 'Dilani',
    openingBalance: '1000.00',
  });
  const created = [
    added,
    await api('POST', 'branches/add', token, { BranchCity: branch, Location: '1 Fort Road', Contact: '+94 91 222 3344', Code: `G${run}`.toUpperCase() }),
    await api('POST', 'origins/add', token, { OriginPortName: origin, OriginPortLocation: 'Malaysia' }),
    await api('POST', 'ShipmentType/add', token, { TypeofShipment: type }),
    await api('POST', 'ShipmentTerm/add', token, { TermofShipment: term }),
    await api('POST', 'users/add', token, {
      ...admin,
      email: `${admin.username}@example.com`,
      branchCity: branch,
      contact: '+94 77 765 4321',
      role: 'Admin',
      department: 'Import',
    }),
  ];
  expect(created.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201, 201]);
  consigneeId = added.body.consignee.consignee_id;
  const job = {
    direction: 'Import',
    userName: fullName,
    consigneeName: consignee,
    originPort: origin,
    typeOfShipment: type,
    termOfShipment: term,
    ShipmentStatus: 'Booking Confirmed',
    date: '2026-11-20',
    branchCity: branch,
  };
  jobNo = await eventually('the job', async () => {
    const reply = await api('POST', 'shipments/branchadminadd', token, job);
    return reply.status === 201 ? reply.body.shipment.jobNo : undefined;
  });
  // The accounts service keeps the consignee from the directory's events.
  await eventually('the consignee in the accounts', async () =>
    (await api('GET', `accounts/balance/${consigneeId}`, token)).status === 200 ? true : undefined,
  );
}

/** Opens a link (a tile, a button) and waits for the screen's heading. */
async function follow(link, heading) {
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

/** The message above a form (a success is a status, a failure an alert). */
const said = (text) => page.getByRole('main').getByText(text, { exact: true });

/**
 * Sends the debit form, again while the accounts service has not yet learnt the job ("Shipment not found.");
 * `replaces`: the question the form must ask before replacing the job's invoice, answered Replace invoice.
 */
async function invoice(invoiceNo, amount, expected, replaces) {
  await page.getByLabel('Job Number').fill(jobNo);
  await page.getByLabel('Invoice No').fill(invoiceNo);
  await page.getByLabel('Invoice Amount').fill(amount);
  await page.getByLabel('Invoice Date').fill('2026-11-24');
  await eventually('the job in the accounts', async () => {
    await page.getByRole('button', { name: 'Add Debit Payment' }).click();
    if (replaces) {
      const dialog = page.getByRole('dialog', { name: 'Replace the invoice?' });
      await visible(dialog.getByText(replaces, { exact: true }));
      await checkScreen(page, 'asked before replacing an invoice');
      await dialog.getByRole('button', { name: 'Replace invoice' }).click();
    }
    const outcome = page.getByRole('main').getByRole('status').or(page.getByRole('main').getByRole('alert')).first();
    await visible(outcome);
    const text = await outcome.textContent();
    if (text === 'Shipment not found.') {
      await page.getByLabel('Job Number').fill(jobNo);
      await page.getByLabel('Invoice No').fill(invoiceNo);
      await page.getByLabel('Invoice Amount').fill(amount);
      await page.getByLabel('Invoice Date').fill('2026-11-24');
      return undefined;
    }
    return text;
  }).then((text) => expect(text).toBe(expected));
}

/** A row of a records table by a cell's text. */
const row = (text) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

beforeAll(async () => {
  await setUp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: LAPTOP });
  page.setDefaultTimeout(10_000);
  cspViolations = await recordCspViolations(page.context());
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the accounts through the console and the accounts remote', () => {
  it('opens the hub from the sidebar: six tiles and the signed-in role', async () => {
    await signInWithForm(page, head, '/admindashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('heading', { name: 'Accounts' }).waitFor();
    for (const tile of ['Debit Payments', 'View Debit Entries', 'Credit Payments', 'View Credit Entries', 'Credit Counter', 'Statement of Account'])
      await visible(page.getByRole('link', { name: tile, exact: true }));
    await visible(page.getByText('Signed in as: Head'));
    await checkScreen(page, 'accounts hub (Head)');
  });

  it('invoices a job, then re-invoices it: the balance moves by the difference', async () => {
    await follow('Debit Payments', 'Add Debit Payment');
    await page.getByRole('button', { name: 'Add Debit Payment' }).click();
    await visible(page.getByText('⚠ Enter a Job Number before submitting.'));
    await visible(page.getByText('⚠ Invoice Date is required.'));
    await checkScreen(page, 'add debit with missing fields');
    // Opening 1,000.00 + invoice 1,500.00.
    await invoice(`INV-${run}-1`, '1500', '✅ Debit payment added successfully. Updated Balance: Rs. 2,500.00');
    await checkScreen(page, 'debit added');
    // The same job again, for 2,000.25: the balance moves by 500.25.
    await page.getByLabel('Job Number').fill(jobNo);
    await page.getByRole('button', { name: 'Find Shipment' }).click();
    await visible(page.getByText(`INV-${run}-1, Rs. 1,500.00, 24/11/2026`));
    await invoice(
      `INV-${run}-2`,
      '2000.25',
      '✅ Invoice replaced successfully. Updated Balance: Rs. 3,000.25',
      `${jobNo} already has invoice INV-${run}-1 of Rs. 1,500.00. Replace it with invoice INV-${run}-2 of Rs. 2,000.25? The balance owed moves by the difference.`,
    );
  });

  it("lists the debit records on the server and the consignee's summary (opening, total debit, grand total)", async () => {
    await page.goto(`${url}${ACCOUNTS}`);
    await follow('View Debit Entries', 'Debit Records');
    await page.getByRole('combobox', { name: /^Consignee/ }).selectOption(consignee);
    const summary = page.getByRole('region', { name: `Summary of ${consignee}` });
    await visible(summary);
    for (const figure of ['Rs. 1,000.00', 'Rs. 2,000.25', 'Rs. 3,000.25']) await visible(summary.getByText(figure, { exact: true }).first());
    await visible(row(jobNo));
    await expect(row(jobNo).textContent()).resolves.toContain(`INV-${run}-2`);
    await checkScreen(page, 'debit records of one consignee');
  });

  it('adds a cheque and a cash credit, numbered by the voucher counter', async () => {
    await page.goto(`${url}${ACCOUNTS}/creditpayment`);
    await page.getByRole('heading', { name: 'Add Credit Payment' }).waitFor();
    await page.getByRole('button', { name: 'Add Credit Payment' }).click();
    await visible(page.getByText('⚠ Please fill all required fields.'));
    await page.getByRole('combobox', { name: /^Consignee/ }).selectOption(consignee);
    await page.getByLabel('Payment Type').selectOption('Cheque');
    await page.getByLabel('Amount').fill('500');
    await page.getByRole('button', { name: 'Add Credit Payment' }).click();
    await visible(page.getByText('Cheque number is required for a cheque payment'));
    await checkScreen(page, 'cheque credit without its number');
    await page.getByLabel('Cheque Number').fill(`CHQ-${run}`);
    await page.getByRole('button', { name: 'Add Credit Payment' }).click();
    await visible(page.getByText(new RegExp(`^Credit payment added successfully\\. Voucher No\\. \\d+\\. Balance owed by ${consignee}: Rs\\. 2,500\\.25\\.$`)));
    await checkScreen(page, 'credit added');
    await page.getByRole('combobox', { name: /^Consignee/ }).selectOption(consignee);
    await page.getByLabel('Payment Type').selectOption('Cash');
    await expect(page.getByLabel('Cheque Number').count()).resolves.toBe(0);
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Add Credit Payment' }).click();
    await visible(page.getByText(/Balance owed by .*: Rs\. 2,400\.25\.$/));
  });

  it('edits the cheque credit (back on Credit Records 1,500 ms later) and deletes the cash one after confirming', async () => {
    await follow('Credit Records', 'Credit Records');
    await page.getByRole('combobox', { name: /^Consignee/ }).selectOption(consignee);
    await visible(row(`CHQ-${run}`));
    await checkScreen(page, 'credit records of one consignee');
    const cheque = row(`CHQ-${run}`);
    await cheque.getByRole('link', { name: /^Edit credit voucher/ }).click();
    await page.getByRole('heading', { name: 'Edit Credit' }).waitFor();
    await expect(page.getByLabel('Cheque Number').inputValue()).resolves.toBe(`CHQ-${run}`);
    await page.getByLabel('Amount').fill('600');
    await page.getByRole('button', { name: 'Update Credit' }).click();
    await visible(said('Credit payment updated successfully.'));
    await checkScreen(page, 'credit edited');
    await page.waitForURL((u) => u.pathname === `${ACCOUNTS}/viewcredit`);

    await page.getByRole('combobox', { name: /^Consignee/ }).selectOption(consignee);
    const cash = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Cash', exact: true }) });
    await visible(cash);
    await cash.getByRole('button', { name: /^Delete credit voucher/ }).click();
    await visible(page.getByRole('dialog'));
    await checkScreen(page, 'delete credit confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Credit payment deleted successfully.'));
    await cash.waitFor({ state: 'detached' });
    await visible(page.getByRole('cell', { name: 'Rs. 600.00', exact: true }));
  });

  it("the consignee's screen and the consignee list of master data show the same balance: 1,000.00 + 2,000.25 − 600.00", async () => {
    await page.goto(`${url}/admindashboard/administrativetools/viewconsignee/${consigneeId}`);
    await page.getByRole('heading', { name: 'View Consignee' }).waitFor();
    await visible(page.getByRole('row', { name: 'Current Balance Rs. 2,400.25' }));
    await checkScreen(page, 'consignee with its balance');
    await page.goto(`${url}/admindashboard/administrativetools/manageconsignee`);
    await page.getByLabel('Search by consignee name').fill(consignee);
    await visible(row(consignee).getByRole('cell', { name: 'Rs. 2,400.25', exact: true }));
    await checkScreen(page, 'consignee list with the balances owed');
  });

  it('the statement of account agrees, on screen, in the CSV and in the PDF: 1,000.00 + 2,000.25 − 600.00 = 2,400.25', async () => {
    await page.goto(`${url}${ACCOUNTS}/statement?consignee=${consigneeId}&from=2026-01-01&to=2026-12-31`);
    await page.getByRole('heading', { name: 'Statement of Account' }).waitFor();
    const figure = (label) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await visible(page.getByText(`${consignee}: 01/01/2026 to 31/12/2026`));
    await expect(figure('Closing balance').textContent()).resolves.toBe('Rs. 2,400.25');
    // As the consignee reads it: the documents as they stand (the replaced invoice, the edited cheque), no deleted payment.
    for (const line of [`Invoice INV-${run}-2`, `Cheque CHQ-${run}`]) await visible(page.getByRole('cell', { name: line, exact: true }));
    await expect(page.getByRole('cell', { name: /now Rs\.|deleted/ }).count()).resolves.toBe(0);
    await checkScreen(page, "the consignee's statement");
    // The Head's ledger view keeps every correction.
    await page.getByRole('button', { name: 'Ledger (every correction)' }).click();
    for (const line of [`Invoice INV-${run}-2, now Rs. 2,000.25`, `Cheque CHQ-${run}, now Rs. 600.00`]) await visible(page.getByRole('cell', { name: line }));
    await expect(figure('Closing balance').textContent()).resolves.toBe('Rs. 2,400.25');
    await checkScreen(page, "the consignee's ledger");
    await page.getByRole('button', { name: 'Statement', exact: true }).click();
    await visible(page.getByRole('cell', { name: `Cheque CHQ-${run}`, exact: true }));

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const rows = (await readFile(await csv.path(), 'utf8')).trim().split('\r\n');
    expect(rows.at(-1)).toBe('"31/12/2026","Carried forward","","","","","2400.25"');

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const text = (await pdfText(new Uint8Array(await readFile(await pdf.path())))).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(consignee);
    expect(text).toContain('Closing balance Rs. 2,400.25');
    expect(text).toContain(`Cheque CHQ-${run} Rs. 600.00`);
    expect(text).not.toMatch(/now Rs\.|deleted/);
  });

  it('the voucher counter refuses a number in use, with the reason', async () => {
    await page.goto(`${url}${ACCOUNTS}`);
    await follow('Credit Counter', 'Manage Voucher Counter');
    await visible(page.getByText('Current counter:'));
    await page.getByLabel('New counter value').fill('0');
    await page.getByRole('button', { name: 'Update Counter' }).click();
    await visible(page.getByText(/^The voucher counter cannot be set below \d+/));
    await checkScreen(page, 'voucher counter refused');
  });

  it('a list the gateway cannot answer says so in the spec’s words', async () => {
    await page.route('**/api/shipments/invoicedshipments*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(`${url}${ACCOUNTS}/viewdebit`);
    await visible(page.getByText('Error fetching invoiced shipments.'));
    await checkScreen(page, 'debit records failing');
    await page.unroute('**/api/shipments/invoicedshipments*');
  });

  it('refuses an Admin the accounts', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await signInWithForm(page, admin, '/admindashboard');
    await page.goto(`${url}${ACCOUNTS}/viewcredit`);
    await visible(page.getByRole('heading', { name: 'You do not have permission' }));
    await checkScreen(page, 'accounts refused (Admin)');
    expect(cspViolations).toEqual([]);
  });
});
