import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes one run's counts into $FREIGHT_TEST_RESULTS (nothing when it is not set), in the form
 * `summarise` adds up: jest runs (json-reporter.mjs) and the web audit's budgets use it.
 * @param {string} label names the file (a project's folder, `web-audit`)
 * @param {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numRuntimeErrorTestSuites: number, success: boolean }} counts
 * @param {object} [extra] more fields kept in the file
 */
export function writeCounts(label, counts, extra = {}) {
  const dir = process.env.FREIGHT_TEST_RESULTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const { numPassedTests, numFailedTests, numPendingTests, numRuntimeErrorTestSuites, success } = counts;
  const file = join(dir, `${label}-${Date.now()}-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ ...extra, numPassedTests, numFailedTests, numPendingTests, numRuntimeErrorTestSuites, success }));
}

/**
 * Adds up the counts the reporter wrote into `dir` (none if it does not exist). A suite that
 * could not run (syntax error, missing module) counts as one failed test, so a broken file
 * never reads as "0 failed".
 */
export function summarise(dir) {
  if (!existsSync(dir)) return { runs: [], passed: 0, failed: 0, skipped: 0, failures: [] };
  const runs = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const passed = runs.reduce((n, r) => n + r.numPassedTests, 0);
  const failed = runs.reduce((n, r) => n + r.numFailedTests + r.numRuntimeErrorTestSuites, 0);
  const skipped = runs.reduce((n, r) => n + r.numPendingTests, 0);
  const failures = runs.flatMap((r) => r.failures ?? []);
  return { runs, passed, failed, skipped, failures };
}

/**
 * The numbers of `npm test`'s last line, over every step (build, lint, tests, end-to-end):
 * a failed step counts its failed tests, or one failure when its tests show none (a lint
 * error, a build error, a crash before or after the tests ran), so the line never says
 * "0 failed" for a run that failed.
 * @param {{ name: string, ok: boolean, counts?: { passed: number, failed: number, skipped: number } }[]} steps
 */
export function totals(steps) {
  const sum = { passed: 0, failed: 0, skipped: 0, failedSteps: [] };
  for (const { name, ok, counts = { passed: 0, failed: 0, skipped: 0 } } of steps) {
    sum.passed += counts.passed;
    sum.skipped += counts.skipped;
    sum.failed += ok || counts.failed > 0 ? counts.failed : 1;
    if (!ok) sum.failedSteps.push(name);
  }
  return sum;
}
