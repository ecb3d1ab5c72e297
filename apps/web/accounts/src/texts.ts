/**
 * The accounts screens' texts, word for word from requirements 02 §5 and §8 "Accounts" (the service's own
 * texts, e.g. its success messages, are AccountsTexts of the contracts). Ours are marked.
 */
export const DebitTexts = {
  jobNoRequired: '⚠ Enter a Job Number before submitting.',
  invoiceNoRequired: '⚠ Invoice No is required.',
  amountRequired: '⚠ Invoice Amount is required.',
  dateRequired: '⚠ Invoice Date is required.',
  amountNotNumber: '⚠ Invoice Amount must be a number.',
  shipmentNotFound: 'Shipment not found.',
  shipmentLookupFailed: 'Shipment not found or error occurred.',
  unexpectedReply: 'Unexpected response from server.',
  addFailed: 'Error adding debit payment.',
  /** "Error: {message}" */
  error: (message: string) => `Error: ${message}`,
  /** "✅ {message} Updated Balance: {updatedBalance}" */
  added: (message: string, updatedBalance: string) => `✅ ${message} Updated Balance: ${updatedBalance}`,
  listFailed: 'Error fetching invoiced shipments.',
  noRecords: 'No debit records found.',
  /** Ours: the question before a debit replaces a job's invoice (issue 21), naming both invoices and amounts. */
  confirmReplace: (jobNo: string, old: { invoiceNo: string; amount: string }, next: { invoiceNo: string; amount: string }) => ({
    title: 'Replace the invoice?',
    message: `${jobNo} already has invoice ${old.invoiceNo} of ${old.amount}. Replace it with invoice ${next.invoiceNo} of ${next.amount}? The balance owed moves by the difference.`,
    confirmLabel: 'Replace invoice',
  }),
} as const;

export const CreditTexts = {
  required: '⚠ Please fill all required fields.',
  loadFailed: '❌ Failed to load credit details.',
  updateFailed: '❌ Error updating credit.',
  addFailed: '❌ Error adding credit payment.',
  deleteFailed: '❌ Error deleting credit.',
  /** Ours: the spec gives no text for a list that cannot be loaded. */
  listFailed: '❌ Error fetching credit records.',
  /** Ours. */
  noRecords: 'No credit records found.',
  /** Ours: the confirmation before a delete (requirements decisions §2: every delete asks). */
  confirmDelete: (voucher: number) => `Are you sure you want to delete credit voucher No. ${voucher}?`,
} as const;

/** requirements 02 §4: after a credit edit the screen waits this long, then goes to the credit records (requirements decisions §2). */
export const EDIT_REDIRECT_MS = 1500;

/** requirements 02 §9: pages of 50 rows. */
export const ACCOUNTS_PAGE_SIZE = 50;
