import { z } from 'zod/mini';
import { keyParam } from '../params.js';
import { defineResource } from '../resource.js';
import { AccountsTexts, consigneeBalanceSchema } from './accounts-fields.js';

/** The most consignees one `balances` call names (a page of the consignee list). */
export const BALANCES_MAX = 100;

/** Comma-separated ids in the query; the same as a list (the parsed form the gateway forwards, which the service parses again). */
const consigneeIds = z.pipe(
  z.pipe(
    z.union([z.string(), z.array(z.string())], { error: 'consignee_ids is required' }),
    z.transform((value: string | string[]) => [...new Set((Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean))]),
  ),
  z.array(z.string()).check(z.minLength(1, 'consignee_ids is required'), z.maxLength(BALANCES_MAX, `consignee_ids names at most ${BALANCES_MAX} consignees`)),
);

/*
 * The balance a consignee owes (requirements decisions §3: the accounts service is the source of truth, the
 * consignee screens show it). Read by everyone who reads consignees (requirements decisions §4 "Consignees": all staff),
 * as the screens that show it are theirs (ADR 34); everything else of accounts is Head's. A
 * consignee reads their own balance, by their id (issue 11).
 */
export const balances = defineResource({
  service: 'accounts',
  name: 'balance',
  key: 'accounts',
  area: 'consignees',
  naturalKey: 'consignee_id',
  sortFields: ['consignee_id'],
  searchFields: [],
  texts: {
    singular: 'balance',
    plural: 'balances',
    added: AccountsTexts.consigneeNotFound,
    updated: AccountsTexts.consigneeNotFound,
    deleted: AccountsTexts.consigneeNotFound,
    notFound: AccountsTexts.consigneeNotFound,
  },
  operations: {
    balance: {
      method: 'GET',
      path: '/api/accounts/balance/{consignee_id}',
      summary: "A consignee's balance owed (opening + debits − credits), by the consignee's id (staff, or that consignee)",
      action: 'read',
      params: keyParam('consignee_id', 'Consignee ID'),
      owner: { role: 'consignee', param: 'consignee_id', by: 'id' },
      reply: z.object({ success: z.literal(true), balance: consigneeBalanceSchema }),
    },
    balances: {
      method: 'GET',
      path: '/api/accounts/balances',
      summary: `The balances of up to ${BALANCES_MAX} consignees (a page of the consignee list), by id, comma-separated; ids it does not know are left out`,
      action: 'read',
      query: z.object({ consignee_ids: consigneeIds }),
      reply: z.object({ success: z.literal(true), balances: z.array(consigneeBalanceSchema) }),
    },
  },
});
