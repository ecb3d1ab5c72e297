import { origins } from '@freight/contracts';
import { masterDataSuite } from '@freight/server-testing';
import { startDirectory } from '../testing/directory-harness.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(origins, startDirectory, {
  sample: (n) => ({ OriginPortName: `Origin port name ${n}`, OriginPortLocation: `Origin port location ${n}` }),
  change: { newOriginPortName: 'Origin port name renamed', newOriginPortLocation: 'Origin port location changed' },
  invalid: { OriginPortName: 'x'.repeat(101), OriginPortLocation: 'x'.repeat(101) },
});
