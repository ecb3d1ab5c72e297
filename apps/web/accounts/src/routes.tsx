import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { can } from '@freight/contracts';
import { NotAvailablePage, NotFoundPage, RequirePermission, lazyScreen, theme } from '@freight/web-kit';
import { ACCOUNTS, ACCOUNTS_SCREENS, type AccountsScreenPath } from './paths.js';

// Each screen's code loads when it is first shown: a deep link into one loads only what it shows.
const AccountsHubPage = lazyScreen(() => import('./hub/hub.page.js').then((m) => m.AccountsHubPage));
const AddDebitPage = lazyScreen(() => import('./debits/add-debit.page.js').then((m) => m.AddDebitPage));
const DebitRecordsPage = lazyScreen(() => import('./debits/debit-records.page.js').then((m) => m.DebitRecordsPage));
const AddCreditPage = lazyScreen(() => import('./credits/credit.pages.js').then((m) => m.AddCreditPage));
const EditCreditPage = lazyScreen(() => import('./credits/credit.pages.js').then((m) => m.EditCreditPage));
const CreditRecordsPage = lazyScreen(() => import('./credits/credit-records.page.js').then((m) => m.CreditRecordsPage));
const VoucherCounterPage = lazyScreen(() => import('./voucher/voucher-counter.page.js').then((m) => m.VoucherCounterPage));
const StatementPage = lazyScreen(() => import('./statement/statement.page.js').then((m) => m.StatementPage));

/** The built screens by path (ACCOUNTS_SCREENS); the others say "Not available yet". */
export const SCREENS: Partial<Record<AccountsScreenPath, ReactNode>> = {
  debitpayment: <AddDebitPage />,
  viewdebit: <DebitRecordsPage />,
  creditpayment: <AddCreditPage />,
  viewcredit: <CreditRecordsPage />,
  'editcredit/:id': <EditCreditPage />,
  managevouchercounter: <VoucherCounterPage />,
  statement: <StatementPage />,
};

/** The accounts screens, relative to where the console mounts them (/admindashboard/accounts/*). */
export const routes: RouteObject[] = [
  { index: true, element: <AccountsHubPage /> },
  ...(Object.keys(ACCOUNTS_SCREENS) as AccountsScreenPath[]).map((path) => ({
    path,
    element: SCREENS[path] ?? <NotAvailablePage title={ACCOUNTS_SCREENS[path]} />,
  })),
  { path: '*', element: <NotFoundPage homePath={ACCOUNTS} /> },
];

/**
 * What the host renders in its slot: the screens of the accounts area, the Head's alone (requirements decisions
 * §4; the console guards the area too, and the gateway refuses every call of another role). The
 * remote bundles its own (tree-shaken) Mantine components, so it gives them the kit's theme.
 */
export default function AccountsRoutes() {
  const element = useRoutes(routes);
  return (
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <RequirePermission allowed={(role) => can(role, 'accounts', 'read')}>{element}</RequirePermission>
    </MantineProvider>
  );
}
