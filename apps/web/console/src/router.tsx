import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Container } from '@mantine/core';
import { JOBS_SCREENS, landingPathFor, rolesThatCan } from '@freight/contracts';
import { NotFoundPage, RemoteSlot, RequireRole, isSessionValid, useSession } from '@freight/web-kit';
import { RouterErrorPage } from './pages/router-error.page.js';
import { lazyNamed } from './lazy-named.js';
import { LeaveForStartPage, RequireStaffSession } from './start-page.js';

// Each screen, and the staff shell, in a chunk of its own (see lazyNamed).
const DashboardShell = lazyNamed(() => import('./shell/dashboard-shell.js'), 'DashboardShell');
const MyManagementPage = lazyNamed(() => import('./pages/my-management.page.js'), 'MyManagementPage');
const AdministrativeToolsPage = lazyNamed(() => import('./pages/administrative-tools.page.js'), 'AdministrativeToolsPage');

/** A page outside the staff shell (signed out): its content is the page's main landmark. */
function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Container component="main" py="xl">
      {children}
    </Container>
  );
}

/** An unknown address: inside the shell for a signed-in user, else a plain page. */
function UnknownPage() {
  const session = useSession();
  if (session && isSessionValid()) {
    return (
      <DashboardShell>
        <NotFoundPage homePath={landingPathFor(session.role)} />
      </DashboardShell>
    );
  }
  return (
    <PublicPage>
      <NotFoundPage level={1} />
    </PublicPage>
  );
}

/**
 * The console's routes. Every staff screen lives in the shell (DashboardShell);
 * master-data screens (manageuser, managebranch, ...) come from the master-data
 * remote, mounted under administrativetools/*; the accounts screens (Head) from the accounts
 * remote under accounts/*; the shipment screens (choosers, jobs,
 * bookings, vessels, agents, the shipment counter and deletion) from the jobs remote,
 * at the spec's paths (JOBS_SCREENS). The console has no `/` of its own: the start page, with the
 * staff sign-in form, is the microsite's (the edge serves it at `/`); the client routes are the
 * portal's (the edge redirects them). Signed out at a staff page (RequireStaffSession), or at the
 * console's `/` (a link to the start page), the visitor leaves for it by a full page load.
 * The dashboard is open to all staff (requirements 01 §2 lists tools for "all staff");
 * Head-only screens check the role themselves.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouterErrorPage />,
    children: [
      { index: true, element: <LeaveForStartPage /> },
      {
        element: <RequireStaffSession />,
        children: [
          {
            element: <DashboardShell />,
            children: [
              {
                path: 'admindashboard',
                children: [
                  { index: true, element: <MyManagementPage /> },
                  { path: 'administrativetools', element: <AdministrativeToolsPage /> },
                  { path: 'administrativetools/*', element: <RemoteSlot remote="masterData" module="./routes" /> },
                  // The accounts remote's screens (hub, debits, credits, voucher counter), Head only (ADR 36).
                  {
                    path: 'accounts/*',
                    element: (
                      <RequireRole roles={rolesThatCan('accounts', 'read')}>
                        <RemoteSlot remote="accounts" module="./routes" />
                      </RequireRole>
                    ),
                  },
                  { path: '*', element: <NotFoundPage homePath="/admindashboard" /> },
                ],
              },
              // The jobs remote's screens, at the site root (ADR 31): one slot for all of them, so
              // moving between them keeps the remote loaded; each path is a child that renders
              // nothing itself (element null), and the remote picks the screen from the address.
              { element: <RemoteSlot remote="jobs" module="./routes" />, children: Object.keys(JOBS_SCREENS).map((path) => ({ path, element: null })) },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
