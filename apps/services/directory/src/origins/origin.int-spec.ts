import { origins } from '@freight/contracts';
import { startDirectory } from '../testing/directory-harness.js';
import { masterDataSuite } from '../testing/master-data-suite.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(origins, startDirectory, {
  sample: (n) => ({ OriginPortName: `Origin port name ${n}`, OriginPortLocation: `Origin port location ${n}` }),
  change: { newOriginPortName: 'Origin port name renamed', newOriginPortLocation: 'Origin port location changed' },
  invalid: { OriginPortName: 'x'.repeat(101), OriginPortLocation: 'x'.repeat(101) },
});
