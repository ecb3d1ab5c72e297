import { z } from 'zod/mini';
import { optionalCount } from '../list.js';
import { keyParam } from '../params.js';
import { defineResource, type ApiRoute } from '../resource.js';
import { LEDGER_KINDS, accountsDateField, signedMoneySchema } from './accounts-fields.js';

/*
 * Beyond the seeds (issue 10; ADR 37): a consignee's statement of account for a date range (on
 * screen, as CSV, as PDF) and the receivables at a glance on the accounts hub. Both are read from
 * the accounts service's ledger; Head among staff (requirements decisions §4). The statement names its consignee
 * by id in the path: a consignee reads their own (the "Accounts Area" of the client portal, issue 11;
 * `owner` by id: another consignee's id is 403), on screen, as CSV and as PDF.
 */

/**
 * What a line of a statement is: the balance brought forward, a row of the ledger (an invoice, an
 * invoice replaced by another, a payment, a payment edited or deleted, an opening balance set),
 * the balance carried forward.
 */
export const STATEMENT_LINE_KINDS = ['brought forward', ...LEDGER_KINDS, 'carried forward'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/** How each kind of line reads (screen, CSV, PDF): a credit is a payment to the people reading it. */
export const STATEMENT_KIND_LABELS: Record<StatementLineKind, string> = {
  'brought forward': 'Brought forward',
  'opening balance': 'Opening balance',
  invoice: 'Invoice',
  'invoice replaced': 'Invoice replaced',
  credit: 'Payment',
  'credit edited': 'Payment edited',
  'credit deleted': 'Payment deleted',
  'carried forward': 'Carried forward',
};

/** One line of a statement, its running balance after it (opening + debits − credits so far). */
export const statementLineSchema = z.object({
  /** The day the row counts on, `YYYY-MM-DD` (the range's first or last day for the balances brought and carried forward). */
  date: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** The job number of an invoice, the voucher number of a payment, '' for the balances. */
  reference: z.string(),
  /** "Invoice INV-7", "Cheque 004512", "Cash", "Payment deleted (was Rs. 20.00)". */
  details: z.string(),
  /** How much the row raised the balance, '' when it did not. */
  debit: z.string(),
  /** How much it lowered the balance, '' when it did not. */
  credit: z.string(),
  balance: signedMoneySchema,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/**
 * Which lines a statement lists (issue 21; docs/adr/0042-statement-and-ledger-views.md):
 * `statement` (the default, what a consignee reads): the opening balance, the invoices and the
 * payments as they stand now (a replaced invoice or an edited payment at its current amount, a
 * deleted payment not at all); `ledger` (the Head's): every row of the ledger, each correction a line.
 */
export const STATEMENT_VIEWS = ['statement', 'ledger'] as const;
export type StatementView = (typeof STATEMENT_VIEWS)[number];
const viewField = z.optional(z.enum(STATEMENT_VIEWS, { error: 'View must be statement or ledger' }));

/** `from` to `to`, both days included; `to` not before `from`. */
const rangeFields = { from: accountsDateField('From'), to: accountsDateField('To') };
const rangeRule = z.superRefine((range: { from: string; to: string }, ctx) => {
  if (range.to < range.from) ctx.addIssue({ code: 'custom', message: StatementTexts.toBeforeFrom, path: ['to'], input: range.to });
});

export const StatementTexts = {
  toBeforeFrom: 'To must not be before From',
  noLines: 'No invoices or payments in this period.',
  title: 'Statement of Account',
} as const;

/** Lines of a statement per page on screen, and at most. */
export const STATEMENT_PAGE_SIZE = 50;
export const STATEMENT_MAX_PAGE_SIZE = 200;

export const statementQuerySchema = z
  .object({ ...rangeFields, view: viewField, page: optionalCount('page', 1_000_000), pageSize: optionalCount('pageSize', STATEMENT_MAX_PAGE_SIZE) })
  .check(rangeRule);
/** The PDF's range: always the statement view, the document a consignee is sent. */
export const statementRangeSchema = z.object(rangeFields).check(rangeRule);
/** The CSV's range and view. */
export const statementExportQuerySchema = z.object({ ...rangeFields, view: viewField }).check(rangeRule);

/** `2026-11-24` → `24/11/2026` (dd/mm/yyyy, as every date is shown). */
const dayText = (day: string) => day.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');

/** A statement's file: `statement-acme-traders-pvt-ltd-2026-01-01-2026-12-31.csv` (`ledger-…` for the ledger view). */
export function statementFileName(consigneeName: string, from: string, to: string, extension: 'csv' | 'pdf', view: StatementView = 'statement'): string {
  const name =
    consigneeName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'consignee';
  return `${view}-${name}-${from}-${to}.${extension}`;
}

/** A statement: the figures of the whole range, and one page of its lines (every line without `page`). */
export const statementSchema = z.object({
  success: z.literal(true),
  consignee: z.object({ _id: z.string(), consigneeName: z.string() }),
  from: z.string(),
  to: z.string(),
  /** The balance owed at the start of `from`: opening balance + debits − credits dated before it. */
  openingBalance: signedMoneySchema,
  totalDebit: z.string(),
  totalCredit: z.string(),
  /** openingBalance + totalDebit − totalCredit: the balance owed at the end of `to`. */
  closingBalance: signedMoneySchema,
  /** How many invoices and payments the range holds (every page). */
  lineCount: z.int(),
  /** This page's invoices and payments in date order, each with the running balance after it. */
  lines: z.array(statementLineSchema),
});
export type Statement = z.infer<typeof statementSchema>;

export const RECEIVABLES_TOP = 10;
export const RECEIVABLES_MONTHS = 12;

/** Receivables at a glance (the accounts hub). */
export const receivablesSchema = z.object({
  success: z.literal(true),
  /** Sum of every balance above zero: what consignees owe. */
  totalOwed: z.string(),
  /** How many consignees owe something. */
  consigneesOwing: z.int(),
  /** The consignees who owe most, largest balance first (at most 10). */
  top: z.array(z.object({ consignee_id: z.string(), consigneeName: z.string(), balance: signedMoneySchema })),
  /** The last 12 calendar months, oldest first (this month last): invoiced and paid by the invoices' and payments' days. */
  months: z.array(z.object({ month: z.string(), invoiced: z.string(), credited: z.string() })),
});
export type Receivables = z.infer<typeof receivablesSchema>;

const consigneeParam = keyParam('consignee_id', 'Consignee ID');
/** A consignee reads their own statement: the path's consignee_id must be theirs (the sign-in's `client_id`). */
const ownStatement = { role: 'consignee', param: 'consignee_id', by: 'id' } as const;

/** The statement's CSV columns: money as plain decimals, so a spreadsheet can add them up. */
export const STATEMENT_COLUMNS = [
  { field: 'date', label: 'Date', text: (line: StatementLine) => dayText(line.date) },
  { field: 'kind', label: 'Type', text: (line: StatementLine) => STATEMENT_KIND_LABELS[line.kind] },
  { field: 'reference', label: 'Reference' },
  { field: 'details', label: 'Details' },
  { field: 'debit', label: 'Debit (Rs.)' },
  { field: 'credit', label: 'Credit (Rs.)' },
  { field: 'balance', label: 'Balance (Rs.)' },
] as const;

export const accountsReports = defineResource({
  service: 'accounts',
  name: 'report',
  key: 'accounts',
  area: 'accounts',
  naturalKey: 'consignee_id',
  sortFields: ['date'],
  searchFields: [],
  texts: {
    singular: 'statement',
    plural: 'statements',
    added: '',
    updated: '',
    deleted: '',
    notFound: 'Consignee not found.',
  },
  operations: {
    statement: {
      method: 'GET',
      path: '/api/accounts/statement/{consignee_id}',
      summary:
        "A consignee's statement of account from `from` to `to` (Head, or that consignee): opening balance, every invoice and payment in date order with the running balance, closing balance; `page`/`pageSize` page the lines; `view=ledger` (Head): every ledger row, corrections included",
      action: 'read',
      params: consigneeParam,
      query: statementQuerySchema,
      reply: statementSchema,
      owner: ownStatement,
    },
    statementExport: {
      method: 'GET',
      path: '/api/accounts/statement/{consignee_id}/export.csv',
      summary:
        'The statement as CSV (Head, or that consignee): the balance brought forward, every line with its running balance, the balance carried forward; streamed',
      action: 'read',
      params: consigneeParam,
      owner: ownStatement,
      query: statementExportQuerySchema,
      reply: z.array(statementLineSchema),
      csv: { columns: STATEMENT_COLUMNS },
    },
    receivables: {
      method: 'GET',
      path: '/api/accounts/receivables',
      summary: 'Receivables at a glance (Head): total owed, the 10 consignees who owe most, invoiced and paid per month for 12 months',
      action: 'read',
      reply: receivablesSchema,
    },
  },
});

/** The statement as a PDF: the gateway draws it from the statement's pages (its own controller, not forwarded). */
export const statementPdfRoutes = {
  accountsStatementPdf: {
    method: 'GET',
    path: '/api/accounts/statement/{consignee_id}/statement.pdf',
    summary: 'The statement as a PDF (Head, or that consignee), drawn by the gateway',
    access: 'staff',
    permission: { area: 'accounts', action: 'read' },
    owner: ownStatement,
    params: consigneeParam,
    query: statementRangeSchema,
    reply: z.string(),
    file: { contentType: 'application/pdf', description: 'The statement of account as an A4 PDF (a download)' },
    status: 200,
  },
} as const satisfies Record<string, ApiRoute>;
