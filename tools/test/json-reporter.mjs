// Jest reporter used by `npm test`: writes each run's counts to $FREIGHT_TEST_RESULTS/<project>.json
// so run-all can add up every project's tests (the default reporter still prints as usual).
import { basename, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { writeCounts } from './summary.mjs';

export default class CountsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    // The failures' names, so the last lines of a long run say which tests to look at.
    const failures = results.testResults.flatMap((file) => {
      const path = relative(this.rootDir, file.testFilePath);
      if (file.testExecError || (file.failureMessage && !file.testResults.some((t) => t.status === 'failed')))
        return [`${path} (the file did not run: ${whyNotRun(file)})`];
      return file.testResults.filter((t) => t.status === 'failed').map((t) => `${path}: ${t.fullName}`);
    });
    writeCounts(basename(this.rootDir), results, { rootDir: this.rootDir, failures });
  }
}

/** The first line of what stopped a file (a crashed worker, a failing hook): the tail of a long log may be all there is to read. */
function whyNotRun(file) {
  const text = stripVTControlCharacters(file.failureMessage || file.testExecError?.message || file.testExecError?.stack || '');
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith('●')) ?? 'no reason given';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
