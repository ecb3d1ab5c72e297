import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { isLoopback } from './env.mjs';
import { canConnect, freePort, waitFor } from './net.mjs';

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
  'NATS is not running and nats-server is not installed: install it (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server) or set NATS_URL to a NATS server with JetStream.';

/**
 * The NATS at `natsUrl` if it answers; otherwise a local `nats-server -js` under `dataDir/nats`.
 * @returns {Promise<{ natsUrl: string, started: boolean }>}
 */
export async function ensureNats({ natsUrl, dataDir, children, log }) {
  const { host, port: wanted } = natsAddress(natsUrl);
  if (await probeNats(host, wanted)) return { natsUrl, started: false };
  if (!isLoopback(host)) throw new Error(`No NATS answers at ${natsUrl}: start it, or point NATS_URL at one that runs.`);
  const binary = findExecutable('nats-server');
  if (!binary) throw new Error(NATS_MISSING);
  const dir = join(dataDir, 'nats');
  mkdirSync(dir, { recursive: true });
  const port = await freePort('127.0.0.1', wanted);
  log(`No NATS answers at ${natsUrl}: starting ${binary} with JetStream on 127.0.0.1:${port} (data in ${dir})`);
  const entry = children.start('nats', binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stopSignal: 'SIGTERM' });
  await waitFor(async () => !entry.done && probeNats('127.0.0.1', port), { timeoutMs: 20_000, what: 'nats-server' });
  return { natsUrl: `nats://127.0.0.1:${port}`, started: true };
}
