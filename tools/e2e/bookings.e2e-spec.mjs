/* global getComputedStyle */ // used in a page.evaluate callback, which runs in the browser
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobMailTexts, JobTexts } from '@freight/contracts';
import { waitFor } from '../dev/net.mjs';
import { launchBrowser, pick, recordCspViolations, signInThroughApi, signInWithForm, target } from './browser.mjs';
import { addBooking as addProceededBooking } from './booking-setup.mjs';
import { LAPTOP, PHONE, checkScreen } from './check-screen.mjs';

// The Daily Booking Sheet, Edit and View booking, vessels and agents, through the real console,
// jobs remote, gateway, shipment and directory services, Postgres and NATS. The Head sets up
// master data, an Admin and an Employee, and three jobs through the API (the job screens are
// tested in their own journey); the Admin works the booking sheet at laptop and phone width,
// fills a booking, loses a race to a colleague's save (409), keeps vessels and agents; the
// Employee sees only their own bookings, read-only vessels, and is refused another's booking.
// Every screen and state on the way passes checkScreen (no sideways overflow, Log Out on
// screen, no serious or critical axe-core violation at 390 and 1366 px).
const { url, head, mailInbox } = target();
const run = Date.now().toString(36).slice(-5);
const branch = { BranchCity: `Matara ${run}`, Location: 'Beach Road', Contact: '+94 41 222 3344', Code: `M${run}`.toUpperCase() };
const consignee = `Ceylon Spice ${run}`;
const consigneeEmail = `ops.${run}@ceylon.example`;
const origin = `Qingdao ${run}`;
const type = `LCL ${run}`;
const term = `FOB ${run}`;
const shipper = `Qingdao Exports ${run}`;
const admin = { fullName: `Dilani Fernando ${run}`, username: `dilani.${run}`, email: `dilani.${run}@example.com`, password: 'monsoon-ledger-harbour-8' };
const employee = { fullName: `Sunil Jayasuriya ${run}`, username: `sunil.${run}`, email: `sunil.${run}@example.com`, password: 'cinnamon-dock-lantern-5' };
const vessel = { origin: `Busan ${run}`, details: 'HMM Algeciras, cut-off Thursday' };

let browser;
let page;
let cspViolations;
let headToken;
/** The three bookings: the employee's (active), the admin's (active) and the admin's (inactive). */
const jobs = {};

/** A call of the API with the Head's token (or `token`); the reply's JSON, failing on an error status. */
async function call(method, path, body, token = headToken) {
  const reply = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
  return JSON.parse(text);
}

/** A new inquiry assigned to `assignee`, then made a booking; then `changes` to the booking, if any. */
async function addBooking(assignee, changes = {}) {
  const proceeded = await addProceededBooking(call, {
    consigneeName: consignee,
    originPort: origin,
    typeOfShipment: type,
    termOfShipment: term,
    branchCity: branch.BranchCity,
    userName: assignee.username,
  });
  if (Object.keys(changes).length === 0) return proceeded;
  const { shipment: changed } = await call('PUT', `/shipments/updatebooking/${proceeded.jobNo}`, { ...changes, version: proceeded.version });
  return changed;
}

/** The booking's editable fields as the update call takes them (names for references), from a booking as read. */
const bookingBody = (job) => ({
  ...Object.fromEntries(
    ['ShipmentStatus', 'statusOfShipment', 'cartoons', 'cbm', 'weight', 'blNo', 'containerNo', 'Vesselname', 'bookingNo'].map((f) => [f, job[f]]),
  ),
  ...Object.fromEntries(['etd', 'eta', 'whArrivalDate', 'deStuff', 'doIssue'].map((f) => [f, job[f]?.slice(0, 10) ?? null])),
  shipperName: job.shipperName?.shipperName ?? null,
  forwarderName: job.forwarderName?.Forwarder ?? null,
  yardName: job.yardName?.YardName ?? null,
  jobStatus: job.jobStatus,
  proceedToProceeding: job.proceedToProceeding,
  remarks: job.remarks,
});

const visible = (locator) => locator.waitFor({ state: 'visible' });
const sheet = () => page.getByRole('table', { name: 'Daily Booking Sheet' });
const jobCell = (jobNo) => sheet().getByRole('cell', { name: jobNo, exact: true });
/** The sheet's row of the job (the inner locator of `has` is matched inside the row). */
const rowOf = (jobNo) =>
  sheet()
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: jobNo, exact: true }) });
const showStatus = (label) => page.getByLabel('Job status').selectOption({ label });
/** Until the toasts have gone (a toast sliding out of view would count as sideways overflow in checkScreen). */
const toastsGone = () => page.locator('.mantine-Notifications-root').getByRole('alert').first().waitFor({ state: 'detached' });
const toast = (text) => page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: text }).first();

const signIn = (who, landing) => signInWithForm(page, who, landing);

async function signOut() {
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** The booking sheet's rows' job numbers, top to bottom. */
const sheetJobNumbers = () =>
  sheet()
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim()));

/** Search the sheet and wait until it shows exactly these job numbers (in this order). */
async function searchSheet(text, expected) {
  await page.getByLabel('Search bookings').fill(text);
  await waitForRows(expected);
}

/** Wait until `check` is true (10 s at most). */
async function waitUntil(check) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${check}`);
    await page.waitForTimeout(100);
  }
}

async function waitForRows(expected) {
  const deadline = Date.now() + 10_000;
  let rows = [];
  while (Date.now() < deadline) {
    rows = await sheetJobNumbers();
    if (JSON.stringify(rows) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(rows).toEqual(expected);
}

beforeAll(async () => {
  ({ token: headToken } = await signInThroughApi(head));
  await call('POST', '/branches/add', branch);
  await call('POST', '/consignees/add', {
    consigneeName: consignee,
    username: `ceylon.${run}`,
    email: consigneeEmail,
    handlingPersonName: 'Nadeesha',
    password: 'tea-garden-harbour-44',
  });
  await call('POST', '/shippers/add', {
    shipperName: shipper,
    username: `qingdao.${run}`,
    email: `ops.${run}@qingdao.example`,
    handlingPersonName: 'Li Wei',
    password: 'yellow-sea-crane-77',
    address: '8 Harbour Road, Qingdao',
    mobile: '+86 532 1234 5678',
  });
  await call('POST', '/origins/add', { OriginPortName: origin, OriginPortLocation: 'China' });
  await call('POST', '/ShipmentType/add', { TypeofShipment: type });
  await call('POST', '/ShipmentTerm/add', { TermofShipment: term });
  const staff = { branchCity: branch.BranchCity, contact: '+94 77 555 0101', department: 'Import' };
  await call('POST', '/users/add', { ...admin, ...staff, role: 'Admin' });
  await call('POST', '/users/add', { ...employee, ...staff, role: 'Employee' });
  jobs.employees = await addBooking(employee);
  jobs.admins = await addBooking(admin, { shipperName: shipper, Vesselname: 'Zephyr', jobStatus: true });
  jobs.inactive = await addBooking(admin, { jobStatus: false });

  browser = await launchBrowser();
  page = await browser.newPage({ viewport: LAPTOP });
  page.setDefaultTimeout(10_000);
  cspViolations = await recordCspViolations(page.context());
});

afterAll(async () => {
  await browser?.close();
});

describe('the Daily Booking Sheet and the bookings', () => {
  it('Admin: the sheet searches, filters Active / Inactive / All and sorts on the server, and highlights a clicked row', async () => {
    await signIn(admin, '/admindashboard');
    await page.goto(`${url}/manageimportadmin`);
    await page.getByRole('link', { name: 'Daily Booking Sheet' }).click();
    await page.waitForURL((u) => u.pathname === '/importbooklist');
    await visible(page.getByRole('heading', { name: 'Daily Booking Sheet' }));
    // Newest job first until a column is sorted.
    await searchSheet(consignee, [jobs.admins.jobNo, jobs.employees.jobNo]);
    await checkScreen(page, 'booking sheet, active bookings (Admin)');

    await showStatus('All');
    await waitForRows([jobs.inactive.jobNo, jobs.admins.jobNo, jobs.employees.jobNo]);
    const inactiveRow = rowOf(jobs.inactive.jobNo);
    await visible(inactiveRow.getByText('Inactive', { exact: true }));
    await showStatus('Inactive');
    await waitForRows([jobs.inactive.jobNo]);
    // "active" typed in the search matches the job status (requirements 02 §5), here with the All filter.
    await showStatus('All');
    await page.getByLabel('Search bookings').fill('inactive');
    await visible(jobCell(jobs.inactive.jobNo));
    const statuses = () => sheet().locator('tbody tr td:nth-child(15)').allTextContents();
    await waitUntil(async () => (await statuses()).every((status) => status === 'Inactive'));

    // Sort on the server: Job No ascending, then descending.
    await searchSheet(consignee, [jobs.inactive.jobNo, jobs.admins.jobNo, jobs.employees.jobNo]);
    await page.getByRole('button', { name: /^Job No/ }).click();
    await waitForRows([jobs.employees.jobNo, jobs.admins.jobNo, jobs.inactive.jobNo].sort());
    await page.getByRole('button', { name: /^Job No/ }).click();
    await waitForRows([jobs.employees.jobNo, jobs.admins.jobNo, jobs.inactive.jobNo].sort().reverse());
    await expect(page.getByRole('columnheader', { name: /^Job No/ }).getAttribute('aria-sort')).resolves.toBe('descending');

    const row = rowOf(jobs.admins.jobNo);
    await row.getByRole('cell', { name: 'Zephyr' }).click();
    await expect(row.getAttribute('data-highlighted')).resolves.toBe('true');
    await checkScreen(page, 'booking sheet, all bookings with a highlighted row (Admin)');
    await row.getByRole('cell', { name: 'Zephyr' }).click();
    await expect(row.getAttribute('data-highlighted')).resolves.toBeNull();
  });

  it('on a phone the job number and the row actions stay on screen while the columns between scroll', async () => {
    await page.setViewportSize(PHONE);
    const row = rowOf(jobs.admins.jobNo);
    const edit = row.getByRole('link', { name: `Edit booking ${jobs.admins.jobNo}` });
    const inView = async (locator) => {
      const box = await locator.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
    };
    await expect(inView(edit)).resolves.toBe(true);
    // Scroll the table's own container to its far end and back: both edges stay put.
    for (const to of ['end', 'start']) {
      // The nearest box that scrolls sideways: the table is wider than the phone, so there is one.
      const scrolled = await sheet().evaluate((table, where) => {
        let box = table.parentElement;
        while (box && !(['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth)) box = box.parentElement;
        if (!box) return -1;
        box.scrollLeft = where === 'end' ? box.scrollWidth : 0;
        return box.scrollLeft;
      }, to);
      expect(to === 'end' ? scrolled > 0 : scrolled === 0).toBe(true);
      await expect(inView(jobCell(jobs.admins.jobNo))).resolves.toBe(true);
      await expect(inView(edit)).resolves.toBe(true);
    }
    await page.setViewportSize(LAPTOP);
  });

  it('Admin: Edit Booking shows the fixed fields disabled, puts the server refusal under ETA, saves, and the sheet shows the change', async () => {
    const jobNo = jobs.employees.jobNo;
    await rowOf(jobNo)
      .getByRole('link', { name: `Edit booking ${jobNo}` })
      .click();
    await page.waitForURL((u) => u.pathname === `/editbooking/${jobNo}`);
    await visible(page.getByRole('heading', { name: 'Edit Booking' }));
    for (const [label, value] of [
      ['Branch City', branch.BranchCity],
      ['Consignee', consignee],
      ['Origin Port', origin],
      ['Type of Shipment', type],
      ['Term of Shipment', term],
    ]) {
      await expect(page.getByLabel(label, { exact: true }).inputValue()).resolves.toBe(value);
      await expect(page.getByLabel(label, { exact: true }).isDisabled()).resolves.toBe(true);
    }
    await pick(page, 'Shipper', shipper);
    await page.getByLabel('BL No').fill(`BL${run}`);
    await page.getByLabel('Container No').fill('MSKU7654321');
    await page.getByLabel('Vessel Name').fill('Maersk Kolkata');
    await page.getByLabel('ETD').fill('2026-12-05');
    await page.getByLabel('ETA').fill('2026-12-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(JobTexts.etaBeforeEtd, { exact: true }));
    await checkScreen(page, 'edit booking refused: ETA before ETD');
    await page.getByLabel('ETA').fill('2026-12-28');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(toast(JobTexts.bookingUpdated));
    await page.waitForURL((u) => u.pathname === '/importbooklist');
    await searchSheet(`BL${run}`, [jobNo]);
    const row = rowOf(jobNo);
    await visible(row.getByRole('cell', { name: 'Maersk Kolkata' }));
    await visible(row.getByRole('cell', { name: '28/12/2026' }));
  });

  it("Admin: a colleague's save in between is not overwritten: the screen says so, and Reload booking shows their change", async () => {
    const jobNo = jobs.admins.jobNo;
    await page.goto(`${url}/editbooking/${jobNo}`);
    await visible(page.getByLabel('Vessel Name'));
    await expect(page.getByLabel('Vessel Name').inputValue()).resolves.toBe('Zephyr');
    // The colleague saves first (through the API, with the version both read).
    const current = (await call('GET', `/shipments/searchbooklist/${jobNo}`)).results[0];
    await call('PUT', `/shipments/updatebooking/${jobNo}`, { Vesselname: 'Colleague Vessel', version: current.version });
    await page.getByLabel('Vessel Name').fill('My Vessel');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('alert').filter({ hasText: JobTexts.changedByOthers }));
    await checkScreen(page, 'edit booking: changed by someone else');
    await page.getByRole('button', { name: 'Reload booking' }).click();
    await waitUntil(async () => (await page.getByLabel('Vessel Name').inputValue()) === 'Colleague Vessel');
  });

  it("Admin: Edit Booking shows the booking's own notify consignee (not the first name of the list), offers others as typed, and keeps it on an untouched save", async () => {
    const jobNo = jobs.admins.jobNo;
    const current = (await call('GET', `/shipments/searchbooklist/${jobNo}`)).results[0];
    await call('PUT', `/shipments/updatebooking/${jobNo}`, { ...bookingBody(current), notify: consignee, version: current.version });
    await page.goto(`${url}/editbooking/${jobNo}`);
    const notify = page.getByRole('combobox', { name: 'Original Consignee (Notify)' });
    await visible(notify);
    await page.waitForLoadState('networkidle');
    await expect(notify.inputValue()).resolves.toBe(consignee);
    // Opened, it lists names from the server (others first, in name order) and still shows the booking's own.
    await notify.click();
    const choices = page.getByRole('listbox', { name: 'Choices: Original Consignee (Notify)' });
    await visible(choices.getByRole('option').first());
    await checkScreen(page, 'edit booking, notify picker open');
    await notify.fill(consignee);
    await visible(choices.getByRole('option', { name: consignee, exact: true }));
    await page.keyboard.press('Escape');
    await page.getByLabel('BL No').click();
    await expect(notify.inputValue()).resolves.toBe(consignee);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/shipments/updatebooking/${jobNo}`));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL((u) => u.pathname === '/importbooklist');
    expect((await call('GET', `/shipments/searchbooklist/${jobNo}`)).results[0].notify.consigneeName).toBe(consignee);
  });

  it('Admin: View booking shows every field as requirements decisions §1 says, with the way back to the sheet', async () => {
    const jobNo = jobs.employees.jobNo;
    await page.goto(`${url}/viewbooking/${jobNo}`);
    const value = (label) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(value('Job No').textContent()).resolves.toBe(jobNo);
    await expect(value('Assigned To').textContent()).resolves.toBe(employee.fullName);
    await expect(value('Shipper').textContent()).resolves.toBe(shipper);
    await expect(value('ETA').textContent()).resolves.toBe('28/12/2026');
    await expect(value('Warehouse Arrival Date').textContent()).resolves.toBe('N/A');
    await expect(value('Weight').textContent()).resolves.toBe('0 kg');
    await expect(value('Invoice Amount').textContent()).resolves.toBe('Rs. 0.00');
    await checkScreen(page, 'view booking (Admin)');
    // The updated-data e-mail: accepted, in the mail catcher with the booking's data, and shown as sent.
    await page.getByRole('button', { name: 'Send Updated Data Mail to Consignee' }).click();
    await visible(toast(JobMailTexts.updateSent));
    const subject = `Shipment update: ${jobNo}`;
    const mail = await waitFor(async () => (await (await fetch(`${mailInbox}/api/email?subject=${encodeURIComponent(subject)}`)).json())[0], {
      timeoutMs: 30_000,
      what: `the e-mail "${subject}" in the mail catcher`,
    });
    expect(mail.to.map((to) => to.address)).toEqual([consigneeEmail]);
    for (const part of [jobNo, `BL${run}`, 'MSKU7654321', 'Maersk Kolkata']) expect(mail.text).toContain(part);
    await visible(page.getByRole('status', { name: 'Last e-mail' }).getByText('Sent', { exact: true }));
    await toastsGone();
    await checkScreen(page, 'view booking after the e-mail (Admin)');
    await page.getByRole('link', { name: 'Daily Booking Sheet' }).click();
    await page.waitForURL((u) => u.pathname === '/importbooklist');
  });

  it("a colleague's save shows on an open booking sheet within 2 seconds, without a reload", async () => {
    const context = await browser.newContext({ viewport: LAPTOP });
    const other = await context.newPage();
    other.setDefaultTimeout(10_000);
    try {
      await other.goto(url);
      await other.getByLabel('Username').fill(admin.username);
      await other.getByLabel('Password').fill(admin.password);
      await other.getByRole('button', { name: 'Sign in' }).click();
      await other.waitForURL((u) => u.pathname === '/admindashboard');
      await other.goto(`${url}/importbooklist`);
      await other.getByLabel('Search bookings').fill(consignee);
      const row = other
        .getByRole('table', { name: 'Daily Booking Sheet' })
        .locator('tbody tr')
        .filter({ has: other.getByRole('cell', { name: jobs.admins.jobNo, exact: true }) });
      await row.waitFor();
      await other.evaluate(() => Object.assign(globalThis, { sameDocument: true }));
      const current = (await call('GET', `/shipments/searchbooklist/${jobs.admins.jobNo}`)).results[0];
      await call('PUT', `/shipments/updatebooking/${jobs.admins.jobNo}`, { Vesselname: `Live ${run}`, version: current.version });
      await row.getByRole('cell', { name: `Live ${run}` }).waitFor({ timeout: 2000 });
      await expect(other.evaluate(() => 'sameDocument' in globalThis)).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('Admin: Weekly Vessel Planning and Overseas Offices Detail: add, find by origin, edit and delete', async () => {
    for (const [list, add, edit, thing, added, updated] of [
      ['/managevessel', 'Add Vessel', 'Edit Vessel', 'vessel', 'Vessel added successfully!', 'Vessel updated successfully'],
      ['/manageagent', 'Add Agent', 'Edit Agent', 'agent', 'Agent created successfully', 'Agent updated successfully'],
    ]) {
      await page.goto(url + list);
      await page.getByRole('link', { name: add }).click();
      await page.getByRole('button', { name: add }).click();
      await visible(page.getByText('Origin is required'));
      await toastsGone();
      await checkScreen(page, `${add} with validation errors`);
      await page.getByLabel('Origin').fill(vessel.origin);
      await page.getByLabel('Details').fill(vessel.details);
      await page.getByRole('button', { name: add }).click();
      await visible(toast(added));
      await page.waitForURL((u) => u.pathname === list);
      await page.getByLabel('Search by origin').fill(vessel.origin);
      await visible(page.getByRole('cell', { name: vessel.details }));
      await toastsGone();
      await checkScreen(page, `${thing} list (Admin)`);
      await page.getByRole('link', { name: `Edit ${thing} ${vessel.origin}` }).click();
      await visible(page.getByRole('heading', { name: edit }));
      await page.getByLabel('Details').fill(`${vessel.details}, updated`);
      await checkScreen(page, edit);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await visible(toast(updated));
      await page.getByLabel('Search by origin').fill(vessel.origin);
      await visible(page.getByRole('cell', { name: `${vessel.details}, updated` }));
    }
    // The agent goes again; the vessel stays for the Employee to read.
    await page.getByRole('button', { name: `Delete agent ${vessel.origin}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('No agents found.'));
    await signOut();
  });

  it('Employee: only their own bookings, the uppercase view, read-only vessels, and another booking refused', async () => {
    await signIn(employee, '/shipmentmanagement');
    await page.getByRole('link', { name: 'IMPORT' }).click();
    await page.getByRole('link', { name: 'Daily Booking Sheet' }).click();
    await page.waitForURL((u) => u.pathname === '/importbooklistemployee');
    await showStatus('All');
    await searchSheet(consignee, [jobs.employees.jobNo]);
    await checkScreen(page, 'booking sheet (Employee)');
    await sheet()
      .getByRole('link', { name: `View booking ${jobs.employees.jobNo}` })
      .click();
    await page.waitForURL((u) => u.pathname === `/viewbookingemployee/${jobs.employees.jobNo}`);
    for (const label of ['ORIGINAL CONSIGNEE (NOTIFY)', 'STATUS UPDATE TO CLIENT', 'ADDITIONAL INFORMATION', 'PERSONAL INFORMATION']) {
      await visible(page.locator('dt', { hasText: label }));
    }
    await checkScreen(page, 'view booking (Employee)');
    await page.goto(`${url}/editbookingemployee/${jobs.admins.jobNo}`);
    await visible(page.getByRole('alert').filter({ hasText: JobTexts.notYourJob }));
    await page.goto(`${url}/managevesselemployee`);
    await page.getByLabel('Search by origin').fill(vessel.origin);
    await visible(page.getByRole('cell', { name: `${vessel.details}, updated` }));
    expect(await page.getByRole('link', { name: 'Add Vessel' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete vessel/ }).count()).toBe(0);
    await checkScreen(page, 'vessel list (Employee)');
    await page.goto(`${url}/managevessel`);
    await visible(page.getByRole('heading', { name: 'You do not have permission' }));
    await signOut();
    expect(cspViolations).toEqual([]);
  });
});
