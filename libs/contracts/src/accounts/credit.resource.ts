import { z } from 'zod/mini';
import { multilineText, optionalText } from '../fields.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { defineResource } from '../resource.js';
import {
  AccountsTexts,
  PAYMENT_TYPES,
  accountsDateField,
  consigneeFilterField,
  consigneeNameField,
  positiveMoneyField,
  signedMoneySchema,
} from './accounts-fields.js';

/*
 * Credits: a payment a consignee made (requirements 02 §3, §4, §7 "Accounts"; requirements decisions §3), numbered by
 * the voucher counter in the credit's own transaction (`credit_sr`). Cash or Cheque; a cheque
 * has a number, a cash payment none.
 */

/** A credit as every call answers it (requirements 02 §3 "Credit"). */
export const creditSchema = z.object({
  _id: z.string(),
  /** The voucher number. */
  credit_sr: z.int(),
  consigneeName: z.object({ _id: z.string(), consigneeName: z.string(), openingBalance: z.string() }),
  paymentType: z.enum(PAYMENT_TYPES),
  /** '' for a cash payment. */
  chequeNumber: z.string(),
  amount: z.string(),
  remarks: z.string(),
  /** The day of the payment, `YYYY-MM-DD`. */
  date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Credit = z.infer<typeof creditSchema>;

const paymentTypeField = z.enum(PAYMENT_TYPES, { error: AccountsTexts.paymentType });

/** The fields an edit may change (requirements 02 §4: paymentType, amount, chequeNumber, remarks), and the day. */
const editableFields = {
  paymentType: paymentTypeField,
  amount: positiveMoneyField('Amount'),
  chequeNumber: z._default(optionalText('Cheque number', 40), ''),
  remarks: z._default(multilineText('Remarks', 500), ''),
  /** The day of the payment; left out: today (on add), unchanged (on edit). */
  date: z.optional(accountsDateField('Date')),
};

/** A cheque has a number; a cash payment none (400 beside chequeNumber). */
const chequeRule = z.superRefine((body: { paymentType: string; chequeNumber: string }, ctx) => {
  if (body.paymentType === 'Cheque' && body.chequeNumber === '')
    ctx.addIssue({ code: 'custom', message: AccountsTexts.chequeNumberRequired, path: ['chequeNumber'], input: body.chequeNumber });
  if (body.paymentType === 'Cash' && body.chequeNumber !== '')
    ctx.addIssue({ code: 'custom', message: AccountsTexts.chequeNumberOnCash, path: ['chequeNumber'], input: body.chequeNumber });
});

/** POST credits/add. */
export const creditAddSchema = z.object({ consigneeName: consigneeNameField(), ...editableFields }).check(chequeRule);
export type CreditAdd = z.input<typeof creditAddSchema>;

/** PUT credits/edit/{id}. */
export const creditEditSchema = z.object(editableFields).check(chequeRule);
export type CreditEdit = z.input<typeof creditEditSchema>;

export const CREDIT_SORT_FIELDS = ['credit_sr', 'date', 'consignee', 'amount', 'paymentType'] as const;

export const creditListQuerySchema = z.extend(listQuerySchema(CREDIT_SORT_FIELDS), { consigneeName: consigneeFilterField });

const creditId = keyParam('id', 'Credit ID');

/** What a write answers: the message, the credit (not after a delete) and the consignee's balance after it. */
const written = <S extends z.ZodMiniType>(credit: S) => z.object({ success: z.literal(true), message: z.string(), credit, updatedBalance: signedMoneySchema });

export const credits = defineResource({
  service: 'accounts',
  name: 'credit',
  key: 'credits',
  area: 'accounts',
  naturalKey: '_id',
  sortFields: CREDIT_SORT_FIELDS,
  searchFields: ['credit_sr', 'consignee', 'chequeNumber', 'remarks'],
  texts: {
    singular: 'credit',
    plural: 'credits',
    added: AccountsTexts.creditAdded,
    updated: AccountsTexts.creditUpdated,
    deleted: AccountsTexts.creditDeleted,
    notFound: AccountsTexts.creditNotFound,
  },
  operations: {
    // Named `list`, not `all`: the path is the spec's `credits/all`; a CSV of credits is the statement's (issue 10).
    list: {
      method: 'GET',
      path: '/api/credits/all',
      summary:
        'Credits (Head), newest voucher first; searched (q: voucher number, consignee, cheque number, remarks), sorted and paged; with consigneeName, that consignee’s only',
      action: 'read',
      query: creditListQuerySchema,
      reply: z.object({ success: z.literal(true), results: z.array(creditSchema) }),
      paged: true,
      listKey: 'results',
    },
    get: {
      method: 'GET',
      path: '/api/credits/{id}',
      summary: 'One credit (the edit screen)',
      action: 'read',
      params: creditId,
      reply: z.object({ success: z.literal(true), credit: creditSchema }),
    },
    add: {
      method: 'POST',
      path: '/api/credits/add',
      summary: "Record a payment (Head): the next voucher number, and the consignee's balance goes down by the amount",
      action: 'write',
      body: creditAddSchema,
      reply: written(creditSchema),
      idempotent: true,
    },
    edit: {
      method: 'PUT',
      path: '/api/credits/edit/{id}',
      summary: 'Edit a payment (Head): the balance moves by the difference; the voucher number stays',
      action: 'write',
      params: creditId,
      body: creditEditSchema,
      reply: written(creditSchema),
    },
    delete: {
      method: 'DELETE',
      path: '/api/credits/delete/{id}',
      summary: 'Delete a payment (Head): the balance goes back up by the amount; its voucher number is never given again',
      action: 'delete',
      params: creditId,
      reply: written(creditSchema),
    },
  },
});
