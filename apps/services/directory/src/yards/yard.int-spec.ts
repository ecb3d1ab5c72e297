import { yards } from '@freight/contracts';
import { masterDataSuite } from '@freight/server-testing';
import { startDirectory } from '../testing/directory-harness.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(yards, startDirectory, {
  sample: (n) => ({ YardName: `Yard name ${n}` }),
  change: { newYardName: 'Yard name renamed' },
  invalid: { YardName: 'x'.repeat(101) },
});
