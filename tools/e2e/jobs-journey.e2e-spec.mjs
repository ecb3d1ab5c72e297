/* global window, document, NodeFilter */ // used in page.evaluate callbacks, which run in the browser
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobTexts } from '@freight/contracts';
import { apiAs as api, launchBrowser, pick, recordCspViolations, signInThroughApi, signInWithForm, target } from './browser.mjs';
import { LAPTOP, PHONE, checkScreen } from './check-screen.mjs';
import { waitFor } from '../dev/net.mjs';

// The jobs remote through the real console, gateway, shipment, directory and notification
// services, Postgres and NATS: an Employee finds the import screens through the choosers and adds
// a job, which the Admin's worklist shows; the Admin confirms the booking, sends the confirmation
// (it arrives in the run's mail catcher) and proceeds it (the job leaves the worklist); of two
// staff saving the same job in two browsers the second gets a clear "changed by someone else"; an
// Export job gets an EXP number; the Employee is refused another's job; the Head sets the shipment
// counter (never onto a number in use). Each screen is checked at 390 and 1366 px with axe-core
// (checkScreen). The master data the jobs name is set up through the API first.
const { url, head, mailInbox } = target();
const run = Date.now().toString(36).slice(-5);
const branch = `Matara ${run}`;
const consignee = `Ocean Mart ${run}`;
const consigneeEmail = `orders.${run}@oceanmart.example`;
const origin = `Ningbo ${run}`;
const type = `LCL ${run}`;
const term = `FOB ${run}`;
const employee = { fullName: `Nadeesha Perera ${run}`, username: `nadeesha.${run}`, password: 'tea-estate-rain-31' };
const admin = { fullName: `Chaminda Fernando ${run}`, username: `chaminda.${run}`, password: 'harbour-crane-blue-8' };

let browser;
let page;
let cspViolations;
/** The Head's job (assigned to the Head: not the Employee's) and the Employee's new job. */
let headJobNo;
let employeeJobNo;

const visible = (locator) => locator.waitFor({ state: 'visible' });
const logOut = () => page.getByRole('banner').getByRole('button', { name: 'Log Out' });

/** Sets up what the jobs name, and the Head's own job (retried while the shipment service learns the new names from the directory's events). */
async function setUp() {
  const { token: headToken, fullName: headName } = await signInThroughApi(head);
  const created = [
    await api('POST', 'branches/add', headToken, { BranchCity: branch, Location: '5 Beach Road', Contact: '+94 41 222 3344', Code: `M${run}`.toUpperCase() }),
    await api('POST', 'consignees/add', headToken, {
      consigneeName: consignee,
      username: `oceanmart.${run}`,
      password: 'mango-lagoon-breeze-4',
      email: consigneeEmail,
      handlingPersonName: 'Sunil',
    }),
    await api('POST', 'origins/add', headToken, { OriginPortName: origin, OriginPortLocation: 'China' }),
    await api('POST', 'ShipmentType/add', headToken, { TypeofShipment: type }),
    await api('POST', 'ShipmentTerm/add', headToken, { TermofShipment: term }),
  ];
  for (const { who, role } of [
    { who: employee, role: 'Employee' },
    { who: admin, role: 'Admin' },
  ]) {
    const user = { ...who, email: `${who.username}@example.com`, branchCity: branch, contact: '+94 77 123 4567', role, department: 'Import' };
    created.push(await api('POST', 'users/add', headToken, user));
  }
  expect(created.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201, 201, 201]);

  const job = {
    direction: 'Import',
    userName: headName,
    consigneeName: consignee,
    originPort: origin,
    typeOfShipment: type,
    termOfShipment: term,
    ShipmentStatus: 'Inquiry For Charges',
    date: '2026-11-20',
    branchCity: branch,
  };
  for (let tries = 0; ; tries += 1) {
    const reply = await api('POST', 'shipments/branchadminadd', headToken, job);
    if (reply.status === 201) {
      headJobNo = reply.body.shipment.jobNo;
      return;
    }
    if (tries > 40) throw new Error(`the Head's job was refused: ${JSON.stringify(reply.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const signIn = (who, landing, tab = page) => signInWithForm(tab, who, landing);

async function signOut() {
  await logOut().click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Opens a tile (a link) and waits for the screen's heading. */
async function follow(link, heading) {
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

const toast = (text) => page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: text }).first();

/** Fills the add-job form (the assignee when the screen offers a choice). */
async function fillJob(assignee) {
  if (assignee) await pick(page, 'User Name', assignee);
  await pick(page, 'Branch City', branch);
  await pick(page, 'Consignee Name', consignee);
  await pick(page, 'Origin Port', origin);
  await pick(page, 'Type of Shipment', type);
  await pick(page, 'Term of Shipment', term);
  await page.getByLabel('Shipment Status').selectOption('Inquiry For Charges');
}

/** The worklist row of a job number (waiting for it). */
const row = (jobNo) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: jobNo, exact: true }) });

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

describe('jobs through the console and the jobs remote', () => {
  it('leads an Employee from Shipment Management to the import screens (IMPORT) and the same for Export (EXPORT)', async () => {
    await signIn(employee, '/shipmentmanagement');
    await page.getByRole('heading', { name: 'Shipment Management' }).waitFor();
    await visible(page.getByText("Owner's Message:"));
    await checkScreen(page, 'shipment chooser (Employee)');
    await expect(page.getByRole('link', { name: 'EXPORT' }).getAttribute('href')).resolves.toBe('/manageimportemployee?direction=Export');
    await follow('IMPORT', 'Import Management');
    await checkScreen(page, 'import hub (Employee)');
    await follow('Today Job Inquiry', 'Today Job Inquiry');
    await visible(page.getByText(JobTexts.noWorklist));
    await visible(page.getByRole('main').getByText(`Signed in as ${employee.fullName}`));
    await checkScreen(page, 'empty worklist (Employee)');
  });

  it('lets the Employee add a job, assigned to them, which gets the next IMP number', async () => {
    await follow('Add New Job', 'Add Import Job');
    await expect(page.getByLabel('User Name').inputValue()).resolves.toBe(employee.fullName);
    await page.getByRole('button', { name: 'Add Job' }).click();
    await visible(page.getByText('Consignee is required'));
    await checkScreen(page, 'add job with missing fields (Employee)');
    await fillJob();
    await page.getByRole('button', { name: 'Add Job' }).click();
    await page.getByRole('heading', { name: 'Today Job Inquiry' }).waitFor();
    await visible(toast('Shipment added successfully!'));
    const cell = page.getByRole('cell', { name: /^IMP-\d{6}$/ });
    await visible(cell);
    employeeJobNo = await cell.textContent();
    // One counter for every job: the Employee's job comes right after the Head's.
    expect(Number(employeeJobNo.slice(4))).toBeGreaterThan(Number(headJobNo.slice(4)));
    await expect(row(employeeJobNo).textContent()).resolves.toContain(employee.fullName);
    await checkScreen(page, 'worklist with a job (Employee)');
  });

  it("keeps Log Out reachable on a scrolled phone screen and refuses the Employee another's job", async () => {
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(logOut().isVisible()).resolves.toBe(true);
    const box = await logOut().boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
    await page.setViewportSize(LAPTOP);

    await page.goto(`${url}/viewjobemployee/${headJobNo}`);
    await visible(page.getByText(JobTexts.notYourJob));
    await checkScreen(page, "another's job refused (Employee)");
    await signOut();
  });

  it("shows the Employee's job on the Admin's worklist; the Admin confirms the booking and the confirmation e-mail arrives", async () => {
    await signIn(admin, '/admindashboard');
    await page.getByRole('link', { name: 'Shipment Management' }).click();
    await page.getByRole('heading', { name: 'Shipment Management' }).waitFor();
    await follow('IMPORT', 'Import Management');
    await follow('Today Job Inquiry', 'Today Job Inquiry');
    await page.getByLabel('Search jobs').fill(run);
    await visible(row(employeeJobNo));
    await row(employeeJobNo).getByRole('cell', { name: employeeJobNo, exact: true }).click();
    await expect(row(employeeJobNo).getAttribute('data-highlighted')).resolves.toBe('true');
    await checkScreen(page, 'worklist with a highlighted row (Admin)');
    // At 1366 px the row's actions are on screen and the job number on one line, as on the booking sheet.
    for (const action of [`Edit job ${employeeJobNo}`, `View job ${employeeJobNo}`]) {
      const box = await page.getByRole('link', { name: action }).boundingBox();
      expect([action, box.x >= 0 && box.x + box.width <= LAPTOP.width]).toEqual([action, true]);
    }
    const jobNoLines = await row(employeeJobNo)
      .getByRole('cell', { name: employeeJobNo, exact: true })
      .evaluate((cell) => {
        // One client rect per line box of the number's text.
        const text = document.createRange();
        text.selectNodeContents(document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode());
        return text.getClientRects().length;
      });
    expect(jobNoLines).toBe(1);

    await page.getByRole('link', { name: `Edit job ${employeeJobNo}` }).click();
    await page.getByRole('heading', { name: `Edit Job ${employeeJobNo}` }).waitFor();
    await visible(page.locator('strong', { hasText: employee.fullName }));
    await expect(page.getByRole('checkbox', { name: 'Proceed to Proceeding' }).count()).resolves.toBe(0);
    await page.getByLabel('Shipment Status').selectOption('Booking Confirmed');
    await visible(page.getByRole('checkbox', { name: 'Proceed to Proceeding' }));
    await checkScreen(page, 'edit job, Booking Confirmed (Admin)');
    await page.getByLabel('Additional Information').fill('Two pallets, fragile');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Today Job Inquiry' }).waitFor();
    await visible(toast(JobTexts.jobUpdated));

    await page.getByRole('link', { name: `View job ${employeeJobNo}` }).click();
    await page.getByRole('heading', { name: 'View Job Details' }).waitFor();
    const details = page.getByRole('table', { name: `Job ${employeeJobNo}` });
    await visible(details);
    await expect(details.textContent()).resolves.toContain('Booking Confirmed');
    await expect(details.textContent()).resolves.toContain('Two pallets, fragile');
    await checkScreen(page, 'view job (Admin)');

    // The confirmation reaches the consignee through the outbox, the notification service and SMTP.
    await page.getByRole('button', { name: 'Send Booking Confirm eMail to Consignee' }).click();
    await visible(toast('Booking confirmation email sent successfully'));
    const mail = await waitFor(
      async () => {
        const all = await (await fetch(`${mailInbox}/api/email`)).json();
        return all.find((m) => m.to.some((to) => to.address === consigneeEmail) && m.text.includes(employeeJobNo));
      },
      { timeoutMs: 30_000, what: `the booking confirmation of ${employeeJobNo} in the mail catcher` },
    );
    expect(mail.text).toContain(consignee);
    await visible(page.getByRole('status', { name: 'Last e-mail' }).getByText('Sent'));
    await checkScreen(page, 'view job, confirmation sent (Admin)');
  });

  it('gives the second of two staff saving the same job a clear "changed by someone else", and reloads it', async () => {
    // The Head in a second browser.
    const otherBrowser = await browser.newContext({ viewport: LAPTOP });
    const other = await otherBrowser.newPage();
    await signIn(head, '/admindashboard', other);
    const editPath = `${url}/editjobadmin/${employeeJobNo}`;
    await other.goto(editPath);
    await page.goto(editPath);
    for (const tab of [page, other]) await tab.getByLabel('Additional Information').waitFor();
    await other.getByLabel('Personal Information').fill('Call before delivery');
    await other.getByRole('button', { name: 'Save' }).click();
    await other.getByRole('heading', { name: 'Today Job Inquiry' }).waitFor();
    await otherBrowser.close();

    await page.getByLabel('Additional Information').fill('Three pallets');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(`Failed to update job: ${JobTexts.changedByOthers}`));
    await checkScreen(page, 'edit job, changed by someone else (Admin)');
    await page.getByRole('button', { name: 'Reload the job' }).click();
    // The form starts again from the saved job (a new element once the reload is in).
    await page.locator('textarea', { hasText: 'Call before delivery' }).waitFor();

    await page.getByRole('checkbox', { name: 'Proceed to Proceeding' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Today Job Inquiry' }).waitFor();
    // A booking now: it left the worklist "Today Job Inquiry".
    await page.getByLabel('Search jobs').fill(employeeJobNo);
    await visible(page.getByText(JobTexts.noWorklist));
  });

  it('adds an Export job from the EXPORT tile, with an EXP number, on the Export worklist only', async () => {
    await page.goto(`${url}/adminshipmentmanagement`);
    await follow('EXPORT', 'Export Management');
    await follow('Today Job Inquiry', 'Today Job Inquiry');
    await follow('Add New Job', 'Add Export Job');
    await fillJob(employee.fullName);
    await page.getByRole('button', { name: 'Add Job' }).click();
    await page.getByRole('heading', { name: 'Today Job Inquiry' }).waitFor();
    expect(new URL(page.url()).search).toBe('?direction=Export');
    await page.getByLabel('Search jobs').fill(run);
    await visible(page.getByRole('cell', { name: /^EXP-\d{6}$/ }));
    await expect(page.getByRole('cell', { name: /^IMP-/ }).count()).resolves.toBe(0);
    await checkScreen(page, 'export worklist (Admin)');
    // The frame names the direction of the screen, not always Import.
    await visible(page.getByText('Welcome to Export Management'));
    await expect(page.getByText('Welcome to Import Management').count()).resolves.toBe(0);
    await signOut();
  });

  it('lets the Head set the shipment counter, never onto a number a job has', async () => {
    await signIn(head, '/admindashboard');
    await page.goto(`${url}/admindashboard/administrativetools`);
    await follow('Manage Shipment Counter', 'Manage Shipment Counter');
    const current = page.getByText('Current counter:').locator('strong');
    await visible(current);
    const value = Number(await current.textContent());
    expect(value).toBeGreaterThanOrEqual(Number(employeeJobNo.slice(4)));
    await checkScreen(page, 'shipment counter (Head)');

    await page.getByLabel('New counter value').fill('-1');
    await page.getByRole('button', { name: 'Update Counter' }).click();
    await visible(page.getByText('Invalid counter value. Please enter a positive number.'));
    await page.getByLabel('New counter value').fill(String(Number(headJobNo.slice(4)) - 1));
    await page.getByRole('button', { name: 'Update Counter' }).click();
    await visible(page.getByText(/^The counter cannot be set below/));
    await checkScreen(page, 'shipment counter refused (Head)');
    await page.getByLabel('New counter value').fill(String(value + 5));
    await page.getByRole('button', { name: 'Update Counter' }).click();
    await expect(current.filter({ hasText: String(value + 5) }).waitFor()).resolves.toBeUndefined();
  });

  it('broke no Content-Security-Policy rule on the way', () => {
    expect(cspViolations).toEqual([]);
  });
});
