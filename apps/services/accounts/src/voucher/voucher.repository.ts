import { Counter, type QueryFile } from '@freight/server-database';

/** The voucher counter (ADR 34): the last voucher number given; numbers in use are the credits' (deleted ones too). */
export const voucherCounter = new Counter({ table: 'accounts.voucher_counter', name: 'voucher', numbers: { table: 'accounts.credit', column: 'credit_sr' } });

export const VOUCHER_QUERY_FILE: QueryFile = { file: 'voucher/queries/voucher.repository.sql', queries: voucherCounter.queries };
