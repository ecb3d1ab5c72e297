import { DirectoryInit1763712000000 } from './1763712000000-directory-init.js';

/** Every migration, oldest first. */
export const migrations = [DirectoryInit1763712000000];
