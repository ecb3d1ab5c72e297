/* global window, document -- page.evaluate and init scripts run in the browser */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Debian Chromium with a fresh profile (Playwright makes a new empty user-data-dir per
 * launch). The flags keep it off the network beyond the page under test.
 */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Where the system under test is (`url`: the main site, the microsite at / and the console; `portalUrl`: the client
 * portal's site), who its Head is, and its mail catcher's inbox and support address (set by global-setup).
 */
export function target() {
  const {
    E2E_BASE_URL: url,
    E2E_PORTAL_URL: portalUrl,
    E2E_HEAD_USERNAME: username,
    E2E_HEAD_PASSWORD: password,
    E2E_MAIL_INBOX_URL: mailInbox,
    E2E_SUPPORT_EMAIL: supportEmail,
  } = process.env;
  if (!url || !portalUrl || !username || !password || !mailInbox || !supportEmail)
    throw new Error(
      'E2E_BASE_URL, E2E_PORTAL_URL, the Head login and the mail inbox are set by tools/e2e/global-setup.mjs: run through jest -c tools/e2e/jest.config.js',
    );
  return { url, portalUrl, head: { username, password }, mailInbox, supportEmail };
}

/**
 * Signs a staff member in through the API (`POST /api/users/login`), for setting up a test's data:
 * the token and the full name.
 * @param {{ username: string, password: string }} who
 */
export async function signInThroughApi(who) {
  const reply = await fetch(`${target().url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.username, password: who.password }),
  });
  if (!reply.ok) throw new Error(`sign-in of ${who.username}: ${reply.status}`);
  const { token, user_fullName: fullName } = await reply.json();
  return { token, fullName };
}

/**
 * Every Content-Security-Policy violation on the pages of `context`, as the browser reports
 * it (`securitypolicyviolation`); the returned list fills as they happen.
 * @param {import('playwright-core').BrowserContext} context
 * @returns {Promise<Array<{ directive: string, blocked: string, source: string }>>}
 */
export async function recordCspViolations(context) {
  const violations = [];
  await context.exposeBinding('__cspViolation', (_source, violation) => void violations.push(violation));
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      /** @type {any} */ (window).__cspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI || 'inline',
        source: `${e.sourceFile}:${e.lineNumber}`,
      }),
    ),
  );
  return violations;
}

/**
 * A call of the API as `token` (a test's setup; the screens are what is under test): status and
 * parsed body. A create carries an Idempotency-Key of its own.
 * @param {string} method @param {string} path e.g. 'consignees/add' @param {string} token @param {unknown} [body]
 */
export async function apiAs(method, path, token, body) {
  const reply = await fetch(`${target().url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: body && JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Signs `who` in through the console's form in `tab` and waits for their landing page.
 * @param {import('playwright-core').Page} tab @param {{ username: string, password: string }} who @param {string} landing
 */
export async function signInWithForm(tab, who, landing) {
  await tab.goto(target().url);
  await tab.getByLabel('Username').fill(who.username);
  await tab.getByLabel('Password').fill(who.password);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await tab.waitForURL((u) => u.pathname === landing);
}

/**
 * Chooses `name` in the reference picker labelled `label` (the kit's ReferencePicker: consignee,
 * origin, ... on the job and booking forms): types it, waits for the server's answer, clicks it.
 * @param {import('playwright-core').Page} page @param {string} label @param {string} name
 */
export async function pick(page, label, name) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(name);
  await page
    .getByRole('listbox', { name: `Choices: ${label}` })
    .getByRole('option', { name, exact: true })
    .click();
}
