import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { natsIdentities, natsServerConfig, ROUTE_USER, withPasswords } from './nats-config.mjs';
import { canConnect, freePort, waitFor } from './net.mjs';
import { generateRequestKeys } from './request-keys.mjs';

/** True when a NATS server greets us (`INFO {...}`) at host:port. */
export const probeNats = (host, port, timeoutMs = 1500) => canConnect(host, port, { timeoutMs, greeting: 'INFO ' });

/** The first NATS URL of a comma-separated list, as host and port. */
export function natsAddress(natsUrl) {
  const u = new URL(natsUrl.split(',')[0].trim());
  return { host: u.hostname, port: Number(u.port || 4222) };
}

/** Path of an executable on PATH (plus the sbin folders Debian installs servers in), or undefined. */
export function findExecutable(name, path = process.env.PATH ?? '') {
  for (const dir of [...path.split(delimiter), '/usr/local/sbin', '/usr/sbin']) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}

export const NATS_MISSING =
  'nats-server is not installed: install it (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server), or set NATS_URL (and NATS_USER, NATS_PASSWORD) to a NATS server with JetStream.';

/** Writes `file` readable by its owner only (it holds passwords). */
function writePrivate(file, text) {
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * A nats-server on a free loopback port, configured from the identity list of
 * nats-config.mjs: no anonymous access, each identity with its permissions. Its
 * configuration, JetStream data and passwords (`passwords.json`, made once, then kept) live
 * in `dir`. With `nodes` > 1, a cluster of that many on loopback: each node with its own client
 * and route port and its own folder `dir/nats-<n>` (configuration and JetStream store), routes
 * to every other node (docs/adr/0049-cluster-mode.md). `spawnServer(binary, args, name)` starts a
 * process (`name`: `nats`, or `nats-<n>` in a cluster) and returns an object whose `done` turns
 * true if it exits. `namespace`, `anyNamespace`: the NATS_NAMESPACE its processes use, or any
 * (the test server's grant; natsIdentities).
 * @returns {Promise<{ url: string, urls: string[], passwords: Record<string, string>, binary: string }>}
 */
export async function startLocalNats({ dir, services, spawnServer, namespace = '', anyNamespace = false, nodes = 1 }) {
  const binary = findExecutable('nats-server');
  if (!binary) throw new Error(NATS_MISSING);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const identities = natsIdentities(services, { namespace, anyNamespace });
  const passwordsFile = join(dir, 'passwords.json');
  const passwords = withPasswords(
    [...identities, ...(nodes > 1 ? [{ name: ROUTE_USER }] : [])],
    existsSync(passwordsFile) ? JSON.parse(readFileSync(passwordsFile, 'utf8')) : {},
  );
  writePrivate(passwordsFile, JSON.stringify(passwords, null, 2) + '\n');
  const ports = [];
  for (let i = 0; i < nodes; i++) ports.push(await freePort('127.0.0.1'));
  const routePorts = [];
  for (let i = 0; nodes > 1 && i < nodes; i++) routePorts.push(await freePort('127.0.0.1'));
  const servers = ports.map((port, i) => {
    const name = nodes > 1 ? `nats-${i + 1}` : 'nats';
    const nodeDir = nodes > 1 ? join(dir, name) : dir;
    mkdirSync(nodeDir, { recursive: true, mode: 0o700 });
    const cluster = nodes > 1 ? { name: 'freight', serverName: name, port: routePorts[i], routePorts, password: passwords[ROUTE_USER] } : undefined;
    const configFile = join(nodeDir, 'nats.conf');
    writePrivate(configFile, natsServerConfig({ port, storeDir: nodeDir, identities, passwords, cluster }));
    return { port, server: spawnServer(binary, ['-c', configFile], name) };
  });
  for (const { port, server } of servers) {
    await waitFor(async () => !server.done && probeNats('127.0.0.1', port), { timeoutMs: 20_000, what: `nats-server on 127.0.0.1:${port}` });
  }
  const urls = ports.map((port) => `nats://127.0.0.1:${port}`);
  return { url: urls.join(','), urls, passwords, binary };
}

/**
 * NATS for `npm start`. With NATS_URL set, that server, reached with the NATS_USER and
 * NATS_PASSWORD of the configuration (the operator's business). Otherwise a local
 * nats-server with the generated configuration under `dir`, and each child gets its own
 * identity through `envFor(name)`. `namespace`: the NATS_NAMESPACE its processes use, whose
 * durables and bucket carry it in their names (natsIdentities).
 * `nodes`: how many local nats-servers, as a cluster when more than one (startLocalNats).
 * @returns {Promise<{ natsUrl: string, natsUrls: string[], started: boolean, envFor: (identity: string) => Record<string, string> }>}
 */
export async function ensureNats({ natsUrl, dir, services, children, log, namespace = '', nodes = 1 }) {
  if (natsUrl) {
    const { host, port } = natsAddress(natsUrl);
    if (!(await probeNats(host, port))) throw new Error(`No NATS answers at ${natsUrl}: start it, or leave NATS_URL empty to run a local nats-server.`);
    return { natsUrl, natsUrls: natsUrl.split(',').map((url) => url.trim()), started: false, envFor: () => ({}) };
  }
  const nats = await startLocalNats({
    dir,
    services,
    namespace,
    nodes,
    spawnServer: (binary, args, name) => children.start(name, binary, args, { stopSignal: 'SIGTERM' }),
  });
  const what = nodes > 1 ? `a cluster of ${nodes} nats-servers` : nats.binary;
  log(`started ${what} on ${nats.url} with JetStream and one identity per service (config, data and passwords in ${dir})`);
  return { natsUrl: nats.url, natsUrls: nats.urls, started: true, envFor: (identity) => ({ NATS_USER: identity, NATS_PASSWORD: nats.passwords[identity] }) };
}

/**
 * One authenticated nats-server for a test run, in a temporary folder, plus each service's request
 * key (by name). `env` is what the test harness reads (FREIGHT_TEST_NATS, libs/server/testing).
 * @param {{ name: string, queueGroup: string }[]} services  the registry's services
 * @returns {Promise<{ env: { url: string, passwords: Record<string, string>, requestKeys: Record<string, string> }, stop: () => Promise<void> }>}
 */
export async function startTestNats(services) {
  const dir = mkdtempSync(join(tmpdir(), 'freight-nats-'));
  let child;
  let output = '';
  const kill = () => child?.kill('SIGKILL');
  process.once('exit', kill); // a test run that dies must not leave the server behind
  const stop = async () => {
    process.removeListener('exit', kill);
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const nats = await startLocalNats({
      dir,
      services,
      // Test files share this server, each in a namespace of its own with its own durables (ADR 21).
      anyNamespace: true,
      spawnServer: (binary, args) => {
        child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
        child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
        const handle = { done: false };
        child.once('exit', () => (handle.done = true));
        return handle;
      },
    });
    return { env: { url: nats.url, passwords: nats.passwords, requestKeys: generateRequestKeys(services.map((service) => service.name)) }, stop };
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${output}`, { cause: error });
  }
}
