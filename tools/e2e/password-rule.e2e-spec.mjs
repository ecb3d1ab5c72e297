import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchBrowser, target } from './browser.mjs';

// The staff password rule in the real build: the user form refuses a common password inline,
// and the list of common passwords (a large lazily loaded chunk) is fetched by that form only,
// never on the way through sign-in.
const { url, head } = target();
let browser;
let page;
/** Scripts fetched so far that hold the common-password list, and the reads still running. */
const listScripts = new Set();
const reads = [];
const settled = () => Promise.all(reads);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(
      response.text().then(
        (body) => body.includes('trustno1') && listScripts.add(response.url()),
        () => undefined,
      ),
    );
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the staff password rule in the browser', () => {
  it('signs in without fetching the common-password list', async () => {
    await page.goto(url);
    await page.getByLabel('Username').fill(head.username);
    await page.getByLabel('Password').fill(head.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admindashboard');
    await page.goto(`${url}/admindashboard/administrativetools/adduserhead`);
    await page.getByLabel('Full Name').waitFor();
    await settled();
    expect([...listScripts]).toEqual([]);
  });

  it('shows "too common" under Password for a common password, and fetches the list for that', async () => {
    await page.getByLabel('Full Name').fill('Common Password');
    await page.getByLabel('Username').fill('common.password');
    await page.getByLabel('Email').fill('common.password@example.com');
    await page.getByLabel('Password').fill('password1234');
    await page.getByLabel('Contact').fill('+94 77 555 0101');
    await page.getByLabel('Branch').selectOption('Colombo');
    await page.getByLabel('Role').selectOption('Employee');
    await page.getByLabel('Department').selectOption('Import');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('This password is too common or too easy to guess. Try a longer phrase of unrelated words.').waitFor();
    await expect(page.url()).toMatch(/\/adduserhead$/);
    await settled();
    expect(listScripts.size).toBe(1);
  });
});
