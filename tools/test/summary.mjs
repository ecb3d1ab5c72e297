import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Adds up the counts the reporter wrote. A suite that could not run (syntax error, missing
 * module) counts as one failed test, so a broken file never reads as "0 failed".
 */
export function summarise(dir) {
  const runs = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const passed = runs.reduce((n, r) => n + r.numPassedTests, 0);
  const failed = runs.reduce((n, r) => n + r.numFailedTests + r.numRuntimeErrorTestSuites, 0);
  const skipped = runs.reduce((n, r) => n + r.numPendingTests, 0);
  return { runs, passed, failed, skipped };
}
