/* global location, history, dispatchEvent, PopStateEvent -- page.evaluate callbacks run in the browser */
// `npm run bench:forms`: the job and booking forms with 100,000 consignees (and 100,000 staff
// users), in Chromium through the edge of an isolated system, as production serves the web apps'
// builds (run `npm run build` first, or pass --build). For the Head's Add Job and Edit Booking
// forms, opened from the console (the goal: under 1 s) and as a cold page load: the time until the
// form is usable (its reference pickers on show, the booking's values in place) and the bytes
// downloaded by then (encoded, as sent; the browser's cache off); then the time a picker takes to offer names once a name is typed; and, for
// comparison, what the forms downloaded before the pickers (docs/adr/0041): the name lists
// `GET /api/consignees/unique` and `/api/users/unique`, whole. Not part of npm test.
import { seedDirectory } from './directory-seed.mjs';
import { quiet, PRODUCTION_SETTINGS } from './measure.mjs';
import { serviceNamed } from '../dev/services.mjs';
import { startSystem } from '../dev/start.mjs';
import { launchBrowser } from '../e2e/browser.mjs';
import { apiCaller, headToken, seedTrackedShipment } from '../web-audit/seed.mjs';

const USERS = 100_000;
const BRANCHES = 500;
const CONSIGNEES = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The forms must be usable within this (issue 21); slower is exit code 1. */
const GOAL_MS = 1_000;
const TIMEOUT_MS = 30_000;

const say = (line) => console.log(line);
/** Consignee n's name as seedDirectory writes it. */
const consigneeName = (n) => `Consignee ${String(n).padStart(6, '0')} ${['Traders', 'Imports', 'Holdings', 'Lanka'][n % 4]}`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A page whose every download is counted (encoded bytes), with the browser's cache off: each load is a cold one. */
async function countingPage(context) {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const counted = { bytes: 0, requests: 0 };
  cdp.on('Network.loadingFinished', (event) => {
    counted.bytes += event.encodedDataLength;
    counted.requests++;
  });
  return { page, counted };
}

/** Opens `path` and waits until `usable`: the milliseconds and bytes (and requests) it took. */
async function openForm({ page, counted }, url, path, usable) {
  counted.bytes = 0;
  counted.requests = 0;
  const started = performance.now();
  await page.goto(`${url}${path}`);
  await usable(page);
  return { ms: performance.now() - started, bytes: counted.bytes, requests: counted.requests };
}

/**
 * Opens `path` inside the console already on show (the router follows the address, as a link in the
 * console does), from the dashboard: the milliseconds and bytes until `usable`.
 */
async function openInConsole({ page, counted }, path, usable) {
  await page.evaluate(() => {
    history.pushState(null, '', '/admindashboard');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('heading', { name: 'My Management' }).waitFor();
  counted.bytes = 0;
  counted.requests = 0;
  const started = performance.now();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await usable(page);
  return { ms: performance.now() - started, bytes: counted.bytes, requests: counted.requests };
}

/** Types `text` into the picker and waits until it offers `expected`: the milliseconds it took. */
async function searchPicker(page, label, text, expected) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  const started = performance.now();
  await input.fill(text);
  await page
    .getByRole('listbox', { name: `Choices: ${label}` })
    .getByRole('option', { name: expected, exact: true })
    .waitFor();
  const ms = performance.now() - started;
  await page.keyboard.press('Escape');
  return ms;
}

/** One name list as the old forms fetched it on opening: time and bytes as sent. */
async function nameList(page, url, path) {
  return page.evaluate(async (address) => {
    const started = performance.now();
    const answer = await fetch(address, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    const body = await answer.json().catch(() => null);
    const ms = performance.now() - started;
    const [entry] = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByName(new URL(address, location.href).href).slice(-1));
    return { ms, bytes: entry?.transferSize ?? 0, status: answer.status, names: Array.isArray(body) ? body.length : null, message: body?.message };
  }, `${url}${path}`);
}

const system = await startSystem({ env: PRODUCTION_SETTINGS, isolated: { label: 'bench-forms' }, build: process.argv.includes('--build'), out: quiet });
let browser;
let failed = false;
try {
  const { url, headLogin: head } = system;
  const seconds = await seedDirectory(system.env[serviceNamed('directory').databaseUrlVariable], { users: USERS, branches: BRANCHES, consignees: CONSIGNEES });
  say(`seeded ${USERS.toLocaleString('en')} users and ${CONSIGNEES.toLocaleString('en')} consignees in ${seconds.toFixed(1)} s`);
  const call = apiCaller(url, await headToken(url, head));
  const run = Date.now().toString(36).slice(-5);
  const seeded = await seedTrackedShipment(call, run, head.username);
  // The booking names its notify consignee: Edit Booking shows it.
  const [booking] = (await call('GET', `/shipments/searchbooklist/${seeded.jobNo}`)).results;
  await call('PUT', `/shipments/updatebooking/${seeded.jobNo}`, {
    ...seeded.booking,
    statusOfShipment: 'Transit',
    notify: seeded.consignee.consigneeName,
    version: booking.version,
  });

  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const tab = await countingPage(context);
  await tab.page.goto(`${url}/#login`);
  await tab.page.getByLabel('Username').fill(head.username);
  await tab.page.getByLabel('Password').fill(head.password);
  await tab.page.getByRole('button', { name: 'Sign in' }).click();
  await tab.page.waitForURL((u) => u.pathname === '/admindashboard');

  const forms = [
    {
      name: 'Add Job (Head, /addjobhead)',
      path: '/addjobhead',
      usable: async (page) => {
        await page.getByRole('heading', { name: 'Add Import Job' }).waitFor();
        for (const label of ['User Name', 'Branch City', 'Consignee Name', 'Origin Port']) await page.getByRole('combobox', { name: label }).waitFor();
        await page.getByRole('button', { name: 'Add Job' }).waitFor();
      },
      search: { label: 'Consignee Name', first: 99_000 },
    },
    {
      name: `Edit Booking (Head, /editbooking/${seeded.jobNo})`,
      path: `/editbooking/${seeded.jobNo}`,
      usable: async (page) => {
        const notify = page.getByRole('combobox', { name: 'Original Consignee (Notify)' });
        await notify.waitFor();
        const vessel = page.getByLabel('Vessel Name');
        for (
          const deadline = Date.now() + TIMEOUT_MS;
          (await notify.inputValue()) !== seeded.consignee.consigneeName || (await vessel.inputValue()) !== seeded.booking.Vesselname;
        ) {
          if (Date.now() > deadline) throw new Error('Edit Booking did not show the booking');
          await page.waitForTimeout(10);
        }
      },
      search: { label: 'Original Consignee (Notify)', first: 12_000 },
    },
  ];

  const rows = [];
  for (const form of forms) {
    const cold = [];
    for (let i = 0; i < RUNS; i++) cold.push(await openForm(tab, url, form.path, form.usable));
    const searches = [];
    for (let i = 0; i < RUNS; i++) {
      // A name not searched before (a search already answered would come from the query cache).
      const n = form.search.first + i * 7;
      const name = consigneeName(n);
      searches.push(await searchPicker(tab.page, form.search.label, name.split(' ').slice(0, 2).join(' '), name));
    }
    const inConsole = [];
    for (let i = 0; i < RUNS; i++) inConsole.push(await openInConsole(tab, form.path, form.usable));
    const ms = (loads) => median(loads.map((l) => l.ms));
    const figures = (loads) => [`${ms(loads).toFixed(0)} ms`, kb(median(loads.map((l) => l.bytes))), String(median(loads.map((l) => l.requests)))];
    failed ||= ms(inConsole) > GOAL_MS;
    rows.push([form.name, ...figures(inConsole), ...figures(cold), `${median(searches).toFixed(0)} ms`]);
  }
  const before = [];
  for (const path of ['/api/consignees/unique', '/api/users/unique']) {
    const list = await nameList(tab.page, url, path);
    const what = list.names === null ? `refused: ${list.status} ${list.message ?? ''}`.trim() : `${list.names.toLocaleString('en')} names`;
    before.push([`GET ${path} (${what})`, `${list.ms.toFixed(0)} ms`, kb(list.bytes)]);
  }

  console.log(
    `\n${CONSIGNEES.toLocaleString('en')} consignees, ${USERS.toLocaleString('en')} users; median of ${RUNS} cold loads (cache off), Chromium at 1366×768\n`,
  );
  console.log('Opened from the console (as a link in it does) and as a cold page load (the whole console first), until the form is usable:\n');
  console.log('| Form | In the console | Downloaded | Requests | Cold page load | Downloaded | Requests | A typed name offered after |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('\nBefore the pickers, each form also fetched whole name lists when it opened (the add form six, Edit Booking four), these two among them:\n');
  console.log('| List | Time | Size as sent |');
  console.log('|---|---:|---:|');
  for (const row of before) console.log(`| ${row.join(' | ')} |`);
  if (failed) console.log(`\nA form opened from the console took longer than ${GOAL_MS} ms to become usable.`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser?.close();
  await system.stop();
}
process.exit(failed ? 1 : 0);
