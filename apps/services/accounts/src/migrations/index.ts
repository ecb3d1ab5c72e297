import { AccountsInit1796300000000 } from './1796300000000-accounts-init.js';
import { ListTotals1796300100000 } from './1796300100000-list-totals.js';
import { StatementIndex1796301100000 } from './1796301100000-statement-index.js';
import { StatementDocuments1796410100000 } from './1796410100000-statement-documents.js';
import { StatementCovering1796500100000 } from './1796500100000-statement-covering.js';
import { ListTotalsKept1796500200000 } from './1796500200000-list-totals-kept.js';

/** Every migration, oldest first. */
export const migrations = [
  AccountsInit1796300000000,
  ListTotals1796300100000,
  StatementIndex1796301100000,
  StatementDocuments1796410100000,
  StatementCovering1796500100000,
  ListTotalsKept1796500200000,
];
