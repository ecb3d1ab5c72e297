/** Where the console mounts this remote (the sidebar's "Accounts", Head only). */
export const ACCOUNTS = '/admindashboard/accounts';

/** The accounts screens (requirements 02 §2, exact spelling), relative to ACCOUNTS → title. */
export const ACCOUNTS_SCREENS = {
  debitpayment: 'Add Debit Payment',
  viewdebit: 'Debit Records',
  creditpayment: 'Add Credit Payment',
  viewcredit: 'Credit Records',
  'editcredit/:id': 'Edit Credit',
  managevouchercounter: 'Manage Voucher Counter',
  // Beyond the spec (issue 10): a consignee's statement of account (src/statement/).
  statement: 'Statement of Account',
} as const satisfies Record<string, string>;

export type AccountsScreenPath = keyof typeof ACCOUNTS_SCREENS;

/** The address of a screen, e.g. `accountsPath('viewcredit')`; `editcredit/:id` with `editCreditPath`. */
export const accountsPath = (path: Exclude<AccountsScreenPath, 'editcredit/:id'>) => `${ACCOUNTS}/${path}`;
export const editCreditPath = (id: string) => `${ACCOUNTS}/editcredit/${encodeURIComponent(id)}`;
