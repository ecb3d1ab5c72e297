import { shipmentTerms } from '@freight/contracts';
import { masterDataSuite } from '@freight/server-testing';
import { startDirectory } from '../testing/directory-harness.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(shipmentTerms, startDirectory, {
  sample: (n) => ({ TermofShipment: `Termof shipment ${n}` }),
  change: { newTermofShipment: 'Termof shipment renamed' },
  invalid: { TermofShipment: 'x'.repeat(101) },
});
