// `npm test`: build, lint and type check (ESLint and tsc of every project, tests included; then unused exports), every project's jest tests (unit + integration against the real
// Postgres and NATS), then the end-to-end tests in headless Chromium against a system it
// starts itself, and last the web audit's JavaScript budgets in Chromium (ADR 18), on the same build.
// Ends with one line `N passed, N failed` and a non-zero exit on any failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise, totals } from './summary.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reporter = fileURLToPath(new URL('./json-reporter.mjs', import.meta.url));
const results = mkdtempSync(join(tmpdir(), 'freight-tests-'));
const env = { ...process.env, NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
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
const steps = [];
const jestArgs = ['--reporters=default', `--reporters=${reporter}`];

/** Runs one step; its jest runs report into a folder of its own, so each step's counts are known. */
async function step(name, title, command, args, extraEnv = {}) {
  const dir = join(results, name);
  const ok = await run(title, command, args, { ...extraEnv, FREIGHT_TEST_RESULTS: dir });
  steps.push({ name, ok, counts: summarise(dir) });
  return ok;
}

function finish() {
  rmSync(results, { recursive: true, force: true });
  const { passed, failed, skipped, failedSteps } = totals(steps);
  const failures = steps.flatMap((s) => s.counts.failures.map((f) => `${s.name}: ${f}`));
  if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')} (${minutes} min)`);
  else console.log(`\nAll steps passed (${minutes} min)`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed ? 1 : 0);
}

if (!(await step('build', 'build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']))) {
  console.log('\nThe build failed: nothing to test.');
  finish();
}
// The type check covers every project's tests and test helpers too (the build's tsconfig leaves them out; jest does not type-check).
await step('lint', 'lint and type check', 'npx', ['nx', 'run-many', '-t', 'lint', 'typecheck', '--output-style=static']);
// ESLint sees one file at a time; unused exports and files need the whole workspace at once (ADR 58).
await step('unused-exports', 'unused exports and files (knip)', process.execPath, ['tools/lint/unused-exports.mjs']);
await step('format', 'formatting (Prettier)', 'npx', ['prettier', '--check', '.']);
await step('tests', 'unit and integration tests', 'npx', [
  'nx',
  'run-many',
  '-t',
  'test',
  `--parallel=${PARALLEL}`,
  '--output-style=stream',
  '--',
  ...jestArgs,
]);
const e2eJest = ['node_modules/jest/bin/jest.js', '-c', 'tools/e2e/jest.config.js', ...jestArgs];
await step('e2e', 'end-to-end tests', process.execPath, e2eJest, { NODE_OPTIONS: '--experimental-vm-modules' });
// The JavaScript budgets (ADR 18), measured on the build of the first step: no second build.
await step('web-audit', 'web audit (JavaScript budgets)', process.execPath, ['tools/web-audit/run.mjs', '--no-build']);
finish();
