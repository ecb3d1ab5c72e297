/* global document, innerWidth */ // used in page.evaluate callbacks, which run in the browser
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { ContactTexts, SESSION_KEYS } from '@freight/contracts';
import { launchBrowser, recordCspViolations, target } from './browser.mjs';
import { LAPTOP, PHONE, checkScreen } from './check-screen.mjs';
import { waitFor } from '../dev/net.mjs';

// One staff member's day, through the real console, remote, gateway, directory service,
// Postgres and NATS: the Head sets up a branch, an Admin, a forwarder and a consignee, the
// Admin signs in and works within what an Admin may do, the Head changes the consignee's
// opening balance and deletes it. On the way the Head adds client news and an announcement for
// the consignee, which the consignee's token reads (and not another consignee's); a visitor's
// contact message reaches the support inbox of the run's mail catcher. Steps build
// on each other, so they run in order. Every screen and state on the way is checked at phone
// and laptop width (checkScreen: no sideways overflow, Log Out on screen, no serious or
// critical axe-core violation).
const { url, portalUrl, head, mailInbox, supportEmail } = target();
const run = Date.now().toString(36).slice(-5);
const branch = { city: `Galle ${run}`, location: '14 Church Street, Fort', contact: '+94 91 222 3344', code: `G${run}`.toUpperCase() };
const admin = { fullName: `Amara Silva ${run}`, username: `amara.${run}`, email: `amara.${run}@example.com`, password: 'harbour-lights-42' };
const employee = { fullName: `Ruwan Dias ${run}`, username: `ruwan.${run}`, email: `ruwan.${run}@example.com`, password: 'container-yard-7' };
const consignee = {
  name: `Harbour Foods ${run}`,
  username: `harbour.${run}`,
  email: `accounts.${run}@harbour.example`,
  password: 'spice-lagoon-harbour-9',
  additionalEmails: [`ops.${run}@harbour.example`, `docs.${run}@harbour.example`],
};
const news = `Colombo port works on Sunday ${run}`;
const announcement = `Your container has arrived ${run}`;
const forwarder = { name: `Lanka Cargo ${run}`, renamed: `Lanka Cargo Lines ${run}`, email: `ops.${run}@example.com` };
const tools = `${url}/admindashboard/administrativetools`;

let browser;
let page;
let cspViolations;
const sidebar = () => page.getByRole('navigation', { name: 'Dashboard' });
const logOut = () => page.getByRole('banner').getByRole('button', { name: 'Log Out' });

/** Wait until the locator is visible (a failing step names what it waited for). */
const visible = (locator) => locator.waitFor({ state: 'visible' });

async function signIn(who, landing = '/admindashboard') {
  await page.goto(url);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === landing);
}

/** Administrative Tools, then the tile's screen (its heading shown). */
async function openTile(tile, heading = tile) {
  await page.goto(tools);
  await page.getByRole('link', { name: tile }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

async function signOut() {
  await logOut().click();
  await page.waitForURL((u) => u.pathname === '/');
}

const toasts = () => page.locator('.mantine-Notifications-root').getByRole('alert');
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No toast on screen covers what the locators show (a toast covering the dialog or Log Out hides what one must read or reach). */
async function expectUncoveredByToasts(...locators) {
  for (const toast of await toasts().all()) {
    // A toast that closed since it was listed covers nothing.
    const toastBox = await toast.boundingBox({ timeout: 500 }).catch(() => null);
    for (const locator of locators) {
      const box = (await locator.isVisible()) ? await locator.boundingBox() : null;
      const covered = toastBox && box && overlap(toastBox, box);
      expect(covered ? `the toast "${await toast.textContent()}" covers "${await locator.textContent()}"` : 'clear').toBe('clear');
    }
  }
}

/** A toast with exactly this text becomes visible, and it leaves the header's name and Log Out uncovered. */
async function expectToast(text) {
  await expect(toasts().filter({ hasText: text }).first().waitFor({ state: 'visible' })).resolves.toBeUndefined();
  await expectUncoveredByToasts(logOut(), page.getByRole('banner').locator('p', { hasText: 'Signed in as' }));
}

/** The screen sits in the shell: the header with Log Out, the sidebar, the banner. */
async function expectShell() {
  await visible(logOut());
  await expect(sidebar().count()).resolves.toBe(1);
  await visible(page.getByText('Welcome to Import Management'));
}

async function fillUserForm(user, role) {
  await page.getByLabel('Full Name').fill(user.fullName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByLabel('Contact').fill('+94 77 555 0101');
  await page.getByLabel('Branch').selectOption(branch.city);
  await page.getByLabel('Role').selectOption(role);
  await page.getByLabel('Department').selectOption('Import');
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: LAPTOP });
  page.setDefaultTimeout(10_000);
  cspViolations = await recordCspViolations(page.context());
});

afterAll(async () => {
  await browser?.close();
});

describe('a staff day in the console', () => {
  it("sends a visitor without a session from a staff screen to the start page, the microsite's sign-in form", async () => {
    await page.goto(`${tools}/manageuser`);
    await page.waitForURL((u) => u.pathname === '/');
    // A page load: the microsite's own document (its #login form), not a console screen.
    await page.locator('#login').waitFor({ state: 'attached' });
    await visible(page.getByRole('button', { name: 'Sign in' }));
    // The icons the page names are served (the browser asks for /favicon.ico by itself too).
    const icons = await page.evaluate(() => [...document.querySelectorAll('link[rel=icon]')].map((l) => l.getAttribute('href')));
    for (const icon of new Set(['/favicon.ico', ...icons])) {
      const reply = await fetch(url + icon);
      expect([icon, reply.status, reply.headers.get('content-type')?.split('/')[0]]).toEqual([icon, 200, 'image']);
    }
    await checkScreen(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('Username is required'));
    await checkScreen(page, 'sign-in with missing fields');
  });

  it('refuses a wrong password with the server message under the form', async () => {
    await page.getByLabel('Username').fill(head.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor()).resolves.toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('user_login'))).not.toBe('true');
    await checkScreen(page, 'sign-in error');
  });

  it('signs the Head in to the dashboard, with Accounts and the Shipment Management button', async () => {
    await signIn(head);
    expect(await page.evaluate(() => localStorage.getItem('user_role'))).toBe('Head');
    await visible(sidebar().getByRole('link', { name: 'Accounts' }));
    await visible(page.getByRole('link', { name: 'Shipment Management' }));
    await checkScreen(page, 'dashboard (Head)');
  });

  it('opens Shipment Management (the jobs remote) inside the shell, with the import and export tiles', async () => {
    await page.getByRole('link', { name: 'Shipment Management' }).click();
    await page.waitForURL((u) => u.pathname === '/adminshipmentmanagement');
    await page.getByRole('heading', { name: 'Shipment Management' }).waitFor();
    await expectShell();
    await expect(page.getByRole('link', { name: 'EXPORT' }).getAttribute('href')).resolves.toBe('/manageimportadmin?direction=Export');
    await checkScreen(page, 'shipment chooser (Head)');
    await sidebar().getByRole('link', { name: 'My Management' }).click();
    await page.waitForURL((u) => u.pathname === '/admindashboard');
  });

  it('lets the Head add a branch', async () => {
    await sidebar().getByRole('link', { name: 'Administrative Tools' }).click();
    // The Shipment Management button shows only on the exact dashboard path.
    await page.waitForURL((u) => u.pathname.endsWith('/administrativetools'));
    await page.getByRole('link', { name: 'Shipment Management' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Manage Branch' }).waitFor(); // the remotes' menus are in
    await checkScreen(page, 'administrative tools (Head)');

    await page.getByRole('link', { name: 'Manage Branch' }).click();
    await page.getByRole('link', { name: 'Add Branch' }).click();
    await page.getByRole('button', { name: 'Add Branch' }).click();
    await visible(page.getByText('Branch name is required'));
    await checkScreen(page, 'add branch with validation errors');
    await page.getByLabel('Branch Name').fill(branch.city);
    await page.getByLabel('Location').fill(branch.location);
    await page.getByLabel('Contact').fill(branch.contact);
    await page.getByLabel('Branch Code').fill(branch.code);
    await page.getByRole('button', { name: 'Add Branch' }).click();
    await expectToast('Branch added successfully!');
    await page.waitForURL((u) => u.pathname.endsWith('/managebranch'));
    await checkScreen(page, 'branch list with a toast');

    await page.getByLabel('Search by city').fill(branch.city);
    const table = page.getByRole('table', { name: 'Branches' });
    await table.getByRole('cell', { name: branch.code }).waitFor();
    await visible(table.getByRole('cell', { name: branch.location }));
    await page.getByLabel('Search by city').fill(`no such city ${run}`);
    await visible(page.getByText('No branches found.'));
    await checkScreen(page, 'empty branch list');
  });

  it('shows the Head the branch edit form with city and code read-only', async () => {
    await page.goto(`${tools}/editbranch/${encodeURIComponent(branch.city)}`);
    await expect(page.getByLabel('Location').inputValue()).resolves.toBe(branch.location);
    await expect(page.getByLabel('Branch Name').getAttribute('readonly')).resolves.not.toBeNull();
    await checkScreen(page, 'edit branch');
  });

  it('lets the Head add a forwarder and rename it; the list shows the new name', async () => {
    /** The save's toast, then the list the form returns to. */
    const backOnForwarders = async (toast) => {
      await expectToast(toast);
      await page.waitForURL((u) => u.pathname.endsWith('/manageforwarder'));
    };
    await page.goto(`${tools}/manageforwarder`);
    await page.getByRole('link', { name: 'Add Forwarder' }).click();
    await page.getByLabel('Forwarder Name').fill(forwarder.name);
    await page.getByLabel('Email').fill(forwarder.email);
    await checkScreen(page, 'add forwarder');
    await page.getByRole('button', { name: 'Add Forwarder' }).click();
    await backOnForwarders('Forwarder added successfully!');
    await page.getByLabel('Search by name').fill(forwarder.name);
    await page.getByRole('link', { name: `Edit forwarder ${forwarder.name}` }).click();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(forwarder.email);
    await page.getByLabel('Forwarder Name').fill(forwarder.renamed);
    await checkScreen(page, 'edit forwarder');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await backOnForwarders('Forwarder updated successfully');
    await page.getByLabel('Search by name').fill(run);
    const table = page.getByRole('table', { name: 'Forwarders' });
    await table.getByRole('cell', { name: forwarder.renamed, exact: true }).waitFor();
    await expect(table.getByRole('cell', { name: forwarder.name, exact: true }).count()).resolves.toBe(0);
    await visible(page.getByRole('button', { name: `Delete forwarder ${forwarder.renamed}` }));
    await checkScreen(page, 'forwarder list (Head)');
  });

  // The other master-data forms share the forwarder's pages (ADR 15), but not their fields and texts:
  // each is loaded once, checked as it is filled in, saved, and opened again to edit from its list.
  it.each([
    ['origin', 'addorigin', 'Add Origin', { 'Origin Port Name': `Hambantota ${run}`, 'Origin Port Location': 'Southern Province' }],
    ['yard', 'addyard', 'Add Yard', { 'Yard Name': `Peliyagoda ${run}` }],
    ['shipment type', 'AddShipmentType', 'Add Shipment Type', { 'Type of Shipment': `Reefer ${run}` }],
    ['shipment term', 'AddShipmentterm', 'Add Shipment Term', { 'Term of Shipment': `FOB ${run}` }],
  ])('shows the Head the %s add and edit forms, whole at both widths', async (thing, addPath, addButton, values) => {
    await page.goto(`${tools}/${addPath}`);
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
    await checkScreen(page, `add ${thing}`);
    await page.getByRole('button', { name: addButton }).click();
    await expectToast(`${thing[0].toUpperCase()}${thing.slice(1)} added successfully!`);
    const name = Object.values(values)[0];
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('link', { name: `Edit ${thing} ${name}` }).click();
    await expect(page.getByLabel(Object.keys(values)[0]).inputValue()).resolves.toBe(name);
    await checkScreen(page, `edit ${thing}`);
  });

  it("shows the catalogue's text when an add fails without a message from the server", async () => {
    await page.goto(`${tools}/adduserhead`);
    await page.route(`${url}/api/users/add`, (route) => route.fulfill({ status: 500, body: '' }), { times: 1 });
    await fillUserForm(admin, 'Admin');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to add user. Please try again.' }).waitFor()).resolves.toBeUndefined();
    await expect(page.getByText('HTTP error! Status: 500').count()).resolves.toBe(0);
    await checkScreen(page, 'add user failed');
  });

  it('lets the Head add an Admin and an Employee in that branch', async () => {
    for (const [user, role] of [
      [admin, 'Admin'],
      [employee, 'Employee'],
    ]) {
      await page.goto(`${tools}/manageuser`);
      await page.getByRole('link', { name: 'Add User' }).click();
      await page.waitForURL((u) => u.pathname.endsWith('/adduserhead'));
      await fillUserForm(user, role);
      await page.getByRole('button', { name: 'Add User' }).click();
      await expectToast('User added successfully!');
      await page.waitForURL((u) => u.pathname.endsWith('/manageuser'));
    }
    await page.getByLabel('Search users').fill(run);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('cell', { name: admin.username, exact: true }).waitFor();
    await visible(table.getByRole('cell', { name: employee.username, exact: true }));
    await visible(table.getByRole('cell', { name: branch.city }).first());

    // A dialog opened while the toast of the add is still up: on a phone too, the toast
    // leaves the question and its buttons readable.
    await page.getByRole('button', { name: `Delete user ${admin.username}` }).click();
    await page.getByRole('dialog').getByText(`Are you sure you want to delete user ${admin.username}?`).waitFor();
    await page.setViewportSize(PHONE);
    await expectUncoveredByToasts(page.getByRole('dialog'));
    await page.setViewportSize(LAPTOP);
    await checkScreen(page, 'delete dialog open');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await checkScreen(page, 'user list (Head)');
  });

  it('exports the user list as searched: the downloaded CSV has the rows on screen', async () => {
    // The list is still searched for this run's Admin and Employee (the step before).
    const table = page.getByRole('table', { name: 'Users' });
    const onScreen = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(0, -1).map((cell) => cell.textContent.trim())));
    expect(onScreen.map((cells) => cells[0]).sort()).toEqual([admin.username, employee.username].sort());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes.subarray(3).toString('utf8'));
    expect(header).toEqual(['Username', 'Fullname', 'Email', 'Branch', 'Contact', 'Role', 'Department']);
    // A cell a spreadsheet would run as a formula (the +94 of a phone number) is written as text.
    expect(rows).toEqual(onScreen.map((cells) => cells.map((cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell))));
  });

  it('lets the Head add a consignee with two additional e-mails', async () => {
    await openTile('Manage Consignee', 'Manage Consignees');
    await page.getByRole('link', { name: 'Add Consignee' }).click();
    await page.getByRole('button', { name: 'Add Consignee' }).click();
    await visible(page.getByText('Consignee name is required'));
    await checkScreen(page, 'add consignee with validation errors');
    await page.getByLabel('Consignee Name').fill(consignee.name);
    await page.getByLabel('Username').fill(consignee.username);
    await page.getByLabel(/^Email/).fill(consignee.email);
    await page.getByLabel('Handling Person Name').fill('Nimal Perera');
    await page.getByLabel('Password').fill(consignee.password);
    // Rows are added and removed; the form sends the two that are left.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add Email' }).click();
    await page.getByRole('textbox', { name: 'Additional email 1' }).fill(consignee.additionalEmails[0]);
    await page.getByRole('textbox', { name: 'Additional email 2' }).fill('not-an-address');
    await page.getByRole('textbox', { name: 'Additional email 3' }).fill(consignee.additionalEmails[1]);
    await page.getByRole('button', { name: 'Remove additional email 2' }).click();
    await checkScreen(page, 'add consignee');
    await page.getByRole('button', { name: 'Add Consignee' }).click();
    await expectToast('Consignee added successfully!');
    await page.waitForURL((u) => u.pathname.endsWith('/manageconsignee'));
    await page.getByLabel('Search by consignee name').fill(consignee.name);
    await page.getByRole('table', { name: 'Consignees' }).getByRole('cell', { name: consignee.username, exact: true }).waitFor();
    await checkScreen(page, 'consignee list (Head)');
  });

  it('lets the Head add an active news item, which the public news lists, and an announcement the consignee reads (and not another consignee)', async () => {
    await openTile('Manage Client News');
    await page.getByRole('link', { name: 'Add Client News' }).click();
    await page.getByRole('button', { name: 'Add Client News' }).click();
    await visible(page.getByText('News is required'));
    await expect(page.getByLabel('Active').isChecked()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'News' }).fill(news);
    await checkScreen(page, 'add client news');
    await page.getByRole('button', { name: 'Add Client News' }).click();
    await expectToast('Client news added successfully!');
    await page.waitForURL((u) => u.pathname.endsWith('/manageclientnews'));
    await page.getByLabel('Search news').fill(news);
    await page.getByRole('table', { name: 'Client News' }).getByRole('cell', { name: news, exact: true }).waitFor();
    await checkScreen(page, 'client news list (Head)');
    const active = await fetch(`${url}/api/clientnews/active`); // public: no token
    expect(active.status).toBe(200);
    expect((await active.json()).map((item) => item.news)).toContain(news);

    await openTile('Manage Client Announcements');
    await page.getByRole('link', { name: 'Add Announcement' }).click();
    await page.getByRole('textbox', { name: 'Announcement' }).fill(announcement);
    await page.getByRole('combobox', { name: 'Consignee' }).selectOption(consignee.name);
    await checkScreen(page, 'add announcement');
    await page.getByRole('button', { name: 'Add Announcement' }).click();
    await expectToast('Announcement added successfully!');
    await page.waitForURL((u) => u.pathname.endsWith('/manageannouncement'));
    await page.getByLabel('Search announcements').fill(announcement);
    await page.getByRole('table', { name: 'Announcements' }).getByRole('cell', { name: consignee.name, exact: true }).waitFor();
    await checkScreen(page, 'announcement list (Head)');
    // Edited from its row (issue 21: the list had no Edit action).
    await page
      .getByRole('table', { name: 'Announcements' })
      .getByRole('link', { name: /^Edit announcement / })
      .click();
    await page.waitForURL((u) => /\/editannouncement\/[^/]+$/.test(u.pathname));
    const edited = `${announcement}, at gate 4`;
    await page.getByRole('textbox', { name: 'Announcement' }).fill(edited);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/manageannouncement'));
    await page.getByLabel('Search announcements').fill(edited);
    await page.getByRole('table', { name: 'Announcements' }).getByRole('cell', { name: edited, exact: true }).waitFor();

    const signIn = await fetch(`${url}/api/clientlogin/myclientlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: consignee.username, password: consignee.password }),
    });
    const { token } = await signIn.json();
    const read = (username) => fetch(`${url}/api/consigneeanc/active/${username}`, { headers: { authorization: `Bearer ${token}` } });
    const own = await read(consignee.username);
    expect(own.status).toBe(200);
    expect((await own.json()).data.map((a) => a.annoucment)).toEqual([`${announcement}, at gate 4`]);
    expect((await read(`someone.else.${run}`)).status).toBe(403);
  });

  it('works on a phone: the menu drawer, a row action out of sight, Log Out in the header', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${url}/admindashboard`);
    await expect(sidebar().isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await visible(sidebar());
    await visible(sidebar().locator('p', { hasText: 'Signed in as' }));
    await checkScreen(page, 'menu drawer open (Head)');
    await sidebar().getByRole('link', { name: 'Administrative Tools' }).click();
    await page.getByRole('link', { name: 'Manage User' }).click();
    await page.getByLabel('Search users').fill(employee.username);
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    const exportBox = await exportButton.boundingBox();
    expect(exportBox.x >= 0 && exportBox.x + exportBox.width <= PHONE.width).toBe(true);
    // The table scrolls in its own box; the Edit action of the row is reached within it.
    const edit = page.getByRole('link', { name: `Edit user ${employee.username}` });
    await edit.scrollIntoViewIfNeeded();
    const box = await edit.boundingBox();
    expect(box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await expect(page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth)).resolves.toBe(true);
    await edit.click();
    await page.waitForURL((u) => u.pathname.endsWith(`/edituserhead/${employee.username}`));
  });

  it('signs out from the phone, clearing every session key, and staff screens send back to /', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // The browser leaves for the microsite (a page load) and revokes the token on the way out (a
    // keepalive call, which outlives the page and which the page's events do not report): the server refuses it below.
    await signOut();
    await page.setViewportSize(LAPTOP);
    const left = await page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), [...SESSION_KEYS]);
    expect(left).toEqual([]);
    // The token is revoked on the server, not only forgotten by the browser.
    const reuse = () => fetch(`${url}/api/users/all`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status === 401);
    await waitFor(reuse, { timeoutMs: 10_000, what: 'the signed-out token to be refused' });
    await page.goto(`${url}/admindashboard`);
    await page.waitForURL((u) => u.pathname === '/');
  });

  it("leads the client routes to the portal's origin and serves Track & Trace from the microsite", async () => {
    // Signed out (the test before). The client portal and Track & Trace have their own front ends.
    for (const path of ['/clientlogin', '/consigneeshipmentview', '/viewbookingshipper/IMP-000001?from=mail']) {
      const reply = await fetch(url + path, { redirect: 'manual' });
      expect([path, reply.status, reply.headers.get('location')]).toEqual([path, 302, portalUrl + path]);
    }
    await page.goto(`${url}/clientlogin`);
    await page.waitForURL((u) => u.origin === new URL(portalUrl).origin && u.pathname === '/clientlogin');
    await page.goto(`${url}/Searchbl`);
    await page.getByRole('heading', { name: 'Track & Trace' }).waitFor();
    await expect(page.getByText('Not available yet').count()).resolves.toBe(0);
    await expect(sidebar().count()).resolves.toBe(0);
  });

  it('signs the Employee in to the shipment chooser in the shell; an admin screen is refused there with a way back', async () => {
    await signIn(employee, '/shipmentmanagement');
    await page.getByRole('heading', { name: 'Shipment Management' }).waitFor();
    await expectShell();
    await checkScreen(page, 'shipment chooser (Employee)');
    await sidebar().getByRole('link', { name: 'Administrative Tools' }).click();
    await page.getByRole('link', { name: 'Manage User' }).waitFor();
    await expect(page.getByText('Contact messages', { exact: true }).count()).resolves.toBe(0);
    await checkScreen(page, 'administrative tools (Employee)');
    await page.goto(`${tools}/contactmessages`);
    await page.getByRole('heading', { name: 'You do not have permission' }).waitFor();

    await page.goto(`${url}/adminshipmentmanagement`);
    await page.getByRole('heading', { name: 'You do not have permission' }).waitFor();
    await expectShell();
    await checkScreen(page, 'forbidden (Employee)');
    await page.getByRole('link', { name: 'Go to your start page' }).click();
    await page.waitForURL((u) => u.pathname === '/shipmentmanagement');
    await signOut();
  });

  it('signs the Admin in and shows only the tiles an Admin sees', async () => {
    await signIn(admin);
    await visible(sidebar().getByRole('link', { name: 'My Management' }));
    await expect(sidebar().getByRole('link', { name: 'Accounts' }).count()).resolves.toBe(0);
    await checkScreen(page, 'dashboard (Admin)');
    await sidebar().getByRole('link', { name: 'Administrative Tools' }).click();
    await page.getByRole('link', { name: 'Manage User' }).waitFor();
    for (const headOnly of ['Manage Branch', 'Manage Yard', 'Manage Client News', 'Manage Shipment Type', 'Manage Shipment Counter']) {
      await expect(page.getByText(headOnly, { exact: true }).count()).resolves.toBe(0);
    }
    // Every tile an Admin sees has its screens now: each is a link, none "Not available yet".
    for (const built of ['Manage Consignee', 'Manage Forwarder', 'Manage Shipper', 'Manage Origin']) await visible(page.getByRole('link', { name: built }));
    await expect(page.getByText('Not available yet').count()).resolves.toBe(0);
    await checkScreen(page, 'administrative tools (Admin)');
  });

  it("e-mails the public contact form's message to the support inbox, and shows the Admin the message to mark handled", async () => {
    const visitor = {
      fullName: `Nadeesha Visitor ${run}`,
      email: `visitor.${run}@example.com`,
      message: `A 20 ft container to Colombo next month: ${'please call me back. '.repeat(6)}<script>alert("x")</script> & thanks`,
    };
    const sent = await fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(visitor) });
    expect(sent.status).toBe(201);
    await expect(sent.json()).resolves.toEqual({ message: ContactTexts.received });

    // The mail catcher's inbox (its REST API) gets the e-mail to the support address.
    const subject = `Contact form: message from ${visitor.fullName}`;
    const mail = await waitFor(async () => (await (await fetch(`${mailInbox}/api/email?subject=${encodeURIComponent(subject)}`)).json())[0], {
      timeoutMs: 30_000,
      what: `the e-mail "${subject}" in the mail catcher`,
    });
    expect(mail.to.map((to) => to.address)).toEqual([supportEmail]);
    for (const part of [visitor.fullName, visitor.email]) {
      expect(mail.text).toContain(part);
      expect(mail.html).toContain(part);
    }
    expect(mail.text).toContain(visitor.message.trim());
    // The message's own markup is text in the HTML body, never markup.
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; thanks');
    expect(mail.html).not.toContain('<script');

    const handling = page.waitForRequest((r) => r.url().includes('/api/contactMessages/handle/'));
    await page.getByRole('link', { name: 'Contact messages' }).click();
    await page.getByLabel('Search by name or email').fill(run);
    const row = page.getByRole('table', { name: 'Contact messages' }).getByRole('row').filter({ hasText: visitor.fullName });
    await visible(row);
    await checkScreen(page, 'contact messages (Admin)');
    await row.getByText('A 20 ft container').click();
    await visible(row.getByText(visitor.message.trim()));
    await row.getByRole('button', { name: `Mark handled: message from ${visitor.fullName}` }).click();
    await expectToast('Contact message marked as handled');
    // The list shows open messages: the handled one leaves it.
    await expect(row.waitFor({ state: 'detached' })).resolves.toBeUndefined();

    // Staff read the message's e-mails under its business key (contact:<message id>): sent.
    const businessKey = `contact:${new URL((await handling).url()).pathname.split('/').pop()}`;
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const mails = await waitFor(
      async () => {
        const reply = await (await fetch(`${url}/api/mails/${businessKey}`, { headers: { authorization: `Bearer ${token}` } })).json();
        return reply.mails?.[0]?.status === 'sent' && reply.mails;
      },
      { timeoutMs: 30_000, what: `the e-mail of ${businessKey} recorded as sent` },
    );
    expect(mails).toEqual([expect.objectContaining({ businessKey, kind: 'contact-message', to: [supportEmail], subject, status: 'sent', lastError: null })]);
  });

  it('refuses the Admin a Head-only screen inside the shell, with a way back', async () => {
    await page.goto(`${tools}/adduserhead`);
    await page.getByRole('heading', { name: 'You do not have permission' }).waitFor();
    await page.goto(`${tools}/managebranch`);
    await page.getByRole('heading', { name: 'You do not have permission' }).waitFor();
    await expectShell();
    await checkScreen(page, 'forbidden (Admin)');
    await page.getByRole('link', { name: 'Back to Administrative Tools' }).click();
    await page.waitForURL((u) => u.pathname === '/admindashboard/administrativetools');
  });

  it('offers the Admin no delete on the forwarder list', async () => {
    await page.goto(`${tools}/manageforwarder`);
    await page.getByLabel('Search by name').fill(run);
    await visible(page.getByRole('table', { name: 'Forwarders' }).getByRole('cell', { name: forwarder.renamed, exact: true }));
    await visible(page.getByRole('link', { name: `Edit forwarder ${forwarder.renamed}` }));
    await expect(page.getByRole('button', { name: `Delete forwarder ${forwarder.renamed}` }).count()).resolves.toBe(0);
    await checkScreen(page, 'forwarder list (Admin)');
  });

  it('lets the Admin edit an Employee', async () => {
    await page.goto(`${tools}/manageuser`);
    await page.getByLabel('Search users').fill(employee.username);
    await page.getByRole('link', { name: `Edit user ${employee.username}` }).click();
    await page.waitForURL((u) => u.pathname.endsWith(`/edituser/${employee.username}`));
    const fullName = page.getByLabel('Full Name');
    await expect(fullName.inputValue()).resolves.toBe(employee.fullName);
    await fullName.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Full name is required'));
    await checkScreen(page, 'edit user with validation errors');
    await fullName.fill(`${employee.fullName} Jr`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('User updated successfully');
    await page.waitForURL((u) => u.pathname.endsWith('/manageuser'));
    await page.getByLabel('Search users').fill(employee.username);
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('cell', { name: `${employee.fullName} Jr` })
      .waitFor();
    await checkScreen(page, 'user list (Admin)');
  });

  it('offers the Admin no delete for the Head, and the gateway refuses it anyway', async () => {
    await page.getByLabel('Search users').fill(head.username);
    const table = page.getByRole('table', { name: 'Users' });
    await visible(table.getByRole('cell', { name: head.username, exact: true }));
    await expect(page.getByRole('button', { name: `Delete user ${head.username}` }).count()).resolves.toBe(0);

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const reply = await fetch(`${url}/api/users/delete/${head.username}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(403);
    await expect(reply.json()).resolves.toMatchObject({ message: 'Forbidden: You do not have permission to perform this action.' });
  });

  it('lets the Admin delete the Employee after confirming', async () => {
    await page.getByLabel('Search users').fill(employee.username);
    await page.getByRole('button', { name: `Delete user ${employee.username}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to delete user ${employee.username}?`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast('User deleted successfully');
    await page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: employee.username, exact: true }).waitFor({ state: 'detached' });
  });

  it('lets the Admin edit the consignee, with no delete icon, and the gateway refuses a delete anyway', async () => {
    await page.goto(`${tools}/manageconsignee`);
    await page.getByLabel('Search by consignee name').fill(consignee.name);
    await page.getByRole('table', { name: 'Consignees' }).getByRole('cell', { name: consignee.username, exact: true }).waitFor();
    await visible(page.getByRole('link', { name: `View consignee ${consignee.name}` }));
    await expect(page.getByRole('button', { name: `Delete consignee ${consignee.name}` }).count()).resolves.toBe(0);
    await checkScreen(page, 'consignee list (Admin)');
    await page.getByRole('link', { name: `Edit consignee ${consignee.name}` }).click();
    await expect(page.getByRole('textbox', { name: 'Additional email 2' }).inputValue()).resolves.toBe(consignee.additionalEmails[1]);
    await expect(page.getByLabel('Opening Balance (Rs.)').getAttribute('readonly')).resolves.not.toBeNull();
    // Once the consignee exists its opening balance is the Head's: no Unlock for an Admin (the directory refuses a change with 403 anyway).
    await visible(page.getByText('Only the Head can change the opening balance'));
    await expect(page.getByRole('button', { name: 'Unlock' }).count()).resolves.toBe(0);
    await checkScreen(page, 'edit consignee (Admin)');
    await page.getByLabel('Address').fill('12 Harbour Road, Colombo 01');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Consignee updated successfully');
    await page.waitForURL((u) => u.pathname.endsWith('/manageconsignee'));

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const id = await page
      .getByRole('link', { name: `View consignee ${consignee.name}` })
      .getAttribute('href')
      .then((href) => href.split('/').pop());
    const reply = await fetch(`${url}/api/consignees/delete/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(403);
    await signOut();
  });

  it("lets the Head unlock and change the consignee's opening balance, see the change recorded, and delete it after confirming", async () => {
    await signIn(head);
    await page.goto(`${tools}/manageconsignee`);
    await page.getByLabel('Search by consignee name').fill(consignee.name);
    await page.getByRole('link', { name: `Edit consignee ${consignee.name}` }).click();
    const balance = page.getByLabel('Opening Balance (Rs.)');
    await expect(balance.inputValue()).resolves.toBe('0.00');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(balance.getAttribute('readonly')).resolves.toBeNull();
    await balance.fill('1500.755');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Opening balance must have at most 2 decimals'));
    await checkScreen(page, 'edit consignee with the balance unlocked');
    await balance.fill('1500.75');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Consignee updated successfully');
    await page.waitForURL((u) => u.pathname.endsWith('/manageconsignee'));

    await page.getByLabel('Search by consignee name').fill(consignee.name);
    await page.getByRole('link', { name: `View consignee ${consignee.name}` }).click();
    await page.getByRole('heading', { name: 'View Consignee' }).waitFor();
    const details = page.getByRole('table', { name: 'Consignee details' });
    await visible(details.getByRole('cell', { name: consignee.additionalEmails.join(', ') }));
    await visible(details.getByRole('row', { name: /Current Balance/ }).getByRole('cell', { name: 'Rs. 1,500.75' }));
    const change = page.getByRole('table', { name: 'Opening balance changes' }).getByRole('row').filter({ hasText: 'Rs. 1,500.75' });
    await change.waitFor();
    await expect(change.getByRole('cell').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      head.username,
      'Rs. 0.00',
      'Rs. 1,500.75',
    ]);
    await checkScreen(page, 'view consignee');

    await page.getByRole('link', { name: 'Back to Manage Consignees' }).click();
    await page.getByLabel('Search by consignee name').fill(consignee.name);
    await page.getByRole('button', { name: `Delete consignee ${consignee.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to delete the consignee ${consignee.name}?`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast('Consignee deleted successfully');
    await page.getByRole('table', { name: 'Consignees' }).getByRole('cell', { name: consignee.username, exact: true }).waitFor({ state: 'detached' });
    // The deleted consignee's announcement is no longer shown (the notification service follows the directory's events).
    await page.goto(`${tools}/manageannouncement`);
    await page.getByLabel('Search announcements').fill(announcement);
    await visible(page.getByText('No announcements found.'));
  });

  it("works on every screen above within the edge's Content-Security-Policy", () => {
    expect(cspViolations).toEqual([]);
  });

  it('ends a session 60 minutes after sign-in and sends the user back to /', async () => {
    // A page of its own whose clock we can move: 61 minutes pass after sign-in.
    const context = await browser.newContext();
    const clocked = await context.newPage();
    await clocked.clock.install();
    page = clocked;
    page.setDefaultTimeout(10_000);
    await signIn(admin);
    await visible(sidebar().getByRole('link', { name: 'My Management' }));
    await page.clock.fastForward('01:01:00');
    await page.waitForURL((u) => u.pathname === '/');
    const left = await page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), [...SESSION_KEYS]);
    expect(left).toEqual([]);
    await page.goto(`${tools}/manageuser`);
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});
