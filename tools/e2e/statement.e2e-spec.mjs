import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchBrowser, recordCspViolations, signInThroughApi, target } from './browser.mjs';
import { checkScreen } from './check-screen.mjs';

// The statement of account and the receivables (issue 10; ADR 37) in Chromium through the real
// console, accounts remote, gateway and services: the Head opens the accounts hub (its receivables
// with the lazily loaded charts), picks a consignee on Statement of Account (searched on the
// server), is told a period that ends before it starts is refused, shows the statement and
// downloads it as CSV and as PDF. Each state is checked at 390 and 1366 px with axe-core.
const { url, head } = target();
const run = Date.now().toString(36).slice(-5);
const consignee = `Statement Traders ${run}`;

let browser;
let page;
let cspViolations;
let consigneeId;

async function api(method, path, token, body) {
  const reply = await fetch(`${url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body && JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: text && reply.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

beforeAll(async () => {
  const { token } = await signInThroughApi(head);
  const added = await api('POST', 'consignees/add', token, {
    consigneeName: consignee,
    username: `statement.${run}`,
    password: 'lagoon-ledger-breeze-7',
    email: `accounts.${run}@statement.example`,
    handlingPersonName: 'Nimal',
  });
  if (added.status !== 201) throw new Error(`adding the consignee failed: ${added.status} ${JSON.stringify(added.body)}`);
  consigneeId = added.body.consignee.consignee_id;
  // The accounts service learns the consignee from the directory's event.
  for (let tries = 0; ; tries++) {
    const statement = await api('GET', `accounts/statement/${consigneeId}?from=2026-01-01&to=2026-01-31`, token);
    if (statement.status === 200) break;
    if (tries > 80) throw new Error(`the accounts service did not learn the consignee: ${statement.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await launchBrowser();
  const context = await browser.newContext({ acceptDownloads: true });
  cspViolations = await recordCspViolations(context);
  page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Username').fill(head.username);
  await page.getByLabel('Password').fill(head.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admindashboard');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('statement of account and receivables (Head)', () => {
  it('the hub shows the receivables, with their charts, at both widths', async () => {
    await page.goto(`${url}/admindashboard/accounts`);
    await page.getByRole('heading', { name: 'Receivables at a glance' }).waitFor();
    await page.getByText('Total owed').waitFor();
    await page.getByRole('figure', { name: /invoiced and paid per month/ }).waitFor();
    await page.getByRole('table', { name: 'Invoiced and paid per month' }).waitFor();
    expect(await page.getByRole('table', { name: 'Invoiced and paid per month' }).getByRole('row').count()).toBe(13);
    await checkScreen(page, 'accounts hub with receivables');
  });

  it('picks a consignee found by a search on the server, refuses a backwards period, shows the statement and downloads it as CSV and PDF', async () => {
    await page.goto(`${url}/admindashboard/accounts/statement`);
    await page.getByRole('heading', { name: 'Statement of Account' }).waitFor();
    await checkScreen(page, 'statement, nothing chosen');

    await page.getByLabel('Find consignee').fill(`Traders ${run}`);
    await page.getByLabel('Consignee', { exact: true }).locator('option', { hasText: consignee }).waitFor({ state: 'attached' });
    await page.getByLabel('Consignee', { exact: true }).selectOption({ label: consignee });
    await page.getByLabel('From').fill('2026-03-01');
    await page.getByLabel('To').fill('2026-02-01');
    await page.getByRole('button', { name: 'Show Statement' }).click();
    await page.getByText('To must not be before From').waitFor();
    await checkScreen(page, 'statement, a backwards period');

    await page.getByLabel('From').fill('2026-01-01');
    await page.getByLabel('To').fill('2026-12-31');
    await page.getByRole('button', { name: 'Show Statement' }).click();
    await page.waitForURL((u) => u.searchParams.get('consignee') === consigneeId);
    await page.getByText(`${consignee}: 01/01/2026 to 31/12/2026`).waitFor();
    await page.getByText('Closing balance').waitFor();
    await checkScreen(page, 'statement shown');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe(`statement-statement-traders-${run}-2026-01-01-2026-12-31.csv`);
    const csvText = await readFile(await csv.path(), 'utf8');
    expect(csvText.split('\r\n')[0]).toBe('\uFEFF"Date","Type","Reference","Details","Debit (Rs.)","Credit (Rs.)","Balance (Rs.)"');
    expect(csvText).toContain('"01/01/2026","Brought forward"');
    expect(csvText).toContain('"31/12/2026","Carried forward"');

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`statement-statement-traders-${run}-2026-01-01-2026-12-31.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(cspViolations).toEqual([]);
  });
});
