/* global window, document -- page.evaluate and init scripts run in the browser */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import { launchBrowser, recordCspViolations, target } from './browser.mjs';

// Attacks on the console in the browser. The session token lives in browser storage (as the
// specification keeps it), so the edge's Content-Security-Policy is the XSS defence: markup
// from data is shown as text, and script that reaches the page anyway does not run.
const { url, head } = target();
const run = Date.now().toString(36).slice(-5);
const XSS_NAME = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
const victim = { username: `xss.${run}`, password: `stored-xss-${run}-harbour` };

let browser;
let page;
let violations;

/** A call to the API as the Head. */
async function api(method, path, body, token) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  const reply = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(reply)}`);
  return reply;
}

beforeAll(async () => {
  const { token } = await api('POST', '/api/users/login', head);
  const city = `Xss ${run}`;
  await api('POST', '/api/branches/add', { BranchCity: city, Location: '1 Harbour Road', Contact: '+94 11 234 5678', Code: `X${run}`.toUpperCase() }, token);
  await api(
    'POST',
    '/api/users/add',
    {
      ...victim,
      fullName: XSS_NAME,
      email: `${victim.username}@example.com`,
      branchCity: city,
      contact: '+94 77 555 0101',
      role: 'Employee',
      department: 'Import',
    },
    token,
  );

  browser = await launchBrowser();
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  violations = await recordCspViolations(page.context());
  await page.goto(url);
  await page.getByLabel('Username').fill(head.username);
  await page.getByLabel('Password').fill(head.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admindashboard');
});

afterAll(async () => {
  await browser?.close();
});

describe('attacks on the console in the browser', () => {
  it("stored XSS: a script in a user's full name is shown as text on Manage User and never runs", async () => {
    await page.goto(`${url}/admindashboard/administrativetools/manageuser`);
    await page.getByLabel('Search users').fill(victim.username);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('cell', { name: victim.username, exact: true }).waitFor();
    await expect(table.getByRole('cell', { name: XSS_NAME, exact: true }).textContent()).resolves.toBe(XSS_NAME);
    const injected = await page.evaluate(() => ({
      xss: /** @type {any} */ (window).__xss,
      images: document.querySelectorAll('img[src="x"]').length,
      scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
    }));
    expect(injected).toEqual({ xss: undefined, images: 0, scripts: 0 });
    expect(violations).toEqual([]);
  });

  it('injected script: markup that reaches the page anyway is stopped by the Content-Security-Policy', async () => {
    // What a future rendering bug (innerHTML, a bad dependency) would let through: an inline
    // event handler and an inline script. Settles once both are blocked, or one has run.
    const outcome = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const win = /** @type {any} */ (window);
          const blocked = [];
          const settle = () => resolve({ xss: win.__xss, blocked: blocked.sort() });
          document.addEventListener('securitypolicyviolation', (e) => blocked.push(e.effectiveDirective) === 2 && settle());
          const img = document.createElement('img');
          img.addEventListener('error', () => win.__xss !== undefined && settle());
          img.setAttribute('onerror', 'window.__xss = 3');
          img.src = '/no-such-image.png';
          document.body.append(img);
          const script = document.createElement('script');
          script.textContent = 'window.__xss = 4';
          document.body.append(script); // runs at once unless refused
          if (win.__xss !== undefined) settle();
        }),
    );
    expect(outcome).toEqual({ xss: undefined, blocked: ['script-src-attr', 'script-src-elem'] });
  });

  it('clickjacking: another site cannot frame the console', async () => {
    // The attacker's site: another origin on this machine, framing the console.
    const site = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Win a prize</h1><iframe name="console" src="${url}/"></iframe>`),
    );
    await new Promise((r) => site.listen(0, '127.0.0.1', () => r(undefined)));
    const attacker = await browser.newPage();
    try {
      const framed = attacker.waitForEvent('framenavigated', (frame) => frame.name() === 'console' && frame.url() !== 'about:blank');
      await attacker.goto(`http://localhost:${/** @type {import('node:net').AddressInfo} */ (site.address()).port}/`);
      // The browser refuses the console in a frame (frame-ancestors 'none') and shows its error page there.
      const frame = await framed;
      expect(frame.url()).toBe('chrome-error://chromewebdata/');
      await expect(frame.getByRole('button', { name: 'Sign in' }).count()).resolves.toBe(0);
    } finally {
      await attacker.close();
      site.close();
    }
  });
});
