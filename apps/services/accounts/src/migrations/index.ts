import { AccountsInit1796300000000 } from './1796300000000-accounts-init.js';

/** Every migration, oldest first. */
export const migrations = [AccountsInit1796300000000];
