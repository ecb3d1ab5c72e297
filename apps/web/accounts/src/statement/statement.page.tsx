import { NotAvailablePage } from '@freight/web-kit';

/**
 * Statement of account (/admindashboard/accounts/statement). Its owner (the statement and
 * receivables work) replaces this placeholder.
 */
export function StatementPage() {
  return <NotAvailablePage title="Statement of Account" />;
}
