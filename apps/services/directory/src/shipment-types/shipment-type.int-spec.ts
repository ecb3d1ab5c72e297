import { shipmentTypes } from '@freight/contracts';
import { startDirectory } from '../testing/directory-harness.js';
import { masterDataSuite } from '../testing/master-data-suite.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(shipmentTypes, startDirectory, {
  sample: (n) => ({ TypeofShipment: `Typeof shipment ${n}` }),
  change: { newTypeofShipment: 'Typeof shipment renamed' },
  invalid: { TypeofShipment: 'x'.repeat(101) },
});
