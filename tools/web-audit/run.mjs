// `npm run audit:web`: what the web front ends send, measured in Chromium against a whole system
// served as production serves it. The web apps' production builds (dist) go out through the edge
// of `npm start` (tools/dev/edge.mjs: the same routes, headers and compression as the generated
// nginx), in front of an isolated system (its own database, NATS namespace and ports, removed
// afterwards). The browser is offered gzip only, so every figure is gzipped bytes on the wire
// (each script's encoded body, headers not counted).
//
// Figures, each load from a fresh browser profile (empty cache) unless said otherwise:
//   (a) the public microsite (issue 11): the JavaScript of / until its sign-in form is ready and of
//       /Searchbl?bl=<a seeded BL> until the shipment is shown (budget 90 KB each), and Lighthouse
//       (mobile preset, Chromium headless, the median of 3 runs) on both pages: performance,
//       accessibility, best practices and SEO each at least 95;
//   (b) the console: signed in through the microsite's form at /, until /admindashboard is
//       interactive (the console's scripts; budget 200 KB);
//   (c) what a deep link into a remote screen (/admindashboard/administrativetools/manageuser)
//       fetches that a cold load of /admindashboard does not (budget 60 KB);
//   (d) the client portal on its own origin: /clientlogin ready (budget 200 KB), then the same tab
//       through a consignee's sign-in until their Ocean Visibility is shown (260 KB; report.mjs says why).
// A phase ends when its screen is on show and no script has been requested or in flight for
// QUIET_MS, so scripts a screen pulls in right after it renders count too.
//
// Options: --no-build (measure dist as it is: `npm test` runs it so, after its own build), --list
// (every script of every load), --no-lighthouse (the JavaScript figures only).
// AUDIT_BACKEND_ROOT: the checkout whose built gateway and services to run (default this one).
// Exits 1 over budget or when a page fails (a script error, a failed script, a screen not shown).
// With FREIGHT_TEST_RESULTS set (npm test), it also writes its counts there: each budget a test,
// an audit that could not measure one failed run (tools/test/summary.mjs).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startSystem } from '../dev/start.mjs';
import { CHROMIUM, launchBrowser } from '../e2e/browser.mjs';
import { writeCounts } from '../test/summary.mjs';
import { LIGHTHOUSE_CATEGORIES, budgetCounts, failedPart, figures, formatScripts, formatTable, lostPoints, notGzip, overBudget, scoreRows } from './report.mjs';
import { apiCaller, headToken, seedTrackedShipment } from './seed.mjs';

const QUIET_MS = 750;
const SCREEN_TIMEOUT_MS = 30_000;
const REMOTE_SCREEN = '/admindashboard/administrativetools/manageuser';
const WEB_PROJECTS = [
  '@freight/tracking',
  '@freight/console',
  '@freight/master-data',
  '@freight/jobs',
  '@freight/accounts',
  '@freight/portal',
  '@freight/client-portal',
];

const args = new Set(process.argv.slice(2));
const build = !args.has('--no-build');
const list = args.has('--list');
const withLighthouse = !args.has('--no-lighthouse');
const backendRoot = resolve(process.env.AUDIT_BACKEND_ROOT ?? ROOT);
const ownBackend = backendRoot === resolve(ROOT);
const log = (message) => process.stderr.write(`[audit:web] ${message}\n`);

function run(command, commandArgs) {
  return new Promise((done, fail) => {
    // Its output goes to stderr: stdout has the figures only.
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: ['ignore', 2, 2], env: { ...process.env, NX_TUI: 'false', NX_DAEMON: 'false' } });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`))));
  });
}

/**
 * A fresh browser context offered gzip only, recording every script it fetches and every
 * failure (a page error, a script that did not load).
 */
async function recordingContext(browser, options = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const state = { scripts: [], failures: [], pending: 0, lastActivity: Date.now() };
  context.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    state.pending++;
    state.lastActivity = Date.now();
  });
  const settle = () => {
    state.pending--;
    state.lastActivity = Date.now();
  };
  context.on('requestfailed', (request) => {
    if (request.resourceType() !== 'script') return;
    state.failures.push(`${request.url()}: ${request.failure()?.errorText}`);
    settle();
  });
  context.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    try {
      const response = await request.response();
      const sizes = await request.sizes();
      if (!response?.ok()) state.failures.push(`${request.url()}: status ${response?.status()}`);
      const decoded = (await response.body()).length;
      state.scripts.push({ url: request.url(), bytes: sizes.responseBodySize, decoded, encoding: response.headers()['content-encoding'] ?? '' });
    } catch (error) {
      state.failures.push(`${request.url()}: ${error.message}`);
    } finally {
      settle();
    }
  });
  context.on('weberror', (error) => state.failures.push(`page error: ${error.error().message}`));
  context.on('console', (message) => message.type() === 'error' && state.failures.push(`console error: ${message.text()}`));
  /** Waits until no script is in flight or requested for QUIET_MS; returns the scripts so far. */
  state.quiet = async () => {
    const deadline = Date.now() + SCREEN_TIMEOUT_MS;
    while (state.pending > 0 || Date.now() - state.lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error('scripts kept loading');
      await new Promise((r) => setTimeout(r, 50));
    }
    if (state.failures.length) throw new Error(`the page failed:\n  ${state.failures.join('\n  ')}`);
    return [...state.scripts];
  };
  return { context, state };
}

const shown = (locator) => locator.waitFor({ state: 'visible', timeout: SCREEN_TIMEOUT_MS });

/** Runs one load; a failure says what the page reported on the way. */
async function load(recording, steps) {
  try {
    await steps();
  } catch (error) {
    const reported = recording.state.failures.length ? `\n  the page reported:\n  ${recording.state.failures.join('\n  ')}` : '';
    throw new Error(`${error.message}${reported}`, { cause: error });
  }
  return recording.state.quiet();
}

/** The dashboard is interactive: its heading and the header's Log Out are on show. */
async function dashboardShown(page) {
  await shown(page.getByRole('heading', { name: 'My Management' }));
  await shown(page.getByRole('banner').getByRole('button', { name: 'Log Out' }));
}

/** (a) The microsite's two pages, each from a fresh profile. */
async function measureSite(browser, url, blNo) {
  const home = await recordingContext(browser);
  const homePage = await home.context.newPage();
  const siteHome = await load(home, async () => {
    await homePage.goto(`${url}/`);
    await shown(homePage.getByLabel('Username'));
    await shown(homePage.getByRole('button', { name: 'Sign in' }));
  });
  await home.context.close();
  const search = await recordingContext(browser);
  const searchPage = await search.context.newPage();
  const siteSearch = await load(search, async () => {
    await searchPage.goto(`${url}/Searchbl?bl=${encodeURIComponent(blNo)}`);
    await shown(searchPage.getByRole('heading', { name: `Shipment ${blNo}` }));
  });
  await search.context.close();
  return { siteHome, siteSearch };
}

/** (b) and (c): the console, signed in through the microsite's form. */
async function measureConsole(browser, url, head) {
  const first = await recordingContext(browser);
  const page = await first.context.newPage();
  await load(first, async () => {
    await page.goto(`${url}/`);
    await shown(page.getByLabel('Username'));
  });
  first.state.scripts.length = 0; // the microsite's own scripts are (a)
  const dashboard = await load(first, async () => {
    await page.getByLabel('Username').fill(head.username);
    await page.getByLabel('Password').fill(head.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admindashboard', { timeout: SCREEN_TIMEOUT_MS });
    await dashboardShown(page);
  });
  const storageState = await first.context.storageState(); // the session, for the cold loads
  await first.context.close();

  // (c): fresh profiles with the session: the dashboard cold, then the remote screen cold.
  const cold = await recordingContext(browser, { storageState });
  const coldPage = await cold.context.newPage();
  const coldDashboard = await load(cold, async () => {
    await coldPage.goto(`${url}/admindashboard`);
    await dashboardShown(coldPage);
  });
  await cold.context.close();

  const deep = await recordingContext(browser, { storageState });
  const deepPage = await deep.context.newPage();
  const deepLink = await load(deep, async () => {
    await deepPage.goto(url + REMOTE_SCREEN);
    await shown(deepPage.getByRole('heading', { name: 'Manage User', exact: true }));
    await shown(deepPage.getByRole('cell', { name: head.username, exact: true })); // the list has loaded
  });
  await deep.context.close();
  return { dashboard, coldDashboard, deepLink };
}

/** (d) The client portal on its own origin: /clientlogin, then a consignee signed in. */
async function measurePortal(browser, portalUrl, consignee) {
  const recording = await recordingContext(browser);
  const page = await recording.context.newPage();
  const portalSignIn = await load(recording, async () => {
    await page.goto(`${portalUrl}/clientlogin`);
    await shown(page.getByLabel('Username'));
    await shown(page.getByLabel('Password'));
  });
  const portalConsignee = await load(recording, async () => {
    await page.getByLabel('Username').fill(consignee.username);
    await page.getByLabel('Password').fill(consignee.password);
    await page.getByRole('button', { name: /^(sign in|log ?in)$/i }).click();
    await page.waitForURL((u) => u.pathname === '/consigneeshipmentview', { timeout: SCREEN_TIMEOUT_MS });
    await shown(page.getByRole('heading', { name: 'Ocean Visibility' }).first());
  });
  await recording.context.close();
  return { portalSignIn, portalConsignee };
}

/**
 * Lighthouse's own failures to record a page load (not a low score: the trace or the page load
 * itself went missing); its message for each of them asks to run it again.
 */
const LIGHTHOUSE_RETRY = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_DCL', 'NO_LCP', 'PROTOCOL_TIMEOUT', 'PAGE_HUNG']);
/** Runs per page, the median one counts (Lighthouse's advice against run-to-run variance). */
const LIGHTHOUSE_RUNS = 3;
/** Runs that failed to record a page load, at most, over all pages, before the audit fails. */
const LIGHTHOUSE_FAILED_RUNS = 3;

/** One Lighthouse run in a Chromium of its own (what a failed trace needs is a fresh browser). */
async function lighthouseOnce(pageUrl) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], logLevel: 'silent' });
  try {
    const { lhr } = await lighthouse(pageUrl, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: LIGHTHOUSE_CATEGORIES });
    return lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * (a) Lighthouse 12 (its default mobile preset: an emulated phone, simulated slow 4G and CPU) on
 * each page, 3 runs each: the four category scores of the run with the median performance score,
 * and what cost points there. A run that failed to record the page load is run again; any other
 * runtime error fails at once.
 */
async function lighthouseRows(url, paths) {
  const rows = [];
  const lost = [];
  let failedRuns = 0;
  for (const path of paths) {
    const runs = [];
    while (runs.length < LIGHTHOUSE_RUNS) {
      const lhr = await lighthouseOnce(`${url}${path}`);
      const failure = lhr.runtimeError;
      if (!failure) {
        runs.push(lhr);
        continue;
      }
      const message = `Lighthouse on ${path}: ${failure.code} ${failure.message}`;
      failedRuns += 1;
      if (!LIGHTHOUSE_RETRY.has(failure.code) || failedRuns > LIGHTHOUSE_FAILED_RUNS) throw new Error(message);
      log(`${message}; running it again`);
    }
    // The run whose performance score is the median one: its scores and its lost points are reported.
    const median = runs.toSorted((a, b) => a.categories.performance.score - b.categories.performance.score)[Math.floor(runs.length / 2)];
    const page = path.split('?')[0];
    log(
      `Lighthouse ${page} performance in ${runs.length} runs: ${runs.map((run) => Math.round(run.categories.performance.score * 100)).join(', ')}; the median one counts`,
    );
    rows.push(...scoreRows(page, median));
    for (const audit of lostPoints(median)) lost.push(`${page} ${audit.category} ${audit.id}: ${audit.score}${audit.value ? ` (${audit.value})` : ''}`);
  }
  return { rows, lost };
}

async function main() {
  const started = Date.now();
  if (build) {
    log(`building ${ownBackend ? 'everything' : WEB_PROJECTS.join(', ')} (cached when unchanged)…`);
    await run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static', ...(ownBackend ? [] : ['-p', ...WEB_PROJECTS])]);
  }
  log(`starting an isolated system${ownBackend ? '' : ` from ${backendRoot}`}…`);
  // The system's own log is kept and shown only if the audit fails.
  const systemLog = [];
  const out = new Writable({ write: (chunk, _encoding, done) => done(void systemLog.push(chunk.toString())) });
  const showSystemLog = () => process.stderr.write(`── the system's log (last lines)\n${systemLog.join('').split('\n').slice(-80).join('\n')}\n`);
  const system = await startSystem({ root: backendRoot, build: false, isolated: { label: 'audit' }, out }).catch((error) => {
    showSystemLog();
    throw error;
  });
  let browser;
  try {
    const { url, portalUrl, headLogin: head } = system;
    const run = Date.now().toString(36).slice(-5);
    const seeded = await seedTrackedShipment(apiCaller(url, await headToken(url, head)), run, head.username);
    browser = await launchBrowser();
    // Each part on its own: one whose page fails is a failed test; the others still report.
    const loads = {};
    const failures = [];
    const part = async (key, label, measurePart) => {
      try {
        Object.assign(loads, await measurePart());
      } catch (error) {
        log(`${label} could not be measured: ${error.message}`);
        failures.push(failedPart(key, label, error));
      }
    };
    await part('site', '(a) the microsite', () => measureSite(browser, url, seeded.booking.blNo));
    await part('console', '(b), (c) the console', () => measureConsole(browser, url, head));
    if (portalUrl) await part('portal', '(d) the portal', () => measurePortal(browser, portalUrl, seeded.consignee));
    else failures.push(failedPart('portal', '(d) the portal', 'no portal origin in this system'));
    await browser.close();
    browser = undefined;
    const wrong = notGzip(Object.values(loads).flat());
    if (wrong.length) throw new Error(`scripts not sent as gzip: ${wrong.map((s) => `${s.url} (${s.encoding})`).join(', ')}`);
    const rows = [...figures(loads), ...failures];
    let lost = [];
    if (withLighthouse) {
      const started = Date.now();
      const scores = await lighthouseRows(url, ['/', `/Searchbl?bl=${encodeURIComponent(seeded.booking.blNo)}`]);
      rows.push(...scores.rows);
      lost = scores.lost;
      log(`Lighthouse in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    if (list) {
      const titles = {
        siteHome: '(a) microsite /',
        siteSearch: '(a) microsite /Searchbl',
        dashboard: '(b) the console after signing in on /',
        coldDashboard: 'cold /admindashboard',
        deepLink: `cold ${REMOTE_SCREEN}`,
        portalSignIn: '(d) portal /clientlogin',
        portalConsignee: '(d) portal, consignee signed in',
      };
      for (const [key, scripts] of Object.entries(loads)) console.log(formatScripts(titles[key], scripts) + '\n');
    }
    console.log(formatTable(rows));
    if (lost.length) console.log(`\nLighthouse audits that cost points:\n  ${lost.join('\n  ')}`);
    writeCounts('web-audit', budgetCounts(rows), {
      figures: rows.map(({ key, bytes, budget, score, minScore, error }) =>
        error !== undefined ? { key, error } : minScore === undefined ? { key, bytes, budget } : { key, score, minScore },
      ),
    });
    const over = overBudget(rows);
    console.log(over.length ? `\nOver budget or not measured: ${over.map((r) => r.key).join(', ')}` : '\nWithin budget.');
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exitCode = over.length ? 1 : 0;
  } catch (error) {
    showSystemLog();
    throw error;
  } finally {
    await browser?.close();
    await system.stop();
  }
}

main().catch((error) => {
  console.error(`audit:web failed: ${error.stack ?? error.message}`);
  writeCounts('web-audit', budgetCounts([]));
  process.exit(1);
});
