import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES } from '../dev/services.mjs';
import buildProjects from './build-services.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const git = (args, cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8' });

/**
 * A copy of this workspace to build in, so that no build here touches the `dist` folders the system
 * tests run from while they run: the files git sees (tracked, or new and not ignored) as they are
 * now, without any build. Third-party packages are linked from here; the workspace's own
 * (node_modules/@freight, relative links) lead to the copy's projects. The copy is a clone (sharing
 * this repository's objects) with the same remote: Nx takes it for this repository and restores what
 * its cache holds rather than building it again.
 */
function copyWorkspace() {
  const copy = mkdtempSync(join(tmpdir(), 'freight-build-check-'));
  git(['clone', '--quiet', '--shared', '--no-checkout', ROOT, copy]);
  const origin = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: ROOT, encoding: 'utf8' });
  if (origin.status === 0) git(['remote', 'set-url', 'origin', origin.stdout.trim()], copy);
  else git(['remote', 'remove', 'origin'], copy);
  const listed = git(['ls-files', '--cached', '--others', '--exclude-standard', '-z']);
  // A tracked file deleted and not yet committed is listed too.
  const files = listed.split('\0').filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
  // A project's own node_modules (packages npm could not hoist).
  for (const project of files.filter((file) => basename(file) === 'package.json' && file !== 'package.json').map(dirname)) {
    if (existsSync(join(ROOT, project, 'node_modules'))) symlinkSync(join(ROOT, project, 'node_modules'), join(copy, project, 'node_modules'));
  }
  mkdirSync(join(copy, 'node_modules/@freight'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '@freight') symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
  }
  for (const name of readdirSync(join(ROOT, 'node_modules/@freight'))) {
    symlinkSync(readlinkSync(join(ROOT, 'node_modules/@freight', name)), join(copy, 'node_modules/@freight', name));
  }
  return copy;
}

// Issue 21, item 22: the system tests ran the services' `dist` as it was, so a service edited without
// a rebuild was tested as its old code, silently. Their jest setup (services-setup.js) now builds
// first. A `dist` that is not what its source builds to stands here for the old build. All of it in a
// copy of the workspace: the system tests run beside this test (npm test), from the real `dist`.
describe('building the registered services before the system tests', () => {
  let workspace;
  // No Nx daemon for a workspace that is gone after the test.
  const build = () => buildProjects(undefined, { workspace, env: { NX_DAEMON: 'false' } });

  beforeAll(() => {
    workspace = copyWorkspace();
  });

  afterAll(() => {
    rmSync(workspace, { recursive: true, force: true });
  });

  it('replaces a service build that does not match its source, in the copy only', () => {
    const { provision } = SERVICES.find((service) => service.provision);
    const file = join(workspace, provision);
    /** When this workspace's own build was written (false: none). */
    const writtenHere = () => existsSync(join(ROOT, provision)) && statSync(join(ROOT, provision)).mtimeMs;
    const before = writtenHere();
    build();
    const built = readFileSync(file, 'utf8');
    writeFileSync(file, "throw new Error('an old build');\n");
    build();
    expect(readFileSync(file, 'utf8')).toBe(built);
    expect(writtenHere()).toBe(before);
  }, 300_000);
});
