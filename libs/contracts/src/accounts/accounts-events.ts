import { z } from 'zod/mini';
import { consigneeBalanceSchema } from './accounts-fields.js';

/*
 * The accounts service's events (ADR 21, 34), through its outbox in the change's transaction:
 * `events.accounts.invoice.created|updated` (a job invoiced, re-invoiced),
 * `events.accounts.credit.created|updated|deleted` (ChangeEvent of the credit as replies show it),
 * and `events.accounts.balance.updated` after every change of a consignee's balance, so a copy
 * (the directory's currentBalance, a report) can follow without asking.
 */

/** `events.accounts.balance.updated`: the consignee's balance after the change; `key` is the consignee id. */
export const balanceChangedEventSchema = z.object({ key: z.string(), after: consigneeBalanceSchema });
export type BalanceChangedEvent = z.infer<typeof balanceChangedEventSchema>;
