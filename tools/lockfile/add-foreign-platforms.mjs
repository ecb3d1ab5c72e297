// Completes package-lock.json with the other platforms' optional native packages.
//
// Packages such as @swc/core, nx and unrs-resolver ship one optional package per
// platform. The registry this project is installed from serves only the linux-x64
// builds, so `npm install` drops the rest from the lockfile, and `npm ci` then refuses
// the lockfile as out of sync ("Missing: @swc/core-darwin-arm64@ from lock file").
// A lockfile made against the full registry lists them with their os/cpu/libc, and
// npm skips them on a machine they do not fit, without downloading anything. This
// script writes those entries from the package names, the way the full registry would.
//
// Run after any `npm install` that changes the lockfile: `npm run lockfile:fix`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OS = ['darwin', 'win32', 'freebsd', 'android', 'openharmony', 'linux', 'wasm32'];
const CPU = [
  ['arm64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['arm', 'arm'],
  ['ppc64', 'ppc64'],
  ['s390x', 's390x'],
  ['riscv64', 'riscv64'],
  ['loong64', 'loong64'],
];

/** os, cpu and libc of a platform package, read from its name (`core-linux-arm-gnueabihf`). */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find(([token]) => parts.includes(token))?.[1];
  if (!os || !cpu) return undefined;
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

export function addForeignPlatforms(lock) {
  const added = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      const platform = platformOf(name);
      if (lock.packages[key] || !platform) continue;
      lock.packages[key] = { version, ...platform, ...(entry.dev ? { dev: true } : {}), optional: true };
      added.push(`${name}@${version} (for ${path.replace(/^node_modules\//, '')})`);
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  return added;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = new URL('../../package-lock.json', import.meta.url);
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = addForeignPlatforms(lock);
  writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
  console.log(added.length ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'lockfile already complete');
}
