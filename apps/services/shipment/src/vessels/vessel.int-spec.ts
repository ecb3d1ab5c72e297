import { vessels } from '@freight/contracts';
import { masterDataSuite } from '@freight/server-testing';
import { startShipment } from '../testing/shipment-harness.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(vessels, startShipment, {
  sample: (n) => ({ origin: `Origin ${n}`, details: `Details ${n}` }),
  change: { origin: 'Origin renamed', details: 'Details changed' },
  invalid: { origin: 'x'.repeat(101), details: 'x'.repeat(2001) },
});
