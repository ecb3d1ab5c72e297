import { forwarders } from '@freight/contracts';
import { masterDataSuite } from '@freight/server-testing';
import { startDirectory } from '../testing/directory-harness.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(forwarders, startDirectory, {
  sample: (n) => ({
    Forwarder: `Forwarder ${n}`,
    email: `email${n}@example.com`,
    contact: `+94 11 234 56${n}0`,
    address: `Address ${n}`,
    remarks: `Remarks ${n}`,
  }),
  change: {
    newForwarderName: 'Forwarder renamed',
    email: 'changed@example.com',
    contact: '+94 81 765 4321',
    address: 'Address changed',
    remarks: 'Remarks changed',
  },
  invalid: { Forwarder: 'x'.repeat(101), email: 'not an e-mail', contact: 'x'.repeat(31), address: 'x'.repeat(201), remarks: 'x'.repeat(2001) },
});
