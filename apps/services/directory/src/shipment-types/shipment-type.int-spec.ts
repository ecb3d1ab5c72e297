import { shipmentTypes } from '@freight/contracts';
import { masterDataSuite } from '@freight/server-testing';
import { startDirectory } from '../testing/directory-harness.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(shipmentTypes, startDirectory, {
  sample: (n) => ({ TypeofShipment: `Typeof shipment ${n}` }),
  change: { newTypeofShipment: 'Typeof shipment renamed' },
  invalid: { TypeofShipment: 'x'.repeat(101) },
});
