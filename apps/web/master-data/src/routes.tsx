import { useRoutes, type RouteObject } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { can, type Area, type StaffRole } from '@freight/contracts';
import { NotAvailablePage, NotFoundPage, lazyScreen, theme } from '@freight/web-kit';
import { TOOLS, guarded } from './resource-routes.js';
import { usesHeadScreens } from './users/head-screens.js';
import { resourceRoutes } from './resource-routes.js';
// new:resource imports

// Each screen's code loads when it is first shown: a deep link into one loads only what it shows.
const ManageUsersPage = lazyScreen(() => import('./users/manage-users.page.js').then((m) => m.ManageUsersPage));
const AddUserPage = lazyScreen(() => import('./users/user-form.page.js').then((m) => m.AddUserPage));
const EditUserPage = lazyScreen(() => import('./users/user-form.page.js').then((m) => m.EditUserPage));
const ManageBranchesPage = lazyScreen(() => import('./branches/manage-branches.page.js').then((m) => m.ManageBranchesPage));
const AddBranchPage = lazyScreen(() => import('./branches/branch-form.page.js').then((m) => m.AddBranchPage));
const EditBranchPage = lazyScreen(() => import('./branches/branch-form.page.js').then((m) => m.EditBranchPage));
const ContactMessagesPage = lazyScreen(() => import('./contact-messages/contact-messages.page.js').then((m) => m.ContactMessagesPage));

/** Who may open a screen, from the contracts' permission matrix: those who may write in its area. */
const writes = (area: Area) => (role: StaffRole) => can(role, area, 'write');

/**
 * The master-data screens of requirements 01 §2 that later work builds, by route (exact spelling):
 * a bookmark or link to one says "Not available yet", never "Page not found".
 */
export const LATER_SCREENS: Record<string, string> = {
  // None left: every screen of requirements 01 §2 is built (new:resource --remove puts an entity's rows back).
};

/**
 * The master-data screens, relative to where the host mounts them
 * (/admindashboard/administrativetools/*, behind the host's session guard).
 */
export const routes: RouteObject[] = [
  { path: 'manageuser', element: <ManageUsersPage /> },
  { path: 'adduser', element: guarded(writes('users'), <AddUserPage />) },
  { path: 'adduserhead', element: guarded(usesHeadScreens, <AddUserPage />) },
  { path: 'edituser/:username', element: guarded(writes('users'), <EditUserPage />) },
  { path: 'edituserhead/:username', element: guarded(usesHeadScreens, <EditUserPage />) },
  { path: 'managebranch', element: guarded(writes('branches'), <ManageBranchesPage />) },
  { path: 'addbranch', element: guarded(writes('branches'), <AddBranchPage />) },
  { path: 'editbranch/:BranchCity', element: guarded(writes('branches'), <EditBranchPage />) },
  // Entities on the kit's pages, one line each (npm run new:resource):
  ...resourceRoutes(() => import('./consignees/consignee.screens.js'), {
    area: 'consignees',
    list: 'manageconsignee',
    add: 'addconsignee',
    edit: 'editconsignee/:consignee_id',
    view: 'viewconsignee/:consignee_id',
    listNeeds: 'read',
  }),
  ...resourceRoutes(() => import('./shippers/shipper.screens.js'), {
    area: 'shippers',
    list: 'manageshipper',
    add: 'addshipper',
    edit: 'editshipper/:shipper_id',
    view: 'viewshipper/:shipper_id',
    listNeeds: 'read',
  }),
  ...resourceRoutes(() => import('./forwarders/forwarder.screens.js'), {
    area: 'forwarders',
    list: 'manageforwarder',
    add: 'addforwarder',
    edit: 'editforwarder/:Forwarder',
    view: 'viewforwarder/:Forwarder',
    listNeeds: 'read',
  }),
  ...resourceRoutes(() => import('./origins/origin.screens.js'), {
    area: 'origins',
    list: 'manageorigin',
    add: 'addorigin',
    edit: 'editorigin/:OriginPortName',
    listNeeds: 'read',
  }),
  ...resourceRoutes(() => import('./news/client-news.screens.js'), {
    area: 'clientNews',
    list: 'manageclientnews',
    add: 'addclientnews',
    edit: 'editclientnews/:_id',
    listNeeds: 'read',
  }),
  ...resourceRoutes(() => import('./announcements/announcement.screens.js'), {
    area: 'announcements',
    list: 'manageannouncement',
    add: 'Addannouncement',
    edit: 'editannouncement/:_id',
    listNeeds: 'read',
  }),
  ...resourceRoutes(() => import('./yards/yard.screens.js'), {
    area: 'yards',
    list: 'manageyard',
    add: 'addyard',
    edit: 'edityard/:YardName',
    listNeeds: 'delete',
  }),
  ...resourceRoutes(() => import('./shipment-types/shipment-type.screens.js'), {
    area: 'shipmentTypes',
    list: 'manageshipmenttype',
    add: 'AddShipmentType',
    edit: 'editshipmenttype/:TypeofShipment',
    listNeeds: 'delete',
  }),
  ...resourceRoutes(() => import('./shipment-terms/shipment-term.screens.js'), {
    area: 'shipmentTerms',
    list: 'manageshipmentterm',
    add: 'AddShipmentterm',
    edit: 'editshipmentterm/:TermofShipment',
    listNeeds: 'delete',
  }),
  { path: 'contactmessages', element: guarded((role) => can(role, 'contactMessages', 'read'), <ContactMessagesPage />) },
  // new:resource routes
  ...Object.entries(LATER_SCREENS).map(([path, title]) => ({ path, element: <NotAvailablePage title={title} /> })),
  { path: '*', element: <NotFoundPage homePath={TOOLS} /> },
];

/**
 * What the host renders in its slot. The remote bundles its own (tree-shaken)
 * Mantine components, so it gives them the kit's theme; the host already set the
 * CSS variables and global classes.
 */
export default function MasterDataRoutes() {
  const element = useRoutes(routes);
  return (
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {element}
    </MantineProvider>
  );
}
