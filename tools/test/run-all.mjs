// `npm test`: build, lint, every project's jest tests (unit + integration against the real
// Postgres and NATS), then the end-to-end tests in headless Chromium against a system it
// starts itself. Ends with one line `N passed, N failed` and a non-zero exit on any failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise } from './summary.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reporter = fileURLToPath(new URL('./json-reporter.mjs', import.meta.url));
const results = mkdtempSync(join(tmpdir(), 'freight-tests-'));
const env = { ...process.env, FREIGHT_TEST_RESULTS: results, NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
// Test parallelism across projects: 2 cores, and integration files each hold a database.
const PARALLEL = process.env.TEST_PARALLEL ?? '2';

function run(title, command, args, extraEnv = {}) {
  console.log(`\n━━ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
    child.once('exit', (code, signal) => {
      console.log(`━━ ${title}: ${code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      resolve(code === 0);
    });
  });
}

const started = Date.now();
const failures = [];
const jestArgs = ['--reporters=default', `--reporters=${reporter}`];

if (!(await run('build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']))) {
  console.log('\nThe build failed: nothing to test.\n0 passed, 1 failed');
  process.exit(1);
}
if (!(await run('lint', 'npx', ['nx', 'run-many', '-t', 'lint', '--output-style=static']))) failures.push('lint');
if (!(await run('unit and integration tests', 'npx', ['nx', 'run-many', '-t', 'test', `--parallel=${PARALLEL}`, '--output-style=stream', '--', ...jestArgs]))) {
  failures.push('tests');
}
const e2eJest = ['node_modules/jest/bin/jest.js', '-c', 'tools/e2e/jest.config.js', ...jestArgs];
if (!(await run('end-to-end tests', process.execPath, e2eJest, { NODE_OPTIONS: '--experimental-vm-modules' }))) failures.push('e2e');

const { passed, failed, skipped } = summarise(results);
rmSync(results, { recursive: true, force: true });
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')} (${minutes} min)`);
else console.log(`\nAll steps passed (${minutes} min)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);
