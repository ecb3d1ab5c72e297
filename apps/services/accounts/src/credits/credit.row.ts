import type { Credit } from '@freight/contracts';
import { isoStamp } from '../ledger/reply-fields.js';

/** A credit as SQL selects it (CREDIT_COLUMNS). */
export interface CreditRow {
  _id: string;
  credit_sr: number;
  consignee_id: string;
  consignee_name: string;
  opening_balance: string;
  paymentType: Credit['paymentType'];
  chequeNumber: string;
  amount: string;
  remarks: string;
  date: string;
  createdAt: string;
  updatedAt: string;
}

/** A credit as replies show it, from `accounts.credit k JOIN accounts.consignee c` (CREDIT_FROM). */
export const CREDIT_COLUMNS = `k.id::text AS "_id", k.credit_sr, k.consignee_id::text AS consignee_id, k.consignee_name, c.opening_balance::text AS opening_balance,
  k.payment_type AS "paymentType", k.cheque_number AS "chequeNumber", k.amount::text AS amount, k.remarks, to_char(k.credit_date, 'YYYY-MM-DD') AS date,
  ${isoStamp('k.created_at')} AS "createdAt", ${isoStamp('k.updated_at')} AS "updatedAt"`;
export const CREDIT_FROM = `accounts.credit k JOIN accounts.consignee c ON c.id = k.consignee_id`;

/**
 * `toCredit` in SQL, over the same tables: a credit as its reply's JSON, built by Postgres
 * (docs/adr/0059-json-replies-passed-as-bytes.md); credit.row.int-spec.ts proves it equals `toCredit`.
 */
export const CREDIT_JSON = `json_build_object('_id', k.id, 'credit_sr', k.credit_sr, 'paymentType', k.payment_type, 'chequeNumber', k.cheque_number,
  'amount', k.amount::text, 'remarks', k.remarks, 'date', to_char(k.credit_date, 'YYYY-MM-DD'), 'createdAt', ${isoStamp('k.created_at')},
  'updatedAt', ${isoStamp('k.updated_at')},
  'consigneeName', json_build_object('_id', k.consignee_id, 'consigneeName', k.consignee_name, 'openingBalance', c.opening_balance::text))`;

export function toCredit(row: CreditRow): Credit {
  const { consignee_id, consignee_name, opening_balance, ...rest } = row;
  return { ...rest, consigneeName: { _id: consignee_id, consigneeName: consignee_name, openingBalance: opening_balance } };
}
