import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotAvailablePage, NotFoundPage, RequireRole, RequireSession } from '@freight/web-kit';
import { SignInPage } from './pages/sign-in.page.js';
import { DashboardShell } from './shell/dashboard-shell.js';
import { MyManagementPage } from './pages/my-management.page.js';
import { AdministrativeToolsPage } from './pages/administrative-tools.page.js';
import { EmployeeLandingPage } from './pages/employee-landing.page.js';
import { RouterErrorPage } from './pages/router-error.page.js';
import { RemoteSlot } from './remotes/remote-slot.js';

/**
 * The console's routes. Master-data screens (manageuser, managebranch, ...) come
 * from the master-data remote, mounted under administrativetools/*.
 * The dashboard is open to all staff (spec 01 §2 lists tools for "all staff");
 * Head-only screens check the role themselves.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouterErrorPage />,
    children: [
      { index: true, element: <SignInPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'admindashboard',
            element: <DashboardShell />,
            children: [
              { index: true, element: <MyManagementPage /> },
              { path: 'administrativetools', element: <AdministrativeToolsPage /> },
              { path: 'administrativetools/*', element: <RemoteSlot remote="masterData" module="./routes" /> },
              {
                path: 'accounts',
                element: (
                  <RequireRole roles={['Head']}>
                    <NotAvailablePage title="Accounts" />
                  </RequireRole>
                ),
              },
              { path: '*', element: <NotFoundPage homePath="/admindashboard" /> },
            ],
          },
          {
            path: 'adminshipmentmanagement',
            element: (
              <RequireRole roles={['Head', 'Admin']}>
                <NotAvailablePage title="Shipment Management" />
              </RequireRole>
            ),
          },
          { path: 'shipmentmanagement', element: <EmployeeLandingPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
