import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSION_KEYS } from '@freight/contracts';
import { launchBrowser, recordCspViolations, target } from './browser.mjs';

// One staff member's day, through the real console, remote, gateway, directory service,
// Postgres and NATS: the Head sets up a branch and an Admin, the Admin signs in and works
// within what an Admin may do. Steps build on each other, so they run in order.
const { url, head } = target();
const run = Date.now().toString(36).slice(-5);
const branch = { city: `Galle ${run}`, location: '14 Church Street, Fort', contact: '+94 91 222 3344', code: `G${run}`.toUpperCase() };
const admin = { fullName: `Amara Silva ${run}`, username: `amara.${run}`, email: `amara.${run}@example.com`, password: 'harbour-lights-42' };
const employee = { fullName: `Ruwan Dias ${run}`, username: `ruwan.${run}`, email: `ruwan.${run}@example.com`, password: 'container-yard-7' };
const tools = `${url}/admindashboard/administrativetools`;

let browser;
let page;
let cspViolations;
const sidebar = () => page.getByRole('navigation', { name: 'Dashboard' });

/** Wait until the locator is visible (a failing step names what it waited for). */
const visible = (locator) => locator.waitFor({ state: 'visible' });

async function signIn(who) {
  await page.goto(url);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admindashboard');
}

async function signOut() {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** A toast (or inline notice) with exactly this text becomes visible. */
async function expectNotice(text) {
  await expect(page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' })).resolves.toBeUndefined();
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
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  cspViolations = await recordCspViolations(page.context());
});

afterAll(async () => {
  await browser?.close();
});

describe('a staff day in the console', () => {
  it('sends a visitor without a session from a staff screen to the sign-in page', async () => {
    await page.goto(`${tools}/manageuser`);
    await page.waitForURL((u) => u.pathname === '/');
    await visible(page.getByRole('button', { name: 'Sign in' }));
  });

  it('refuses a wrong password with the server message under the form', async () => {
    await page.getByLabel('Username').fill(head.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor()).resolves.toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('user_login'))).not.toBe('true');
  });

  it('signs the Head in to the dashboard, with Accounts and the Shipment Management button', async () => {
    await signIn(head);
    expect(await page.evaluate(() => localStorage.getItem('user_role'))).toBe('Head');
    await visible(sidebar().getByRole('link', { name: 'Accounts' }));
    await visible(page.getByRole('link', { name: 'Shipment Management' }));
  });

  it('lets the Head add a branch', async () => {
    await sidebar().getByRole('link', { name: 'Administrative Tools' }).click();
    // The Shipment Management button shows only on the exact dashboard path.
    await page.waitForURL((u) => u.pathname.endsWith('/administrativetools'));
    await page.getByRole('link', { name: 'Shipment Management' }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Manage Branch' }).click();
    await page.getByRole('link', { name: 'Add Branch' }).click();
    await page.getByLabel('Branch Name').fill(branch.city);
    await page.getByLabel('Location').fill(branch.location);
    await page.getByLabel('Contact').fill(branch.contact);
    await page.getByLabel('Branch Code').fill(branch.code);
    await page.getByRole('button', { name: 'Add Branch' }).click();
    await expectNotice('Branch added successfully!');
    await page.waitForURL((u) => u.pathname.endsWith('/managebranch'));

    await page.getByLabel('Search by city').fill(branch.city);
    const table = page.getByRole('table', { name: 'Branches' });
    await table.getByRole('cell', { name: branch.code }).waitFor();
    await visible(table.getByRole('cell', { name: branch.location }));
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
      await expectNotice('User added successfully!');
      await page.waitForURL((u) => u.pathname.endsWith('/manageuser'));
    }
    await page.getByLabel('Search users').fill(run);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('cell', { name: admin.username, exact: true }).waitFor();
    await visible(table.getByRole('cell', { name: employee.username, exact: true }));
    await visible(table.getByRole('cell', { name: branch.city }).first());
  });

  it('signs out, clearing every session key, and staff screens send back to /', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await signOut();
    const left = await page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), [...SESSION_KEYS]);
    expect(left).toEqual([]);
    // The token is revoked on the server, not only forgotten by the browser.
    const reuse = await fetch(`${url}/api/users/all`, { headers: { authorization: `Bearer ${token}` } });
    expect(reuse.status).toBe(401);
    await page.goto(`${url}/admindashboard`);
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('signs the Admin in and shows only the tiles an Admin sees', async () => {
    await signIn(admin);
    await visible(sidebar().getByRole('link', { name: 'My Management' }));
    await expect(sidebar().getByRole('link', { name: 'Accounts' }).count()).resolves.toBe(0);
    await sidebar().getByRole('link', { name: 'Administrative Tools' }).click();
    await page.getByRole('link', { name: 'Manage User' }).waitFor();
    for (const headOnly of ['Manage Branch', 'Manage Yard', 'Manage Client News', 'Manage Shipment Type', 'Manage Shipment Counter']) {
      await expect(page.getByText(headOnly, { exact: true }).count()).resolves.toBe(0);
    }
    // Screens of later work are shown, but disabled with a hint.
    const consignee = page.getByRole('button', { name: 'Manage Consignee' });
    await expect(consignee.isDisabled()).resolves.toBe(true);
    await visible(page.getByText('Not available yet').first());
  });

  it('refuses the Admin a Head-only screen', async () => {
    await page.goto(`${tools}/managebranch`);
    await page.getByRole('heading', { name: 'You do not have permission' }).waitFor();
    await page.goto(`${tools}/adduserhead`);
    await page.getByRole('heading', { name: 'You do not have permission' }).waitFor();
  });

  it('lets the Admin edit an Employee', async () => {
    await page.goto(`${tools}/manageuser`);
    await page.getByLabel('Search users').fill(employee.username);
    await page.getByRole('link', { name: `Edit user ${employee.username}` }).click();
    await page.waitForURL((u) => u.pathname.endsWith(`/edituser/${employee.username}`));
    const fullName = page.getByLabel('Full Name');
    await expect(fullName.inputValue()).resolves.toBe(employee.fullName);
    await fullName.fill(`${employee.fullName} Jr`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice('User updated successfully');
    await page.waitForURL((u) => u.pathname.endsWith('/manageuser'));
    await page.getByLabel('Search users').fill(employee.username);
    await page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: `${employee.fullName} Jr` }).waitFor();
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
    await expectNotice('User deleted successfully');
    await page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: employee.username, exact: true }).waitFor({ state: 'detached' });
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
