import { Container } from '@mantine/core';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { ClientRole } from '@freight/contracts';
import { CompanyFooter, NotFoundPage, RemoteSlot, RequireClient } from '@freight/web-kit';
import { CLIENT_SCREENS } from '@freight/web-domain/client';
import { ClientLoginPage } from './pages/client-login.page.js';
import { RouterErrorPage } from './pages/router-error.page.js';

/** The client-portal remote in its slot: one slot per kind of client, so moving between screens keeps it loaded. */
const portalSlot = <RemoteSlot remote="clientPortal" module="./routes" place="portal" />;

/** A kind of client's screens: guarded (signed out, or the other kind: /clientlogin), drawn by the remote. */
const clientScreens = (role: ClientRole): RouteObject => ({
  element: <RequireClient role={role}>{portalSlot}</RequireClient>,
  // Each path renders nothing itself (element null): the remote picks the screen from the address.
  children: Object.keys(CLIENT_SCREENS[role]).map((path) => ({ path, element: null })),
});

/**
 * The portal's routes (requirements 02 §2, exact spelling): /clientlogin is the host's own (the first
 * render, kept light); the consignee's and the shipper's screens come from the client-portal
 * remote; any other address is "Page not found". `/` belongs to the public microsite (the edge
 * sends it there); should it reach the portal, it goes to the sign-in. Every page ends with the
 * company's footer, as the console's and the microsite's do.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouterErrorPage />,
    element: (
      <>
        <Outlet />
        <CompanyFooter />
      </>
    ),
    children: [
      { index: true, element: <Navigate to="/clientlogin" replace /> },
      { path: 'clientlogin', element: <ClientLoginPage /> },
      clientScreens('consignee'),
      clientScreens('shipper'),
      {
        path: '*',
        element: (
          <Container component="main" py="xl">
            <NotFoundPage homePath="/clientlogin" />
          </Container>
        ),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
