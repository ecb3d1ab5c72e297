import type { QueryFile } from '@freight/server-database';
import { CREDIT_QUERY_FILE } from './credits/credit.repository.js';
import { DEBIT_QUERY_FILE } from './debits/debit.repository.js';
import { CONSIGNEE_QUERY_FILE } from './ledger/consignee.repository.js';
import { LEDGER_QUERY_FILE } from './ledger/ledger.repository.js';
import { REFERENCE_QUERY_FILE } from './references/reference.repository.js';
import { STATEMENT_QUERY_FILE } from './statement/statement.repository.js';
import { VOUCHER_QUERY_FILE } from './voucher/voucher.repository.js';

/** Every data-access module's queries and the file beside it they are committed to (`npm run sql:generate` writes them). */
export const QUERY_FILES: readonly QueryFile[] = [
  LEDGER_QUERY_FILE,
  CONSIGNEE_QUERY_FILE,
  DEBIT_QUERY_FILE,
  CREDIT_QUERY_FILE,
  VOUCHER_QUERY_FILE,
  STATEMENT_QUERY_FILE,
  REFERENCE_QUERY_FILE,
];
