import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchBrowser, target } from './browser.mjs';
import { LAPTOP, checkScreen } from './check-screen.mjs';

// The master-data remote is deployed on its own. While it is unreachable, its slot in
// the console says so, its tiles on the Administrative Tools page show as not available,
// and the rest of the console keeps working; once it is back, a retry loads it without
// reloading the console.
const { url, head } = target();
const REMOTE = '/remotes/master-data/';
let browser;
let page;
let remoteDown = true;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: LAPTOP });
  page.setDefaultTimeout(10_000);
  await page.route(`${url}${REMOTE}**`, (route) => (remoteDown ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue()));
});

afterAll(async () => {
  await browser?.close();
});

describe('a remote that cannot be loaded', () => {
  it('shows a clear message in its slot while the shell keeps working', async () => {
    await page.goto(url);
    await page.getByLabel('Username').fill(head.username);
    await page.getByLabel('Password').fill(head.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admindashboard');

    await page.goto(`${url}/admindashboard/administrativetools/manageuser`);
    await page.getByText('This part of the console could not be loaded. Try again later.').waitFor();
    await checkScreen(page, 'remote failed in its slot');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Administrative Tools' }).click();
    // Its menu did not come either (ADR 20): its tiles are there, not available, with a retry.
    await page.getByText('Some tools could not be loaded; their tiles show as not available.').waitFor();
    await expect(page.getByRole('button', { name: 'Manage User' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Manage Consignee').first().isVisible()).resolves.toBe(true);
    await checkScreen(page, 'remote menu failed');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Try again', disabled: false }).waitFor();
    await expect(page.getByRole('link', { name: 'Manage User' }).count()).resolves.toBe(0);
  });

  it('loads the remote on retry once it is back', async () => {
    await page.goBack(); // to the remote's screen, without reloading the console
    await page.waitForURL((u) => u.pathname.endsWith('/manageuser'));
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    remoteDown = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: head.username, exact: true }).waitFor();
  });

  it('shows its tiles on the Administrative Tools page again once it is back', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Administrative Tools' }).click();
    await page.getByRole('link', { name: 'Manage User' }).click();
    await page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: head.username, exact: true }).waitFor();
  });
});
