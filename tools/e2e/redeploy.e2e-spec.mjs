import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { startEdges } from '../dev/edge.mjs';
import { ROUTES_FILE, loadRoutes } from '../dev/routes.mjs';
import { apiAs, launchBrowser, signInThroughApi, target } from './browser.mjs';
import { LAPTOP } from './check-screen.mjs';

// Independent deployment, shown (issue 11): the built web apps are copied to a folder of this
// test, served by an edge of its own (the one of `npm start`: both sites, startEdges) in front of the
// run's gateway. With a Head's console session open, ONE console remote is rebuilt into that folder
// with a visible change (FREIGHT_BUILD_LABEL=e2e-v2, shown by the kit's PageFrame) and no host
// rebuild: the next navigation shows it, with no page error and the session kept. The same for the
// client-portal remote with a consignee's portal session open. Then a remote built for another
// version of a shared singleton (react ^20) is refused with a clear message in its slot while the
// rest of the console works (ADR 18, ADR 40).
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_APPS = ['console', 'master-data', 'jobs', 'accounts', 'tracking', 'portal', 'client-portal'];
const { head } = target();
const LABEL = 'e2e-v2';
const exec = promisify(execFile);

let dir;
let edges;
let browser;
let page;
let portalPage;
const pageErrors = [];
const run = Date.now().toString(36).slice(-5);
const consignee = { consigneeName: `Redeploy Teas ${run}`, username: `redeploy.${run}`, password: 'lagoon-crane-harbour-73' };
const CLIENT_LANDING = '/consigneeshipmentview';

/**
 * Builds one web app with rspack into this test's copy (its dist only: no other app, no host).
 * `config`: another rspack configuration (default: the app's own), run from the app's folder.
 */
async function rebuild(app, env = {}, config = join(ROOT, 'apps/web', app, 'rspack.config.js')) {
  const out = join(dir, 'apps/web', app, 'dist');
  await exec(process.execPath, [join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production', '-c', config, '-o', out], {
    cwd: join(ROOT, 'apps/web', app),
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The session keys the console keeps (what the microsite's sign-in form stores). */
async function openHeadSession() {
  const reply = await fetch(`${target().url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: head.username, password: head.password }),
  });
  expect(reply.status).toBe(200);
  const login = await reply.json();
  await page.goto(`${edges.urls.main}/`);
  await page.evaluate((l) => {
    const keys = { token: l.token, user_id: l.user_id, user_role: l.user_role, user_username: l.user_username, user_fullName: l.user_fullName };
    for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value);
    localStorage.setItem('user_login', 'true');
    localStorage.setItem('loginTime', String(Date.now()));
  }, login);
  return login.token;
}

const token = () => page.evaluate(() => localStorage.getItem('token'));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'freight-redeploy-'));
  for (const app of WEB_APPS) {
    const dist = join(ROOT, 'apps/web', app, 'dist');
    if (!existsSync(dist)) throw new Error(`apps/web/${app}/dist is missing: build first (npm run build)`);
    cpSync(dist, join(dir, 'apps/web', app, 'dist'), { recursive: true });
  }
  mkdirSync(join(dir, 'deploy/edge'), { recursive: true });
  cpSync(join(ROOT, ROUTES_FILE), join(dir, ROUTES_FILE));
  for (const site of Object.values(loadRoutes(ROOT).sites)) {
    if (site.remoteRegistry) cpSync(join(ROOT, site.remoteRegistry), join(dir, site.remoteRegistry));
  }
  const [main, portal] = (process.env.E2E_SPARE_PORTS ?? '').split(',').map(Number);
  edges = await startEdges({
    root: dir,
    upstreams: { gateway: /** @type {string} */ (process.env.E2E_GATEWAY_URLS).split(',') },
    bodyLimit: Number(process.env.E2E_BODY_LIMIT_BYTES),
    ports: { main, portal },
  });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: LAPTOP });
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  portalPage = await browser.newPage({ viewport: LAPTOP });
  portalPage.setDefaultTimeout(15_000);
  portalPage.on('pageerror', (error) => pageErrors.push(`portal: ${error.message}`));
});

afterAll(async () => {
  await browser?.close();
  await edges?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('one console remote redeployed on its own', () => {
  let before;

  it("runs the copied build: the Head's console session on the accounts remote's hub, no build label", async () => {
    before = await openHeadSession();
    await page.goto(`${edges.urls.main}/admindashboard/accounts`);
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    await page.locator('main h2').first().waitFor();
    await expect(page.getByText(`Build ${LABEL}`).count()).resolves.toBe(0);
  });

  it('rebuilds only the accounts remote with a visible change: the next navigation shows it, the session kept, no page error', async () => {
    await rebuild('accounts', { FREIGHT_BUILD_LABEL: LABEL });
    await page.goto(`${edges.urls.main}/admindashboard/accounts`);
    await page.getByText(`Build ${LABEL}`).waitFor();
    expect(page.url()).toBe(`${edges.urls.main}/admindashboard/accounts`);
    await expect(token()).resolves.toBe(before);
    // The console (the host) is the copied build: its files did not change.
    expect(existsSync(join(dir, 'apps/web/console/dist/index.html'))).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it('refuses a remote built for another version of a shared singleton, in words, and the rest of the console works', async () => {
    // The master-data remote as it would be built against react 20: its react range is ^20.0.0.
    const wrapper = join(dir, 'react-20.rspack.config.mjs');
    writeFileSync(
      wrapper,
      [
        `import appConfig from ${JSON.stringify(pathToFileURL(join(ROOT, 'apps/web/master-data/rspack.config.js')).href)};`,
        'export default (env, argv) => {',
        '  const config = appConfig(env, argv);',
        "  const federation = config.plugins.find((plugin) => plugin?.constructor?.name === 'ModuleFederationPlugin');",
        "  federation._options.shared.react = { ...federation._options.shared.react, requiredVersion: '^20.0.0' };",
        '  return config;',
        '};',
        '',
      ].join('\n'),
    );
    await rebuild('master-data', {}, wrapper);
    await page.goto(`${edges.urls.main}/admindashboard/administrativetools/manageuser`);
    const alert = page.getByRole('alert').filter({ hasText: 'was built for react ^20.0.0' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /This part of the console was built for react \^20\.0\.0, but this page has react 19\.\d+\.\d+: it was refused and not loaded\./,
    );
    await expect(token()).resolves.toBe(before);
    // The rest of the console: the shell, and the accounts remote (with its new build).
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Accounts' }).click();
    await page.getByText(`Build ${LABEL}`).waitFor();
    expect(pageErrors).toEqual([]);
  }, 240_000);
});

describe('the client-portal remote redeployed on its own', () => {
  let before;

  it("runs the copied build: a consignee (added with a password by the Head) signs in on the portal's origin, no build label", async () => {
    const { token: headToken } = await signInThroughApi(head);
    const added = await apiAs('POST', 'consignees/add', headToken, {
      ...consignee,
      email: `accounts.${run}@redeploy.example`,
      handlingPersonName: 'Nadeesha',
    });
    expect(added.status).toBe(201);
    await portalPage.goto(`${edges.urls.portal}/clientlogin`);
    await portalPage.getByLabel('Username').fill(consignee.username);
    await portalPage.getByLabel('Password').fill(consignee.password);
    await portalPage.getByRole('button', { name: 'Login' }).click();
    await portalPage.waitForURL((u) => u.pathname === CLIENT_LANDING);
    await portalPage.getByRole('heading', { name: 'Ocean Visibility', level: 2 }).waitFor();
    await expect(portalPage.getByText(`Build ${LABEL}`).count()).resolves.toBe(0);
    before = await portalPage.evaluate(() => localStorage.getItem('token'));
    expect(before).toBeTruthy();
  });

  it('rebuilds only the client-portal remote with a visible change: the next navigation shows it, the session kept, no page error', async () => {
    await rebuild('client-portal', { FREIGHT_BUILD_LABEL: LABEL });
    await portalPage.goto(`${edges.urls.portal}/viewvesselconsignee`);
    await portalPage.getByText(`Build ${LABEL}`).waitFor();
    expect(new URL(portalPage.url()).pathname).toBe('/viewvesselconsignee');
    await expect(portalPage.evaluate(() => localStorage.getItem('token'))).resolves.toBe(before);
    // The portal host is the copied build: only the remote's folder was written.
    expect(existsSync(join(dir, 'apps/web/portal/dist/index.html'))).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
