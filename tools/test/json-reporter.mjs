// Jest reporter used by `npm test`: writes each run's counts to $FREIGHT_TEST_RESULTS/<project>.json
// so run-all can add up every project's tests (the default reporter still prints as usual).
import { basename } from 'node:path';
import { writeCounts } from './summary.mjs';

export default class CountsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    writeCounts(basename(this.rootDir), results, { rootDir: this.rootDir });
  }
}
