import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import type { ClientRole } from '@freight/contracts';
import { NotFoundPage, RequireClient, lazyScreen, theme } from '@freight/web-kit';
import { CLIENT_SCREENS } from '@freight/web-domain/client';

// Each screen's code loads when it is first shown.
const ConsigneeBookingsPage = lazyScreen(() => import('./consignee/consignee-bookings.page.js').then((m) => m.ConsigneeBookingsPage));
const ConsigneeBookingPage = lazyScreen(() => import('./consignee/consignee-booking.page.js').then((m) => m.ConsigneeBookingPage));
const ConsigneeVesselsPage = lazyScreen(() => import('./consignee/origin-lists.page.js').then((m) => m.ConsigneeVesselsPage));
const ConsigneeAgentsPage = lazyScreen(() => import('./consignee/origin-lists.page.js').then((m) => m.ConsigneeAgentsPage));
const ConsigneeAccountsPage = lazyScreen(() => import('./consignee/consignee-accounts.page.js').then((m) => m.ConsigneeAccountsPage));
const ShipperBookingsPage = lazyScreen(() => import('./shipper/shipper.pages.js').then((m) => m.ShipperBookingsPage));
const ShipperBookingPage = lazyScreen(() => import('./shipper/shipper.pages.js').then((m) => m.ShipperBookingPage));

type ScreenPath<R extends ClientRole> = keyof (typeof CLIENT_SCREENS)[R];

/** The screens by kind of client and path (the kit's CLIENT_SCREENS, which the portal host routes and guards too). */
export const SCREENS: { [R in ClientRole]: Record<ScreenPath<R>, ReactNode> } = {
  consignee: {
    consigneeshipmentview: <ConsigneeBookingsPage />,
    'viewbookingconsignee/:jobNo': <ConsigneeBookingPage />,
    viewvesselconsignee: <ConsigneeVesselsPage />,
    viewagentconsignee: <ConsigneeAgentsPage />,
    consigneeaccounts: <ConsigneeAccountsPage />,
  },
  shipper: {
    shippershipmentview: <ShipperBookingsPage />,
    'viewbookingshipper/:jobNo': <ShipperBookingPage />,
  },
};

const guarded = (role: ClientRole): RouteObject[] =>
  Object.entries(SCREENS[role] as Record<string, ReactNode>).map(([path, element]) => ({
    path: `/${path}`,
    element: <RequireClient role={role}>{element}</RequireClient>,
  }));

/** The client screens, at the spec's paths from the site root; each checks its kind of client too. */
export const routes: RouteObject[] = [...guarded('consignee'), ...guarded('shipper'), { path: '*', element: <NotFoundPage homePath="/clientlogin" /> }];

/**
 * What the portal host renders in its slot: the screen of the address. The remote bundles its own
 * (tree-shaken) Mantine components, so it gives them the kit's theme.
 */
export default function ClientPortalRoutes() {
  const element = useRoutes(routes);
  return (
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {element}
    </MantineProvider>
  );
}
