import { z } from 'zod/mini';
import { defineResource } from '../resource.js';
import { counterReplySchema, counterSetSchema } from '../shipment/shipment-counter.resource.js';
import { AccountsTexts } from './accounts-fields.js';

/*
 * The voucher counter (requirements 02 §3, §7 "Counters"; requirements decisions §3): the last voucher number given
 * (`credit_sr`); the next credit gets counter + 1 in its own transaction. Head reads and sets it;
 * a value below the highest voucher number in use (deleted credits' too) is refused (409). The
 * value's rules and message are the shipment counter's (requirements 02 §5).
 */
export const voucherCounter = defineResource({
  service: 'accounts',
  name: 'voucher',
  key: 'vouchercounter',
  area: 'accounts',
  naturalKey: 'counter',
  sortFields: ['counter'],
  searchFields: [],
  texts: {
    singular: 'voucher counter',
    plural: 'voucher counters',
    added: AccountsTexts.voucherUpdated,
    updated: AccountsTexts.voucherUpdated,
    deleted: AccountsTexts.voucherUpdated,
    notFound: AccountsTexts.voucherFetchFailed,
  },
  operations: {
    get: {
      method: 'POST',
      path: '/api/vouchercounter/get',
      summary: 'The voucher counter (the last voucher number given)',
      action: 'read',
      reply: counterReplySchema,
      status: 200,
    },
    set: {
      method: 'POST',
      path: '/api/vouchercounter/set',
      summary: 'Set the voucher counter; never below the highest voucher number in use (409)',
      action: 'write',
      body: counterSetSchema,
      reply: z.extend(counterReplySchema, { message: z.string() }),
      status: 200,
    },
  },
});
