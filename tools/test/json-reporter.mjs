// Jest reporter used by `npm test`: writes each run's counts to $FREIGHT_TEST_RESULTS/<project>.json
// so run-all can add up every project's tests (the default reporter still prints as usual).
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export default class CountsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = process.env.FREIGHT_TEST_RESULTS;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const name = `${basename(this.rootDir)}-${Date.now()}-${process.pid}.json`;
    writeFileSync(
      join(dir, name),
      JSON.stringify({
        rootDir: this.rootDir,
        numPassedTests: results.numPassedTests,
        numFailedTests: results.numFailedTests,
        numPendingTests: results.numPendingTests,
        numRuntimeErrorTestSuites: results.numRuntimeErrorTestSuites,
        success: results.success,
      }),
    );
  }
}
