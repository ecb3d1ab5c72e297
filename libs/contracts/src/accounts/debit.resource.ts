import { z } from 'zod/mini';
import { moneyField, requiredText } from '../fields.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { defineResource } from '../resource.js';
import { AccountsTexts, accountsDateField, consigneeFilterField, signedMoneySchema } from './accounts-fields.js';

/*
 * Debits: an invoice on a job (requirements 02 §3, §4, §7 "Accounts"; requirements decisions §3). The calls keep the
 * spec's paths under /api/shipments/, but the accounts service answers them (its subjects are
 * `accounts.debit.*`): the gateway forwards every route to its resource's service.
 */

/** An invoiced job as the debit records show it (requirements 02 §3 "Invoiced shipment row"); names from the accounts service's copies, money as decimal strings. */
export const invoicedShipmentSchema = z.object({
  jobNo: z.string(),
  /** The consignee's name. */
  consignee: z.string(),
  consignee_id: z.string(),
  invoiceNo: z.string(),
  invoiceAmount: z.string(),
  /** `YYYY-MM-DD`. */
  invoiceDate: z.string(),
  origin: z.string(),
  /** '' when the job has no shipper. */
  shipperName: z.string(),
  blNo: z.string(),
  containerNo: z.string(),
});
export type InvoicedShipment = z.infer<typeof invoicedShipmentSchema>;

/** POST shipments/adddebit/{jobNo}: the invoice of the job; a job that has one gets it replaced. */
export const debitBodySchema = z.object({
  invoiceNo: requiredText('Invoice No', 60),
  invoiceAmount: moneyField('Invoice Amount'),
  invoiceDate: accountsDateField('Invoice Date'),
});

/** What Add Debit takes (the system tests' invoices are written with it). */
export type DebitBody = z.input<typeof debitBodySchema>;

/** The debit records' summary for one consignee (requirements 02 §3 "Debit summary"), with the credits and the balance beside it. */
export const debitSummarySchema = z.object({
  consignee: z.string(),
  consignee_id: z.string(),
  openingBalance: z.string(),
  totalDebit: z.string(),
  /** openingBalance + totalDebit, as the spec's summary has it. */
  grandTotal: z.string(),
  totalCredit: z.string(),
  /** What the consignee owes now: grandTotal − totalCredit. */
  balance: signedMoneySchema,
});
export type DebitSummary = z.infer<typeof debitSummarySchema>;

export const DEBIT_SORT_FIELDS = ['invoiceDate', 'jobNo', 'invoiceNo', 'invoiceAmount', 'consignee'] as const;

export const invoicedShipmentsQuerySchema = z.extend(listQuerySchema(DEBIT_SORT_FIELDS), { consigneeName: consigneeFilterField });

export const debits = defineResource({
  service: 'accounts',
  name: 'debit',
  key: 'shipments',
  area: 'accounts',
  naturalKey: 'jobNo',
  sortFields: DEBIT_SORT_FIELDS,
  searchFields: ['jobNo', 'invoiceNo', 'consignee', 'blNo', 'containerNo'],
  texts: {
    singular: 'debit',
    plural: 'debits',
    added: AccountsTexts.debitAdded,
    updated: AccountsTexts.debitReplaced,
    deleted: AccountsTexts.debitReplaced,
    notFound: AccountsTexts.shipmentNotFound,
  },
  operations: {
    addDebit: {
      wire: 'adddebit',
      method: 'POST',
      path: '/api/shipments/adddebit/{jobNo}',
      summary: "Invoice a job (Head): a job that has an invoice gets it replaced, and the consignee's balance moves by the difference",
      action: 'write',
      params: keyParam('jobNo', 'Job number'),
      body: debitBodySchema,
      reply: z.object({
        success: z.literal(true),
        message: z.string(),
        /** The consignee's balance after the debit. */
        updatedBalance: signedMoneySchema,
        /** The invoice before this one, when it replaced one (else null). */
        replaced: z.nullable(z.object({ invoiceNo: z.string(), invoiceAmount: z.string(), invoiceDate: z.string() })),
        shipment: invoicedShipmentSchema,
      }),
      status: 200,
    },
    listInvoicedShipments: {
      wire: 'invoicedshipments',
      method: 'GET',
      path: '/api/shipments/invoicedshipments',
      summary:
        "Invoiced jobs (Head), searched (q: job, invoice, consignee, BL, container), sorted and paged; with consigneeName, that consignee's only and their summary",
      action: 'read',
      query: invoicedShipmentsQuerySchema,
      reply: z.object({
        success: z.literal(true),
        results: z.array(invoicedShipmentSchema),
        /** Of the consignee named by `consigneeName`; null without it. */
        summary: z.nullable(debitSummarySchema),
        message: z.string(),
      }),
      paged: true,
      listKey: 'results',
    },
  },
});
