import { DirectoryInit1763712000000 } from './1763712000000-directory-init.js';
import { DirectoryListIndexes1763798400000 } from './1763798400000-directory-list-indexes.js';
import { UserSessionVersion1763890000000 } from './1763890000000-user-session-version.js';
import { DirectoryIdempotency1764547200000 } from './1764547200000-directory-idempotency.js';
import { DirectorySignInAttempts1795315000000 } from './1795315000000-directory-sign-in-attempts.js';
import { ClientAccounts1795514936817 } from './1795514936817-client-accounts.js';
import { Forwarder1795515318350 } from './1795515318350-forwarder.js';
import { Origin1795515320468 } from './1795515320468-origin.js';
import { Yard1795515322465 } from './1795515322465-yard.js';
import { ShipmentType1795515324945 } from './1795515324945-shipment-type.js';
import { ShipmentTerm1795515327549 } from './1795515327549-shipment-term.js';
import { DirectoryOutbox1796000000000 } from './1796000000000-directory-outbox.js';
import { ConsigneeBalanceOwed1796410000000 } from './1796410000000-consignee-balance-owed.js';
// new:resource imports

/** Every migration, oldest first. */
export const migrations = [
  DirectoryInit1763712000000,
  DirectoryListIndexes1763798400000,
  UserSessionVersion1763890000000,
  DirectoryIdempotency1764547200000,
  DirectorySignInAttempts1795315000000,
  ClientAccounts1795514936817,
  Forwarder1795515318350,
  Origin1795515320468,
  Yard1795515322465,
  ShipmentType1795515324945,
  ShipmentTerm1795515327549,
  DirectoryOutbox1796000000000,
  ConsigneeBalanceOwed1796410000000,
  // new:resource migrations
];
