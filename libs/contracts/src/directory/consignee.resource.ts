import { z } from 'zod/mini';
import { additionalEmailsField, moneyField, multilineText, optionalText, requiredText } from '../fields.js';
import { PasswordMessages, passwordIsUsername } from '../password.js';
import { keyParam } from '../params.js';
import { defineMasterData } from '../master-data.js';
import { clientAccountFields, clientFacts, clientOperations, clientMobileField, optionalPasswordField, updateDataBody } from './client-account.js';

/*
 * Made by `npm run new:resource -- directory consignee`, then given what is the consignee's own:
 * a client sign-in (username, password), additional e-mails, money, and the spec's id in URLs.
 */

export const consigneeSchema = z.object({
  consignee_id: z.string(),
  consigneeName: z.string(),
  username: z.string(),
  email: z.string(),
  additionalEmails: z.array(z.string()),
  address: z.string(),
  mobile: z.string(),
  handlingPersonName: z.string(),
  remarks: z.string(),
  /** Decimal strings with 2 decimals ("1234.50"): money is never a float. */
  openingBalance: z.string(),
  /** What the consignee owes now; the opening balance until the accounts service exists (requirements decisions §3). */
  currentBalance: z.string(),
});
export type Consignee = z.infer<typeof consigneeSchema>;

const consigneeFields = z.object({
  consigneeName: requiredText('Consignee name', 100),
  ...clientAccountFields,
  additionalEmails: z._default(additionalEmailsField, []),
  address: z._default(optionalText('Address', 200), ''),
  mobile: z._default(clientMobileField(false), ''),
  remarks: z._default(multilineText('Remarks'), ''),
  openingBalance: z._default(moneyField('Opening balance'), '0.00'),
});

const notUsername = (consignee: { username?: string; password?: string }) => !passwordIsUsername(consignee.password, consignee.username);
const notUsernameIssue = { error: PasswordMessages.sameAsUsername, path: ['password'] };

/** Add (requirements 01 §5): name, username, email, handling person and password required; the rest optional. */
export const consigneeCreateSchema = consigneeFields.check(z.refine(notUsername, notUsernameIssue));
export type ConsigneeCreate = z.infer<typeof consigneeCreateSchema>;

/**
 * Edit: PUT update/{id} with `{updateData}` (requirements 01 §7). The username is read-only (a body may
 * repeat it unchanged); a blank password keeps the current one; the opening balance, when sent,
 * is recorded as a change if it differs.
 */
export const consigneeUpdateDataSchema = z
  .extend(consigneeFields, {
    username: z.optional(clientAccountFields.username),
    password: optionalPasswordField,
    openingBalance: z.optional(moneyField('Opening balance')),
  })
  .check(z.refine(notUsername, notUsernameIssue));
export const consigneeUpdateSchema = updateDataBody(consigneeUpdateDataSchema);

/** One change of a consignee's opening balance: who, when, before and after. */
export const balanceChangeSchema = z.object({
  changedAt: z.string(),
  changedBy: z.string(),
  before: z.string(),
  after: z.string(),
});
export type BalanceChange = z.infer<typeof balanceChangeSchema>;

const idParam = keyParam('consignee_id', 'Consignee ID');

/**
 * Consignees (requirements 01 §2, §5, §7): named in URLs by their id, as the spec's calls are
 * (`search/{id}`, `update/{id}`, `delete/{consignee_id}`); the name is unique whatever its case
 * (jobs pick a consignee by name).
 */
export const consignees = defineMasterData({
  service: 'directory',
  ...clientFacts('consignee', 'Consignee'),
  schemas: { record: consigneeSchema, create: consigneeCreateSchema, update: consigneeUpdateSchema },
  operations: {
    ...clientOperations('consignee', 'Consignee', consigneeSchema),
    balanceHistory: {
      method: 'GET',
      path: '/api/consignees/balance-history/{consignee_id}',
      summary: "Every change of the consignee's opening balance, newest first",
      action: 'read',
      params: idParam,
      reply: z.object({ success: z.literal(true), changes: z.array(balanceChangeSchema) }),
    },
  },
});
