// Podman as this machine kind runs it (docs/adr/0057-images-from-debian-packages.md): the runc
// runtime (crun is refused here) and no default ulimits, set in /etc/containers/containers.conf.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { findExecutable } from '../dev/nats.mjs';

export const CONTAINERS_CONF = process.env.CONTAINERS_CONF ?? '/etc/containers/containers.conf';

/** The tools `npm run images` needs, and the Debian packages that bring them. */
export const TOOLS = { podman: 'podman', runc: 'runc', debootstrap: 'debootstrap' };

/** Throws naming the packages to install when a tool is missing. */
export function checkTools(tools = Object.keys(TOOLS)) {
  const missing = tools.filter((tool) => !findExecutable(tool));
  if (missing.length) throw new Error(`${missing.join(', ')} not installed: apt-get install -y ${missing.map((t) => TOOLS[t]).join(' ')}`);
}

/**
 * `text` (a containers.conf) with `default_ulimits = []` under `[containers]`: the default ulimits
 * podman adds cannot be set by runc here. Other settings are kept.
 * @param {string} text
 */
export function withoutDefaultUlimits(text) {
  const lines = text.split('\n');
  const section = lines.findIndex((line) => line.trim() === '[containers]');
  if (section === -1) return `${text.trimEnd()}${text.trim() ? '\n\n' : ''}[containers]\ndefault_ulimits = []\n`;
  let end = lines.findIndex((line, i) => i > section && /^\s*\[/.test(line));
  if (end === -1) end = lines.length;
  const setting = lines.findIndex((line, i) => i > section && i < end && /^\s*default_ulimits\s*=/.test(line));
  if (setting !== -1) lines[setting] = 'default_ulimits = []';
  else lines.splice(section + 1, 0, 'default_ulimits = []');
  return lines.join('\n');
}

/** Writes the setting into /etc/containers/containers.conf when it is not there yet. */
export function configurePodman(file = CONTAINERS_CONF) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const wanted = withoutDefaultUlimits(text);
  if (wanted !== text) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, wanted);
  }
}

/** The global flags of every podman call. */
export const PODMAN = ['--runtime', 'runc'];

/** Runs podman, answering its standard output; throws with its standard error on failure. */
export function podman(args, options = {}) {
  return execFileSync('podman', [...PODMAN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20, ...options });
}

/**
 * Runs podman (a build) and resolves when it exits 0. Its output goes to ours when `verbose`;
 * otherwise it is kept, and its end is in the error when it fails.
 */
export function podmanStreaming(args, { verbose = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', [...PODMAN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk) => {
      if (verbose) process.stdout.write(chunk);
      else output = (output + chunk).slice(-8000);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`podman ${args[0]} exited with ${code}:\n${output}`))));
  });
}

/** True when the image exists locally. */
export function imageExists(image) {
  try {
    podman(['image', 'exists', image]);
    return true;
  } catch {
    return false;
  }
}
