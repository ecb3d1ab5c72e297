import { DirectoryInit1763712000000 } from './1763712000000-directory-init.js';
import { DirectoryListIndexes1763798400000 } from './1763798400000-directory-list-indexes.js';
import { DirectorySignInAttempts1795315000000 } from './1795315000000-directory-sign-in-attempts.js';

/** Every migration, oldest first. */
export const migrations = [DirectoryInit1763712000000, DirectoryListIndexes1763798400000, DirectorySignInAttempts1795315000000];
