import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarise, totals, writeCounts } from './summary.mjs';

describe('summarise', () => {
  it('adds up every run and counts a suite that could not run as a failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'results-'));
    const run = (name, counts) => writeFileSync(join(dir, `${name}.json`), JSON.stringify({ numPendingTests: 0, numRuntimeErrorTestSuites: 0, ...counts }));
    run('a', { numPassedTests: 10, numFailedTests: 1 });
    run('b', { numPassedTests: 5, numFailedTests: 0, numRuntimeErrorTestSuites: 2, numPendingTests: 1 });
    run('c', { numPassedTests: 1, numFailedTests: 1, failures: ['faults/kill.int-spec.ts: a killed service loses nothing'] });
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    expect(summarise(dir)).toMatchObject({ passed: 16, failed: 4, skipped: 1, failures: ['faults/kill.int-spec.ts: a killed service loses nothing'] });
  });
});

describe('writeCounts', () => {
  it('writes counts that summarise adds up with the rest, and nothing without FREIGHT_TEST_RESULTS', () => {
    const dir = mkdtempSync(join(tmpdir(), 'results-'));
    const before = process.env.FREIGHT_TEST_RESULTS;
    try {
      delete process.env.FREIGHT_TEST_RESULTS;
      writeCounts('web-audit', { numPassedTests: 9, numFailedTests: 9, numPendingTests: 0, numRuntimeErrorTestSuites: 0, success: false });
      process.env.FREIGHT_TEST_RESULTS = join(dir, 'step');
      writeCounts('web-audit', { numPassedTests: 1, numFailedTests: 1, numPendingTests: 0, numRuntimeErrorTestSuites: 1, success: false }, { budgets: [] });
      expect(summarise(join(dir, 'step'))).toMatchObject({ passed: 1, failed: 2, skipped: 0 });
    } finally {
      if (before === undefined) delete process.env.FREIGHT_TEST_RESULTS;
      else process.env.FREIGHT_TEST_RESULTS = before;
    }
  });
});

describe('totals (the last line of npm test)', () => {
  const counts = (passed, failed = 0, skipped = 0) => ({ passed, failed, skipped });

  it('counts a failed step whose tests show no failure as one failure: lint, a crash of the end-to-end run', () => {
    const sum = totals([
      { name: 'build', ok: true },
      { name: 'lint', ok: false },
      { name: 'tests', ok: true, counts: counts(500, 0, 1) },
      { name: 'e2e', ok: false, counts: counts(0) },
    ]);
    expect(sum).toEqual({ passed: 500, failed: 2, skipped: 1, failedSteps: ['lint', 'e2e'] });
  });

  it('counts the failed tests of a step that reported them, not the step again', () => {
    expect(
      totals([
        { name: 'tests', ok: false, counts: counts(10, 3) },
        { name: 'e2e', ok: false, counts: counts(4, 1) },
      ]),
    ).toMatchObject({ passed: 14, failed: 4 });
  });

  it('says 0 failed only when every step passed', () => {
    expect(
      totals([
        { name: 'build', ok: true },
        { name: 'tests', ok: true, counts: counts(7) },
      ]),
    ).toEqual({ passed: 7, failed: 0, skipped: 0, failedSteps: [] });
    expect(totals([{ name: 'build', ok: false }]).failed).toBe(1);
  });

  it('reads a step that wrote no results (it crashed first) as no tests', () => {
    expect(summarise(join(tmpdir(), 'no-such-results-folder'))).toMatchObject({ passed: 0, failed: 0, skipped: 0 });
  });
});
