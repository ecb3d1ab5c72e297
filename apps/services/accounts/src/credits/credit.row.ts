import type { Credit } from '@freight/contracts';

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

const stamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A credit as replies show it, from `accounts.credit k JOIN accounts.consignee c` (CREDIT_FROM). */
export const CREDIT_COLUMNS = `k.id::text AS "_id", k.credit_sr, k.consignee_id::text AS consignee_id, k.consignee_name, c.opening_balance::text AS opening_balance,
  k.payment_type AS "paymentType", k.cheque_number AS "chequeNumber", k.amount::text AS amount, k.remarks, to_char(k.credit_date, 'YYYY-MM-DD') AS date,
  ${stamp('k.created_at')} AS "createdAt", ${stamp('k.updated_at')} AS "updatedAt"`;
export const CREDIT_FROM = `accounts.credit k JOIN accounts.consignee c ON c.id = k.consignee_id`;

export function toCredit(row: CreditRow): Credit {
  const { consignee_id, consignee_name, opening_balance, ...rest } = row;
  return { ...rest, consigneeName: { _id: consignee_id, consigneeName: consignee_name, openingBalance: opening_balance } };
}
