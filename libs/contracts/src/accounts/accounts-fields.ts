import { z } from 'zod/mini';
import { moneyField, optionalText } from '../fields.js';
import { dateField } from '../value-fields.js';

/*
 * What the accounts calls share (requirements 02 §3, §7 "Accounts"; requirements decisions §3; ADR 23, 34): amounts
 * are decimal strings with two decimals in JSON and NATS, numeric in Postgres. A balance may be
 * below zero (a consignee who paid more than they owe), so it is a signed decimal string.
 */

/** A signed amount as replies carry it: "1234.50", "-20.00". */
export const signedMoneySchema = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

/** An amount more than zero (a credit of nothing records nothing). */
export const positiveMoneyField = (label: string) => moneyField(label).check(z.refine((value) => value !== '0.00', `${label} must be more than 0`));

/** A calendar day, `YYYY-MM-DD` (an ISO timestamp is cut to its day), as the shipment calls take dates. */
export const accountsDateField = dateField;

/** A consignee named in a body, as the screens' dropdown (consignees/unique) gives it; the service answers 400 for one it does not know. */
export const consigneeNameField = (label = 'Consignee') =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(100, `${label} must be at most 100 characters`));

/** An optional consignee filter of a list query (`?consigneeName=`): blank is none. */
export const consigneeFilterField = z.optional(optionalText('consigneeName', 100));

/** The balance a consignee owes now and how it is made (requirements decisions §3): opening + debits − credits. */
export const consigneeBalanceSchema = z.object({
  consignee_id: z.string(),
  consigneeName: z.string(),
  openingBalance: z.string(),
  totalDebit: z.string(),
  totalCredit: z.string(),
  /** Balance owed = openingBalance + totalDebit − totalCredit; below zero when the consignee paid ahead. */
  balance: signedMoneySchema,
  updatedAt: z.string(),
});
export type ConsigneeBalance = z.infer<typeof consigneeBalanceSchema>;

/** The kinds of ledger rows (issue 10): every change of a balance is one. */
export const LEDGER_KINDS = ['opening balance', 'invoice', 'invoice replaced', 'credit', 'credit edited', 'credit deleted'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const PAYMENT_TYPES = ['Cash', 'Cheque'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The texts of the accounts screens and calls, word for word where the spec gives them (requirements 02 §5, §8; requirements decisions §2: "Voucher"). */
export const AccountsTexts = {
  shipmentNotFound: 'Shipment not found.',
  debitAdded: 'Debit payment added successfully.',
  debitReplaced: 'Invoice replaced successfully.',
  noDebits: 'No debit records found.',
  creditAdded: 'Credit payment added successfully.',
  creditUpdated: 'Credit payment updated successfully.',
  creditDeleted: 'Credit payment deleted successfully.',
  creditNotFound: 'Credit not found.',
  consigneeNotFound: 'Consignee not found.',
  unknownConsignee: 'No consignee has this name',
  chequeNumberRequired: 'Cheque number is required for a cheque payment',
  chequeNumberOnCash: 'A cash payment has no cheque number',
  paymentType: 'Payment type must be Cash or Cheque',
  voucherFetchFailed: 'Failed to fetch Voucher counter.',
  voucherUpdateFailed: 'Failed to update Voucher counter.',
  voucherUpdated: 'Voucher counter updated successfully',
} as const;

/** Why a voucher counter value at or below the highest voucher number in use is refused (409). */
export const voucherCounterCollides = (highest: number) =>
  `The voucher counter cannot be set below ${highest}: voucher number ${highest} is already in use, so the next credit would repeat a number.`;
