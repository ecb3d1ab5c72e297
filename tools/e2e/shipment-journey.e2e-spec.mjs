/* global window */ // used in page.evaluate callbacks, which run in the browser
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobMailTexts, JobTexts } from '@freight/contracts';
import { launchBrowser, pick, recordCspViolations, signInThroughApi, target } from './browser.mjs';
import { LAPTOP, checkScreen } from './check-screen.mjs';
import { waitFor } from '../dev/net.mjs';

// One job's life through the real console, jobs remote, gateway, shipment, directory and
// notification services, Postgres, NATS and the mail catcher (issue 9). The Head sets up the
// master data and the staff through the API (the master-data screens have their own journey).
// An Employee adds the first job of the run (IMP-000001) and is refused a colleague's job; the
// Admin confirms the booking, ticks Proceed to Proceeding and sends the confirmation, which
// reaches the consignee and its additional e-mails; the Admin fills the booking and sends the
// update while a second browser's booking sheet shows the change without a reload; the public BL
// call answers the tracking fields only; the Head deletes the job after confirming and it leaves
// every list. Steps build on each other, so they run in order, and this file runs first
// (sequencer.mjs): its job is the run's first. Every screen and state on the way is checked at
// phone and laptop width (checkScreen: no sideways overflow, Log Out on screen, no serious or
// critical axe-core violation).
const { url, head, mailInbox } = target();
const run = Date.now().toString(36).slice(-5);
const branch = { BranchCity: `Kandy ${run}`, Location: '5 Temple Street', Contact: '+94 81 222 3344', Code: `K${run}`.toUpperCase() };
const consignee = {
  consigneeName: `Lanka Tea Traders ${run}`,
  username: `lankatea.${run}`,
  email: `imports.${run}@lankatea.example`,
  handlingPersonName: 'Chaminda Perera',
  password: 'estate-morning-harbour-31',
  additionalEmails: [`ops.${run}@lankatea.example`, `finance.${run}@lankatea.example`],
};
const origin = `Chittagong ${run}`;
const type = `FCL ${run}`;
const term = `CIF ${run}`;
const staff = { branchCity: branch.BranchCity, contact: '+94 77 555 0101', department: 'Import' };
const admin = {
  fullName: `Kasun Wijesinghe ${run}`,
  username: `kasun.${run}`,
  email: `kasun.${run}@example.com`,
  password: 'lotus-quay-signal-64',
  role: 'Admin',
};
const employee = {
  fullName: `Ishara Gunawardena ${run}`,
  username: `ishara.${run}`,
  email: `ishara.${run}@example.com`,
  password: 'breakwater-amber-tide-3',
  role: 'Employee',
};
const colleague = {
  fullName: `Tharindu Bandara ${run}`,
  username: `tharindu.${run}`,
  email: `tharindu.${run}@example.com`,
  password: 'pier-lantern-cobalt-58',
  role: 'Employee',
};
const booking = { blNo: `CGPCMB${run}`.toUpperCase(), containerNo: 'TGHU8876541', vessel: `Kota Lestari ${run}`, etd: '2026-12-03', eta: '2026-12-17' };
const JOB = 'IMP-000001';

let browser;
/** The second browser: the Employee's booking sheet, open while the Admin saves. */
let otherBrowser;
let page;
let sheetPage;
let cspViolations;
let headToken;
/** The colleague's job, which the Employee may not see. */
let colleaguesJob;

/**
 * A call of the API with the Head's token (or `token`, none when null): status and parsed body.
 * @param {string} method @param {string} path @param {{ body?: unknown, token?: string | null }} [options]
 */
async function api(method, path, { body, token = headToken } = {}) {
  const reply = await fetch(`${url}/api${path}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: text ? JSON.parse(text) : undefined };
}

/** The same, failing the step on an error status. */
async function call(method, path, body) {
  const reply = await api(method, path, { body });
  if (reply.status >= 400) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const visible = (locator) => locator.waitFor({ state: 'visible' });
const toast = (on, text) => on.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: text }).first();
const sheetOf = (on) => on.getByRole('table', { name: 'Daily Booking Sheet' });
const jobRow = (table, jobNo) => table.locator('tbody tr').filter({ has: table.page().getByRole('cell', { name: jobNo, exact: true }) });

async function signIn(on, who, landing) {
  await on.goto(url);
  await on.getByLabel('Username').fill(who.username);
  await on.getByLabel('Password').fill(who.password);
  await on.getByRole('button', { name: 'Sign in' }).click();
  await on.waitForURL((u) => u.pathname === landing);
}

async function signOut(on) {
  await on.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await on.waitForURL((u) => u.pathname === '/');
}

const tokenOf = (on) => on.evaluate(() => window.localStorage.getItem('token'));
const userIdOf = (on) => on.evaluate(() => window.localStorage.getItem('user_id'));

/** The e-mails in the run's mail catcher whose text names `text`, once `count` of them are there. */
function mailsNaming(text, count) {
  return waitFor(
    async () => {
      const mails = (await (await fetch(`${mailInbox}/api/email`)).json()).filter((mail) => mail.text?.includes(text) || mail.subject?.includes(text));
      return mails.length >= count && mails;
    },
    { timeoutMs: 30_000, what: `${count} e-mail(s) naming ${text} in the mail catcher` },
  );
}

const addresses = (mail) => mail.to.map((to) => to.address).sort();

beforeAll(async () => {
  ({ token: headToken } = await signInThroughApi(head));
  await call('POST', '/branches/add', branch);
  await call('POST', '/consignees/add', consignee);
  await call('POST', '/origins/add', { OriginPortName: origin, OriginPortLocation: 'Bangladesh' });
  await call('POST', '/ShipmentType/add', { TypeofShipment: type });
  await call('POST', '/ShipmentTerm/add', { TermofShipment: term });
  for (const user of [admin, employee, colleague]) await call('POST', '/users/add', { ...user, ...staff });

  browser = await launchBrowser();
  page = await browser.newPage({ viewport: LAPTOP });
  page.setDefaultTimeout(10_000);
  cspViolations = await recordCspViolations(page.context());
});

afterAll(async () => {
  await browser?.close();
  await otherBrowser?.close();
});

describe('a job from inquiry to deletion', () => {
  it(`lets an Employee add a job from Today Job Inquiry, numbered ${JOB}`, async () => {
    await signIn(page, employee, '/shipmentmanagement');
    await page.getByRole('link', { name: 'IMPORT' }).click();
    await visible(page.getByRole('heading', { name: 'Import Management' }));
    await checkScreen(page, 'Import Management (Employee)');
    await page.getByRole('link', { name: 'Today Job Inquiry' }).click();
    const employeeId = await userIdOf(page);
    await page.waitForURL((u) => u.pathname === `/worklistemployee/${encodeURIComponent(employeeId)}`);
    await visible(page.getByText(JobTexts.noWorklist));
    await checkScreen(page, 'empty worklist (Employee)');

    await page.getByRole('link', { name: 'Add New Job' }).click();
    await visible(page.getByRole('heading', { name: 'Add Import Job' }));
    // The assignee is the Employee, fixed.
    await expect(page.getByLabel('User Name').inputValue()).resolves.toBe(employee.fullName);
    await expect(page.getByLabel('User Name').getAttribute('readonly')).resolves.not.toBeNull();
    await page.getByRole('button', { name: 'Add Job' }).click();
    await visible(page.getByText('Consignee is required'));
    await checkScreen(page, 'add job with validation errors (Employee)');

    await pick(page, 'Branch City', branch.BranchCity);
    await page.getByLabel('Date').fill('2026-11-27');
    await pick(page, 'Consignee Name', consignee.consigneeName);
    await pick(page, 'Origin Port', origin);
    await pick(page, 'Type of Shipment', type);
    await pick(page, 'Term of Shipment', term);
    await page.getByLabel('Shipment Status').selectOption('Inquiry For Charges');
    await page.getByLabel('Additional Information').fill('20 ft, tea chests, fumigated');
    await checkScreen(page, 'add job (Employee)');
    await page.getByRole('button', { name: 'Add Job' }).click();
    await visible(toast(page, JobTexts.jobAdded));
    await page.waitForURL((u) => u.pathname.startsWith('/worklistemployee/'));
    const row = jobRow(page.getByRole('table', { name: 'Import job inquiries' }), JOB);
    await visible(row);
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      JOB,
      employee.fullName,
      consignee.consigneeName,
      type,
      term,
      origin,
      'Inquiry For Charges',
      '27/11/2026',
      expect.any(String),
    ]);
    await checkScreen(page, 'worklist with the new job (Employee)');
  });

  it("refuses the Employee a colleague's job: the screen says so and the API answers 403", async () => {
    ({ shipment: colleaguesJob } = await call('POST', '/shipments/adminadd', {
      consigneeName: consignee.consigneeName,
      originPort: origin,
      typeOfShipment: type,
      termOfShipment: term,
      ShipmentStatus: 'Consignee Response',
      date: '2026-11-26',
      branchCity: branch.BranchCity,
      userName: colleague.username,
    }));
    expect(colleaguesJob.jobNo).toBe('IMP-000002');
    const other = colleaguesJob.jobNo;

    // Not on the Employee's worklist (which lists the Employee's own job).
    await page.getByLabel('Search jobs').fill(run);
    await visible(page.getByRole('cell', { name: JOB, exact: true }));
    await expect(page.getByRole('cell', { name: other, exact: true }).count()).resolves.toBe(0);

    for (const screen of ['viewjobemployee', 'editjobemployee']) {
      await page.goto(`${url}/${screen}/${other}`);
      await visible(page.getByRole('alert').filter({ hasText: JobTexts.notYourJob }));
      await expect(page.getByText(consignee.consigneeName).count()).resolves.toBe(0);
    }
    await checkScreen(page, "a colleague's job refused (Employee)");

    const token = await tokenOf(page);
    const colleagueId = (await call('GET', `/users/search/${colleague.username}`)).users[0]._id;
    /** @type {[string, string, unknown?][]} */
    const calls = [
      ['GET', `/shipments/searchworklist/${other}`],
      ['GET', `/shipments/searchbooklist/${other}`],
      ['PUT', `/shipments/update/${other}`, { ...colleaguesJobForm(), version: colleaguesJob.version }],
      ['POST', `/shipments/sendmail/${other}`, { typeOfShipment: type }],
      ['GET', `/shipments/allworklist/${colleagueId}`],
    ];
    for (const [method, path, body] of calls) {
      const reply = await api(method, path, { body, token });
      expect([method, path, reply.status]).toEqual([method, path, 403]);
    }
    await signOut(page);
  });

  it('lets the Admin confirm the booking and tick Proceed to Proceeding: the job leaves Today Job Inquiry', async () => {
    await signIn(page, admin, '/admindashboard');
    await page.getByRole('link', { name: 'Shipment Management' }).click();
    await page.getByRole('link', { name: 'IMPORT' }).click();
    await page.getByRole('link', { name: 'Today Job Inquiry' }).click();
    await page.waitForURL((u) => u.pathname === '/worklistadmin');
    await page.getByLabel('Search jobs').fill(run);
    const worklist = page.getByRole('table', { name: 'Import job inquiries' });
    await visible(jobRow(worklist, JOB));
    await visible(jobRow(worklist, colleaguesJob.jobNo));
    await checkScreen(page, 'worklist (Admin)');

    await page.getByRole('link', { name: `Edit job ${JOB}` }).click();
    await page.waitForURL((u) => u.pathname === `/editjobadmin/${JOB}`);
    await visible(page.getByRole('heading', { name: `Edit Job ${JOB}` }));
    await visible(page.getByText(`Assigned to ${employee.fullName}`));
    await expect(page.getByLabel('Shipment Status').inputValue()).resolves.toBe('Inquiry For Charges');
    // requirements 02 §2: the checkbox shows only while the status is Booking Confirmed.
    await expect(page.getByLabel('Proceed to Proceeding').count()).resolves.toBe(0);
    await checkScreen(page, 'edit job (Admin)');
    await page.getByLabel('Shipment Status').selectOption('Booking Confirmed');
    await page.getByLabel('Proceed to Proceeding').check();
    await checkScreen(page, 'edit job, Booking Confirmed and proceeding (Admin)');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, JobTexts.jobUpdated));
    await page.waitForURL((u) => u.pathname === '/worklistadmin');
    // A booking now: on the Daily Booking Sheet, no longer an inquiry.
    await page.getByLabel('Search jobs').fill(run);
    await visible(jobRow(worklist, colleaguesJob.jobNo));
    await jobRow(worklist, JOB).waitFor({ state: 'detached' });
  });

  it('sends the booking confirmation: the e-mail with the job number reaches the consignee and its additional e-mails', async () => {
    await page.goto(`${url}/viewjobadmin/${JOB}`);
    const details = page.getByRole('table', { name: `Job ${JOB}` });
    await visible(details.getByRole('row', { name: /Proceed to Proceeding/ }).getByRole('cell', { name: 'Yes' }));
    await visible(details.getByRole('row', { name: /Shipment Status/ }).getByRole('cell', { name: 'Booking Confirmed' }));
    const lastMail = page.getByRole('status', { name: 'Last e-mail' });
    await visible(lastMail.getByText(JobMailTexts.never));
    await checkScreen(page, 'view job before the e-mail (Admin)');

    await page.getByRole('button', { name: 'Send Booking Confirm eMail to Consignee' }).click();
    await visible(toast(page, JobTexts.mailSent));
    const [mail] = await mailsNaming(JOB, 1);
    expect(addresses(mail)).toEqual([consignee.email, ...consignee.additionalEmails].sort());
    for (const part of [JOB, type, term, origin, 'Booking Confirmed']) {
      expect(mail.text).toContain(part);
      expect(mail.html).toContain(part);
    }
    // The view follows the e-mail from queued to sent.
    await visible(lastMail.getByText('Sent', { exact: true }));
    await visible(lastMail.getByText(`Booking confirmation e-mail to ${[consignee.email, ...consignee.additionalEmails].join(', ')}`, { exact: false }));
    await checkScreen(page, 'view job with the e-mail sent (Admin)');
  });

  it('shows the loading state of a slow booking sheet and the error text of a failing one, then the booking', async () => {
    // The second browser: the Employee, whose own booking this is.
    otherBrowser = await launchBrowser();
    sheetPage = await otherBrowser.newPage({ viewport: LAPTOP });
    sheetPage.setDefaultTimeout(10_000);
    await signIn(sheetPage, employee, '/shipmentmanagement');
    const list = `${url}/api/shipments/allbooklist/**`;

    // Slow: the list call is held until the loading state has been checked.
    /** @type {(value?: unknown) => void} */
    let release = () => {};
    const held = new Promise((resolve) => (release = resolve));
    await sheetPage.route(list, async (route) => {
      await held;
      await route.continue();
    });
    await sheetPage.goto(`${url}/importbooklistemployee`);
    const sheet = sheetOf(sheetPage);
    await visible(sheet.getByRole('cell', { name: 'Loading...' }));
    await expect(sheet.getAttribute('aria-busy')).resolves.toBe('true');
    await checkScreen(sheetPage, 'booking sheet loading (Employee)');
    release();
    await visible(jobRow(sheet, JOB));
    await sheetPage.unroute(list);

    // Failing: the spec's text in red instead of the bookings.
    await sheetPage.route(list, (route) => route.fulfill({ status: 500, body: '' }));
    await sheetPage.reload();
    await visible(sheetPage.getByText(JobTexts.bookingListFailed, { exact: true }));
    await expect(jobRow(sheet, JOB).count()).resolves.toBe(0);
    await checkScreen(sheetPage, 'booking sheet failed to load (Employee)');
    await sheetPage.unroute(list);

    await sheetPage.reload();
    const row = jobRow(sheet, JOB);
    await visible(row);
    await expect(sheetPage.getByText(JobTexts.bookingListFailed).count()).resolves.toBe(0);
    await expect(row.getByRole('cell', { name: colleaguesJob.jobNo }).count()).resolves.toBe(0);
    await checkScreen(sheetPage, 'booking sheet (Employee)');
  });

  it("lets the Admin fill the booking; the second browser's sheet shows it within 2 s without a reload", async () => {
    const sheet = sheetOf(sheetPage);
    // A mark in the second browser's page: a reload would drop it.
    await sheetPage.evaluate(() => {
      /** @type {any} */ (window).stillTheSamePage = true;
    });

    await page.goto(`${url}/manageimportadmin`);
    await page.getByRole('link', { name: 'Daily Booking Sheet' }).click();
    await page.waitForURL((u) => u.pathname === '/importbooklist');
    await page.getByLabel('Search bookings').fill(JOB);
    const adminSheet = sheetOf(page);
    await visible(jobRow(adminSheet, JOB));
    await checkScreen(page, 'booking sheet (Admin)');
    await page.getByRole('link', { name: `Edit booking ${JOB}` }).click();
    await page.waitForURL((u) => u.pathname === `/editbooking/${JOB}`);
    await visible(page.getByRole('heading', { name: 'Edit Booking' }));
    await expect(page.getByLabel('Consignee', { exact: true }).isDisabled()).resolves.toBe(true);
    await checkScreen(page, 'edit booking (Admin)');

    await page.getByLabel('BL No').fill(booking.blNo);
    await page.getByLabel('Container No').fill(booking.containerNo);
    await page.getByLabel('Vessel Name').fill(booking.vessel);
    await page.getByLabel('ETD').fill(booking.etd);
    await page.getByLabel('ETA').fill(booking.eta);
    await page.getByLabel('Status of Shipment').selectOption('Transit');
    await checkScreen(page, 'edit booking filled in (Admin)');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/shipments/updatebooking/${JOB}`));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    const savedAt = Date.now();
    await visible(toast(page, JobTexts.bookingUpdated));
    await page.waitForURL((u) => u.pathname === '/importbooklist');

    // The Employee's open sheet, untouched since: the new values arrive by the live stream.
    const row = jobRow(sheet, JOB);
    await row.getByRole('cell', { name: booking.blNo }).waitFor({ timeout: 2_000 });
    expect(Date.now() - savedAt).toBeLessThanOrEqual(2_000);
    await visible(row.getByRole('cell', { name: booking.vessel }));
    await visible(row.getByRole('cell', { name: booking.containerNo }));
    await visible(row.getByRole('cell', { name: '03/12/2026' }));
    await visible(row.getByRole('cell', { name: '17/12/2026' }));
    await expect(sheetPage.evaluate(() => /** @type {any} */ (window).stillTheSamePage)).resolves.toBe(true);
    await checkScreen(sheetPage, 'booking sheet after a colleague saved (Employee)');
  });

  it('sends the updated data: the e-mail has the booking, to the consignee and its additional e-mails', async () => {
    await page.getByLabel('Search bookings').fill(booking.blNo);
    await page.getByRole('link', { name: `View booking ${JOB}` }).click();
    await page.waitForURL((u) => u.pathname === `/viewbooking/${JOB}`);
    await visible(page.getByRole('heading', { name: 'View Booking' }));
    await visible(page.getByText(booking.blNo, { exact: true }));
    await checkScreen(page, 'view booking (Admin)');
    await page.getByRole('button', { name: 'Send Updated Data Mail to Consignee' }).click();
    await visible(toast(page, JobMailTexts.updateSent));
    const mails = await mailsNaming(booking.blNo, 1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(addresses(mail)).toEqual([consignee.email, ...consignee.additionalEmails].sort());
    for (const part of [JOB, booking.blNo, booking.containerNo, booking.vessel, '03/12/2026', '17/12/2026', 'Transit']) expect(mail.text).toContain(part);
    const lastMail = page.getByRole('status', { name: 'Last e-mail' });
    await visible(lastMail.getByText('Updated data e-mail to', { exact: false }));
    await visible(lastMail.getByText('Sent', { exact: true }));
    await checkScreen(page, 'view booking with the update sent (Admin)');

    // The booking's history (issue 25 §5): the Admin's save, field by field, in the views' words.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table', { name: `History of job ${JOB}` });
    const change = (label) => history.locator('tbody tr').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
    await visible(change('BL No'));
    await expect(change('BL No').getByRole('cell').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      admin.fullName,
      'BL No',
      'N/A',
      booking.blNo,
    ]);
    await expect(change('ETD').getByRole('cell').allTextContents()).resolves.toEqual([expect.any(String), admin.fullName, 'ETD', 'N/A', '03/12/2026']);
    await checkScreen(page, 'booking history (Admin)');
    await page.getByLabel('Field').selectOption({ label: 'Status of Shipment' });
    await visible(page.getByText('1 change', { exact: true }));
    await expect(change('Status of Shipment').getByRole('cell').nth(4).textContent()).resolves.toBe('Transit');
    await signOut(page);
  });

  it('answers the public BL call with the tracking fields only', async () => {
    const reply = await api('GET', `/shipments/searchbl/${booking.blNo}`, { token: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      blNo: booking.blNo,
      containerNo: booking.containerNo,
      Vesselname: booking.vessel,
      originPort: origin,
      statusOfShipment: 'Transit',
      etd: booking.etd,
      eta: booking.eta,
      warehouseArrivalDate: null,
      doIssue: null,
      deStuff: null,
      history: [{ status: 'Transit', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/) }],
    });
    // No names, remarks or amounts, whatever the field.
    const text = JSON.stringify(reply.body);
    for (const secret of [JOB, consignee.consigneeName, employee.fullName, 'tea chests', branch.BranchCity]) expect(text).not.toContain(secret);

    const unknown = await api('GET', `/shipments/searchbl/NO-SUCH-BL-${run}`, { token: null });
    expect(unknown).toEqual({ status: 404, body: expect.objectContaining({ message: JobTexts.blNotFound }) });
  });

  it('lets the Head delete the job after confirming, and it leaves every list', async () => {
    await signIn(page, head, '/admindashboard');
    await page.goto(`${url}/admindashboard/administrativetools`);
    await page.getByRole('link', { name: 'Manage Shipment Deletion' }).click();
    await visible(page.getByRole('heading', { name: 'Delete Shipment' }));
    await expect(page.getByRole('button', { name: 'Fetch Details' }).isDisabled()).resolves.toBe(true);
    await checkScreen(page, 'delete shipment (Head)');
    await page.getByLabel('Job Number').fill(JOB);
    await page.getByRole('button', { name: 'Fetch Details' }).click();
    const details = page.getByRole('table', { name: `Shipment ${JOB}` });
    await visible(details.getByRole('cell', { name: consignee.consigneeName }));
    await checkScreen(page, 'delete shipment with the details (Head)');

    await page.getByRole('button', { name: `Delete Shipment ${JOB}` }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(JobTexts.deleteConfirm));
    await checkScreen(page, 'delete shipment confirmation (Head)');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await visible(toast(page, JobTexts.deleted));
    await details.waitFor({ state: 'detached' });

    // The Employee's open sheet drops it by itself, and it is nowhere to be found.
    await jobRow(sheetOf(sheetPage), JOB).waitFor({ state: 'detached' });
    await visible(sheetPage.getByText(JobTexts.noBookings));
    await checkScreen(sheetPage, 'empty booking sheet (Employee)');

    await page.goto(`${url}/importbooklist`);
    await page.getByLabel('Job status').selectOption('all');
    await page.getByLabel('Search bookings').fill(JOB);
    await visible(page.getByText(JobTexts.noBookings));
    await checkScreen(page, 'booking sheet without the deleted job (Head)');

    const headId = await userIdOf(page);
    const employeeToken = await tokenOf(sheetPage);
    const employeeId = await userIdOf(sheetPage);
    const lists = [
      await api('GET', `/shipments/allbooklist/${headId}?status=all`),
      await api('GET', `/shipments/allworklist/${headId}`),
      await api('GET', `/shipments/allbooklist/${employeeId}?status=all`, { token: employeeToken }),
      await api('GET', `/shipments/allworklist/${employeeId}`, { token: employeeToken }),
    ];
    for (const { status, body } of lists) {
      expect(status).toBe(200);
      expect(body.map((job) => job.jobNo)).not.toContain(JOB);
    }
    // The colleague's job is still there: only the deleted one left.
    expect(lists[1].body.map((job) => job.jobNo)).toContain(colleaguesJob.jobNo);
    const client = await api('POST', '/clientlogin/myclientlogin', { body: { username: consignee.username, password: consignee.password }, token: null });
    const own = await api('GET', `/shipments/allbooklistconsignee/${consignee.username}`, { token: client.body.token });
    expect(own).toEqual({ status: 200, body: [] });
    expect((await api('GET', `/shipments/searchworklist/${JOB}`)).status).toBe(404);
    expect((await api('GET', `/shipments/searchbl/${booking.blNo}`, { token: null })).status).toBe(404);

    await page.goto(`${url}/admindashboard/administrativetools/deleteshipment`);
    await page.getByLabel('Job Number').fill(JOB);
    await page.getByRole('button', { name: 'Fetch Details' }).click();
    await visible(page.getByText(JobTexts.shipmentNotFound));
    await checkScreen(page, 'delete shipment, job not found (Head)');
  });

  it("works on every screen above within the edge's Content-Security-Policy", () => {
    expect(cspViolations).toEqual([]);
  });
});

/** The colleague's job as an edit form sends it. */
function colleaguesJobForm() {
  return {
    date: '2026-11-26',
    userName: colleague.username,
    termOfShipment: term,
    typeOfShipment: type,
    consigneeName: consignee.consigneeName,
    originPort: origin,
    ShipmentStatus: 'Consignee Response',
  };
}
