// `npm start`: everything on one machine behind one URL (docs/adr/0040-sites-and-independent-deployment.md). Plain Node, so
// it runs before anything is built. `startSystem()` is also what the e2e tests and the
// benchmark use, with `isolated` set: their own database, roles, NATS namespace and ports.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Children } from './children.mjs';
import { isLoopback, loadEnv, needsGeneratedSecret, urlParts, withUrlParts } from './env.mjs';
import { ensureNats } from './nats.mjs';
import { canConnect, freePort, waitFor } from './net.mjs';
import { dropDatabase, ensurePostgres, redact } from './postgres.mjs';
import { gatewayKeyEnv, requestKeys, requestKeyVariable } from './request-keys.mjs';
import { hostUrl, loadRoutes, portVariable, siteUrls } from './routes.mjs';
import { SERVICES, serviceNames } from './services.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The back-end services (name, entries, database URL variable, schema) come from the service
// registry, libs/contracts/src/services.json (./services.mjs).
const GATEWAY_ENTRY = 'apps/gateway/dist/main.js';
const DATABASE_LIB = 'libs/server/database/dist/index.js';
const EDGE_ENTRY = fileURLToPath(new URL('./edge.mjs', import.meta.url));
const MAILDEV_ENTRY = 'node_modules/maildev/dist/bin/maildev.js';

/**
 * With SMTP_URL empty, a local mail catcher (maildev) on loopback: SMTP for the notification
 * service, a web inbox for people (1025 and 1080 when free). Its e-mails are kept under
 * `<dataDir>/mail`. Answers the SMTP URL and the inbox URL.
 * @param {{ root: string, dataDir: string, children: Children, watch: <T>(p: Promise<T>) => Promise<T> }} options
 */
async function startMailCatcher({ root, dataDir, children, watch }) {
  const smtpPort = await freePort('127.0.0.1', 1025);
  const webPort = await freePort('127.0.0.1', 1080);
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const args = ['--smtp', String(smtpPort), '--ip', '127.0.0.1', '--web', String(webPort), '--web-ip', '127.0.0.1', '--mail-directory', mailDir];
  children.start('maildev', process.execPath, [join(root, MAILDEV_ENTRY), ...args], { cwd: root, env: childEnv({}) });
  await watch(waitFor(() => canConnect('127.0.0.1', smtpPort), { timeoutMs: 20_000, what: `the mail catcher's SMTP port ${smtpPort}` }));
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inboxUrl: `http://127.0.0.1:${webPort}` };
}

/** The signing secret: the configured one, else one generated once and kept in the data folder. */
export function jwtSecret(configured, dataDir) {
  if (!needsGeneratedSecret(configured)) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * The gateway's PUBLIC_ORIGINS: the configured ones plus the edge's own address (by the
 * name localhost too when it is on this machine), so the console's calls through the edge pass.
 * @param {Record<string, string | undefined>} env
 * @returns {string}
 */
export function publicOrigins({ PUBLIC_ORIGINS = '', EDGE_HOST = '127.0.0.1', EDGE_PORT = '8080', PORTAL_EDGE_PORT, PUBLIC_SITE_URL, PORTAL_URL }) {
  const wildcard = EDGE_HOST === '0.0.0.0' || EDGE_HOST === '::';
  const hosts = wildcard ? ['127.0.0.1', 'localhost'] : isLoopback(EDGE_HOST) ? [EDGE_HOST, 'localhost'] : [EDGE_HOST];
  const ports = [EDGE_PORT, PORTAL_EDGE_PORT].filter(Boolean);
  const own = ports.flatMap((port) => hosts.map((host) => `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`));
  // The sites' configured URLs (the portal's calls come from its own origin).
  const sites = [PUBLIC_SITE_URL, PORTAL_URL].filter(Boolean).map((url) => new URL(url).origin);
  const configured = PUBLIC_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return [...new Set([...configured, ...own, ...sites])].join(',');
}

/**
 * PUBLIC_SITE_URL and PORTAL_URL (each site's `urlVariable`): as configured, else the dev edge's
 * address of that site (EDGE_HOST with EDGE_PORT, PORTAL_EDGE_PORT); checked (absolute http(s), no query).
 * @param {Record<string, import('./routes.mjs').Site>} sites @param {Record<string, string>} env
 */
export function siteEnv(sites, env) {
  const urls = siteUrls(sites, env, (name) => hostUrl(env.EDGE_HOST ?? '127.0.0.1', env[portVariable(name)] ?? ''));
  return Object.fromEntries(Object.entries(sites).map(([name, site]) => [site.urlVariable, urls[name]]));
}

/** The last JSON line a seed printed. */
export function parseSeedOutput(stdout) {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.trim().startsWith('{'));
  if (!line) throw new Error(`The seed printed no result line:\n${stdout}`);
  return JSON.parse(line);
}

/**
 * The Head login from the seeds' results (by service): exactly one seed (the directory's)
 * reports on the Head user, as `{created, username?, password?}`; other seeds print other keys.
 * @param {Record<string, Record<string, any>>} seeds
 * @param {string} defaultUsername
 * @returns {{ username: string, password?: string, created: boolean }}
 */
export function headLoginOf(seeds, defaultUsername) {
  const reports = Object.entries(seeds).filter(([, result]) => 'created' in result);
  if (reports.length !== 1) {
    throw new Error(
      `Exactly one service seed must report on the Head user ({"created": …}); got ${reports.map(([name]) => name).join(', ') || 'none'} of ${Object.keys(seeds).join(', ') || 'no seeds'}`,
    );
  }
  const [, seed] = reports[0];
  return { username: seed.username ?? defaultUsername, password: seed.password, created: Boolean(seed.created) };
}

/**
 * A child's name: the part's own in plain mode (`gateway`, `shipment`), `<part>-<n>` (from 1)
 * when it runs `count` times (cluster mode, docs/adr/0049-cluster-mode.md).
 */
export const replicaName = (part, index, count) => (count > 1 ? `${part}-${index + 1}` : part);

/**
 * `npm start`'s options from its arguments: `--replicas <n>` (the gateway and every service)
 * and `--nats-nodes <n>` (a local NATS cluster), each a whole number from 1.
 * @param {string[]} args @returns {{ replicas: number, natsNodes: number }}
 */
export function parseStartArgs(args) {
  const options = { replicas: 1, natsNodes: 1 };
  const names = { '--replicas': 'replicas', '--nats-nodes': 'natsNodes' };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const key = names[flag];
    if (!key) throw new Error(`Unknown option ${args[i]} (npm start takes --replicas <n> and --nats-nodes <n>)`);
    const value = inline ?? args[++i];
    if (!/^[1-9][0-9]?$/.test(value ?? '')) throw new Error(`${flag} needs a whole number from 1 to 99 (got ${value ?? 'nothing'})`);
    options[key] = Number(value);
  }
  return options;
}

/** Child environment: no jest flags leaking into the servers; a request key (`…_REQUEST_KEY`) only where given. */
export function childEnv(env) {
  const base = { ...process.env, ...env };
  for (const name of Object.keys(base)) if (name.endsWith('_REQUEST_KEY') && !env[name]) delete base[name];
  if (base.NODE_OPTIONS) base.NODE_OPTIONS = base.NODE_OPTIONS.replace('--experimental-vm-modules', '').trim();
  return base;
}

async function isHealthy(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  await res.body?.cancel();
  return res.status === 200;
}

/**
 * Starts the whole system. Resolves once /api/health answers 200 through the edge.
 * @param {{ root?: string, env?: Record<string,string>, dataDir?: string, build?: boolean,
 *           isolated?: { label: string }, out?: NodeJS.WritableStream, replicas?: number, natsNodes?: number }} [options]
 *   `replicas`: how many of the gateway and of each service (default 1); `natsNodes`: how many
 *   local nats-servers, as a cluster with every stream on min(natsNodes, 3) of them (default 1;
 *   only when NATS_URL is empty). With more than one, children are named `gateway-1`, `shipment-2`,
 *   `nats-3`, … (replicaName); the edge spreads the API over the gateways (docs/adr/0049-cluster-mode.md).
 *   `isolated`: a fresh database `freight_<label>_<id>`, fresh service roles, NATS namespace
 *   `<label>_<id>` (on a nats-server of its own unless NATS_URL is set) and free ports, all
 *   removed again by `stop()`.
 *   Once healthy, a child that exits on its own is restarted with back-off (see children.mjs);
 *   a child that dies while starting fails the start.
 * @returns {Promise<{ url: string, portalUrl: string, docsUrl: string, mailInboxUrl?: string, headLogin: {username: string, password?: string, created: boolean},
 *   env: Record<string,string>, gatewayUrls: string[], natsUrls: string[], probeUrls: Record<string, string>, children: Children, stop: () => Promise<void> }>}
 *   `gatewayUrls`: each gateway's own address (not through the edge); `natsUrls`: each NATS server's;
 *   `probeUrls`: each service process's probes by child name (`<url>/live`, `<url>/ready`).
 *   `url`: the main site (the microsite at /, the console); `portalUrl`: the client portal's site (a second edge port).
 *   `children`: the supervisor (pid, hold and resume a child by name: nats, postgres, each registered service, gateway, edge).
 */
export async function startSystem(options = {}) {
  const { root = ROOT, dataDir = join(root, '.data'), build = true, isolated, out = process.stdout, replicas = 1, natsNodes = 1 } = options;
  const started = Date.now();
  const log = (message) => out.write(`${'[start]'.padEnd(12)} ${message}\n`);
  const env = loadEnv(root, { overrides: options.env });

  let reportDeath;
  const died = new Promise((resolve) => (reportDeath = resolve));
  const children = new Children({
    out,
    log,
    onUnexpectedExit: (name, code, signal) => reportDeath(`${name} exited unexpectedly (${signal ?? `exit code ${code}`})`),
  });
  const death = died.then((why) => Promise.reject(new Error(why)));
  death.catch(() => {}); // observed through watch() only
  /** Awaits `promise`, failing as soon as a child dies while starting. */
  const watch = (promise) => Promise.race([promise, death]);

  const cleanup = {
    database: undefined,
    roles: [],
    namespaceToken: undefined,
    adminUrl: undefined,
    natsUrl: undefined,
    natsDir: undefined,
    mailDir: undefined,
  };
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      await children.stopAll();
      if (cleanup.database) {
        await dropDatabase(cleanup.adminUrl, cleanup.database, cleanup.roles).catch((e) => log(`could not drop ${cleanup.database}: ${e.message}`));
      }
      if (cleanup.namespaceToken) await deleteNamespaceStreams(cleanup.natsUrl, cleanup.namespaceToken, env).catch(() => {});
      if (cleanup.natsDir) rmSync(cleanup.natsDir, { recursive: true, force: true });
      if (cleanup.mailDir) rmSync(cleanup.mailDir, { recursive: true, force: true });
    })());

  try {
    const pg = await ensurePostgres({ adminUrl: env.DATABASE_URL, dataDir, children, log });
    // An isolated run gets a NATS of its own (unless NATS_URL names one), gone with it.
    const natsDir = isolated && !env.NATS_URL ? (cleanup.natsDir = mkdtempSync(join(tmpdir(), 'freight-nats-'))) : join(dataDir, 'nats');
    const id = randomBytes(4).toString('hex');
    if (isolated) env.NATS_NAMESPACE = `${isolated.label}_${id}`;
    // The services' durables and the gateway's bucket carry the namespace in their names (ADR 5, 21).
    const nats = await watch(
      ensureNats({ natsUrl: env.NATS_URL, dir: natsDir, services: SERVICES, children, log, namespace: env.NATS_NAMESPACE, nodes: natsNodes }),
    );
    env.NATS_URL = nats.natsUrl;
    // Every stream and the revocation bucket on three nodes of our own cluster (one node is lost without loss).
    if (nats.started) env.NATS_STREAM_REPLICAS = String(Math.min(natsNodes, 3));

    let database = urlParts(pg.adminUrl).database;
    /** Each gateway's port: GATEWAY_PORT, then the ports after it (any free ones in an isolated run). */
    const gatewayPorts = [];
    if (isolated) {
      database = `freight_${isolated.label}_${id}`;
      for (let i = 0; i < replicas; i++) gatewayPorts.push(await freePort(env.GATEWAY_HOST));
      env.EDGE_PORT = String(await freePort(env.EDGE_HOST)); // fixed: a restarted edge keeps its URL, and the gateway knows its origin
      env.PORTAL_EDGE_PORT = String(await freePort(env.EDGE_HOST));
      // The sites' URLs are this run's ports (a configured one would be another system's).
      env.PUBLIC_SITE_URL = '';
      env.PORTAL_URL = '';
      Object.assign(cleanup, { database, adminUrl: pg.adminUrl, namespaceToken: nats.started ? undefined : id, natsUrl: env.NATS_URL });
    } else {
      for (let i = 0; i < replicas; i++) gatewayPorts.push(Number(env.GATEWAY_PORT) + i);
      for (const [name, host, port] of [
        ...gatewayPorts.map((port) => ['GATEWAY_PORT', env.GATEWAY_HOST, String(port)]),
        ['EDGE_PORT', env.EDGE_HOST, env.EDGE_PORT],
        ['PORTAL_EDGE_PORT', env.EDGE_HOST, env.PORTAL_EDGE_PORT],
      ]) {
        if (await canConnect(host, Number(port)))
          throw new Error(`${host}:${port} is already in use (is npm start already running?): stop it or set ${name} in .env`);
      }
    }
    // The sites' URLs (the redirects between them): configured, else the edge's ports here; checked now.
    const { sites } = loadRoutes(root); // fail here, not in the child, on a broken routes.json
    Object.assign(env, siteEnv(sites, env));
    env.PUBLIC_ORIGINS = publicOrigins(env);
    env.DATABASE_URL = withUrlParts(pg.adminUrl, { database });
    env.JWT_SECRET = jwtSecret(env.JWT_SECRET, dataDir);
    // The gateway signs each NATS request with its service's key: it gets them all, each service only its own.
    const keys = requestKeys(env, dataDir, serviceNames());
    for (const name of [...serviceNames().map(requestKeyVariable), 'GATEWAY_REQUEST_KEY']) delete env[name];

    if (build) {
      log('building (nx run-many -t build; cached after the first start)…');
      const t = Date.now();
      await watch(children.run('build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], { cwd: root, env: childEnv({ NX_TUI: 'false' }) }));
      log(`built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    for (const entry of [DATABASE_LIB, GATEWAY_ENTRY, ...SERVICES.flatMap((s) => (s.seed ? [s.entry, s.seed] : [s.entry]))]) {
      if (!existsSync(join(root, entry))) throw new Error(`${entry} is missing: run npm run build`);
    }

    // Each service's own role and schema, created or brought up to date on every start.
    const { provisionServiceDatabase } = await import(pathToFileURL(join(root, DATABASE_LIB)).href);
    for (const { name, databaseUrlVariable, schema } of SERVICES) {
      if (!env[databaseUrlVariable])
        throw new Error(`${databaseUrlVariable} (the ${name} service's database) is not set: .env.example should give it a default`);
      const { user, password } = urlParts(env[databaseUrlVariable]);
      const roleName = isolated ? `${name}_${isolated.label}_${id}` : user;
      if (isolated) cleanup.roles.push(roleName);
      const { serviceUrl } = await provisionServiceDatabase({ adminUrl: pg.adminUrl, database, service: schema, roleName, password });
      env[databaseUrlVariable] = serviceUrl;
    }
    log(`database ${redact(env.DATABASE_URL)}, NATS ${env.NATS_URL}${env.NATS_NAMESPACE ? ` (namespace ${env.NATS_NAMESPACE})` : ''}`);

    let mailInboxUrl;
    if (!env.SMTP_URL) {
      const catcher = await startMailCatcher({
        root,
        dataDir: isolated ? (cleanup.mailDir = mkdtempSync(join(tmpdir(), 'freight-mail-'))) : dataDir,
        children,
        watch,
      });
      env.SMTP_URL = catcher.smtpUrl;
      mailInboxUrl = catcher.inboxUrl;
      log(`mail catcher: SMTP ${catcher.smtpUrl}, inbox ${mailInboxUrl}`);
    }

    // Replicas start together: migrations take a per-schema advisory lock (migrateServiceSchema), streams are created once.
    // Each on a probe port of its own (HEALTH_PORT: /live, /ready; docs/adr/0051-drain-and-probes.md).
    /** @type {Record<string, string>} */
    const probeUrls = {};
    for (let i = 0; i < replicas; i++) {
      for (const { name, entry } of SERVICES) {
        const child = replicaName(name, i, replicas);
        const healthPort = await freePort('127.0.0.1');
        probeUrls[child] = `http://127.0.0.1:${healthPort}`;
        children.start(child, process.execPath, [entry], {
          cwd: root,
          env: childEnv({ ...env, ...nats.envFor(name), GATEWAY_REQUEST_KEY: keys[name], HEALTH_PORT: String(healthPort) }),
        });
      }
    }
    env.GATEWAY_PORT = String(gatewayPorts[0]);
    const gatewayUrls = gatewayPorts.map((port) => `http://${env.GATEWAY_HOST}:${port}`);
    gatewayPorts.forEach((port, i) =>
      children.start(replicaName('gateway', i, replicas), process.execPath, [GATEWAY_ENTRY], {
        cwd: root,
        env: childEnv({ ...env, GATEWAY_PORT: String(port), ...nats.envFor('gateway'), ...gatewayKeyEnv(keys) }),
      }),
    );
    for (const gatewayUrl of gatewayUrls) {
      await watch(waitFor(() => isHealthy(`${gatewayUrl}/api/health`), { timeoutMs: 90_000, what: `${gatewayUrl}/api/health to answer 200` }));
    }

    // Each service's seed (the directory's creates the Head user on the first start of a
    // database; the services have migrated by now), one after the other.
    /** @type {Record<string, Record<string, any>>} */
    const seeds = {};
    for (const { name, seed } of SERVICES.filter((s) => s.seed)) {
      seeds[name] = parseSeedOutput(await watch(children.run(`${name} seed`, process.execPath, [seed], { cwd: root, env: childEnv(env) })));
    }
    const headLogin = headLoginOf(seeds, env.SEED_HEAD_USERNAME);

    let listening;
    let portalListening;
    const edgeUp = new Promise((resolve) => (listening = resolve));
    const portalUp = new Promise((resolve) => (portalListening = resolve));
    children.start('edge', process.execPath, [EDGE_ENTRY], {
      cwd: root,
      env: childEnv({
        EDGE_ROOT: root,
        EDGE_HOST: env.EDGE_HOST,
        EDGE_PORT: env.EDGE_PORT,
        PORTAL_EDGE_PORT: env.PORTAL_EDGE_PORT,
        PUBLIC_SITE_URL: env.PUBLIC_SITE_URL,
        PORTAL_URL: env.PORTAL_URL,
        EDGE_UPSTREAMS: JSON.stringify({ gateway: gatewayUrls }),
        BODY_LIMIT_BYTES: env.BODY_LIMIT_BYTES,
      }),
      onLine: (line) => {
        if (line.startsWith('listening on ')) listening(line.slice('listening on '.length));
        if (line.startsWith('portal listening on ')) portalListening(line.slice('portal listening on '.length));
      },
    });
    const [url, portalUrl] = await watch(Promise.all([edgeUp, portalUp]));
    env.EDGE_PORT = String(new URL(url).port);
    env.PORTAL_EDGE_PORT = String(new URL(portalUrl).port);
    await watch(waitFor(() => isHealthy(`${url}/api/health`), { timeoutMs: 10_000, what: `${url}/api/health through the edge` }));
    log(`healthy in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    children.supervise();
    return { url, portalUrl, docsUrl: `${url}/api/docs`, mailInboxUrl, headLogin, env, gatewayUrls, natsUrls: nats.natsUrls, probeUrls, children, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Removes the JetStream streams (KV buckets too) an isolated run created under its namespace
 * on a NATS it did not start (with the NATS_USER and NATS_PASSWORD of the configuration).
 * @param {string} natsUrl @param {string} token @param {Record<string, string>} env
 */
async function deleteNamespaceStreams(natsUrl, token, env) {
  const { NATS_USER: user, NATS_PASSWORD: pass } = env;
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl.split(','), timeout: 3000, ...(user ? { user, pass } : {}) });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list()) {
      if (info.config.name.toLowerCase().includes(token)) await jsm.streams.delete(info.config.name);
    }
  } finally {
    await nc.close();
  }
}

async function main() {
  const out = process.stdout;
  const say = (line = '') => out.write(line + '\n');
  let system;
  let signals = 0;
  const shutdown = async (code) => {
    if (system) await system.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (++signals > 1) process.exit(130); // a second Ctrl-C: do not wait
      say(`\n${'[start]'.padEnd(12)} stopping everything…`);
      void shutdown(0);
    });
  }
  let cluster;
  try {
    cluster = parseStartArgs(process.argv.slice(2));
  } catch (error) {
    say(`✖ ${error.message}`);
    process.exit(2);
  }
  const pending = startSystem({ out, ...cluster });
  try {
    system = await pending;
  } catch (error) {
    if (signals) return; // interrupted while starting: shutdown() is on it
    say(`✖ ${error.message}`);
    process.exit(1);
  }
  const { url, portalUrl, docsUrl, mailInboxUrl, headLogin, gatewayUrls, natsUrls } = system;
  say();
  if (gatewayUrls.length > 1 || natsUrls.length > 1) {
    say(
      `  Cluster:   ${gatewayUrls.length} gateways behind the edge (${gatewayUrls.join(', ')}), ${cluster.replicas} of every service, NATS ${natsUrls.join(', ')}`,
    );
  }
  say(`  Console:   ${url}/admindashboard`);
  say(`  Portal:    ${portalUrl}/clientlogin`);
  say(`  Microsite: ${url}/`);
  say(`  API docs: ${docsUrl}`);
  say(mailInboxUrl ? `  Mail inbox (every e-mail the platform sends): ${mailInboxUrl}` : `  E-mail goes out through SMTP_URL`);
  say(
    headLogin.created
      ? `  Head login (created now, shown once): username ${headLogin.username}, password ${headLogin.password}`
      : `  Head user already exists (username ${headLogin.username}; password as printed on the first start or set in SEED_HEAD_PASSWORD)`,
  );
  say('  A part that crashes is restarted; Ctrl-C stops everything.');
  say();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
