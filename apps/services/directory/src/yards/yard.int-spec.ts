import { yards } from '@freight/contracts';
import { startDirectory } from '../testing/directory-harness.js';
import { masterDataSuite } from '../testing/master-data-suite.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(yards, startDirectory, {
  sample: (n) => ({ YardName: `Yard name ${n}` }),
  change: { newYardName: 'Yard name renamed' },
  invalid: { YardName: 'x'.repeat(101) },
});
