import { DirectoryInit1763712000000 } from './1763712000000-directory-init.js';
import { DirectoryListIndexes1763798400000 } from './1763798400000-directory-list-indexes.js';
import { UserSessionVersion1763890000000 } from './1763890000000-user-session-version.js';
import { DirectoryIdempotency1764547200000 } from './1764547200000-directory-idempotency.js';
import { DirectorySignInAttempts1795315000000 } from './1795315000000-directory-sign-in-attempts.js';
import { ClientAccounts1795514936817 } from './1795514936817-client-accounts.js';
// new:resource imports

/** Every migration, oldest first. */
export const migrations = [
  DirectoryInit1763712000000,
  DirectoryListIndexes1763798400000,
  UserSessionVersion1763890000000,
  DirectoryIdempotency1764547200000,
  DirectorySignInAttempts1795315000000,
  ClientAccounts1795514936817,
  // new:resource migrations
];
