import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarise } from './summary.mjs';

describe('summarise', () => {
  it('adds up every run and counts a suite that could not run as a failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'results-'));
    const run = (name, counts) => writeFileSync(join(dir, `${name}.json`), JSON.stringify({ numPendingTests: 0, numRuntimeErrorTestSuites: 0, ...counts }));
    run('a', { numPassedTests: 10, numFailedTests: 1 });
    run('b', { numPassedTests: 5, numFailedTests: 0, numRuntimeErrorTestSuites: 2, numPendingTests: 1 });
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    expect(summarise(dir)).toMatchObject({ passed: 15, failed: 3, skipped: 1 });
  });
});
