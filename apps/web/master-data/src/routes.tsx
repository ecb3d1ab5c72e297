import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import type { StaffRole } from '@freight/contracts';
import { NotAvailablePage, NotFoundPage, RequireRole, theme, type WayBack } from '@freight/web-kit';
import { ManageUsersPage } from './users/manage-users.page.js';
import { AddUserPage } from './users/add-user.page.js';
import { EditUserPage } from './users/edit-user.page.js';
import { ManageBranchesPage } from './branches/manage-branches.page.js';
import { AddBranchPage } from './branches/add-branch.page.js';
import { EditBranchPage } from './branches/edit-branch.page.js';

const HEAD = ['Head'] as const;
const HEAD_ADMIN = ['Head', 'Admin'] as const;
const TOOLS = '/admindashboard/administrativetools';
const BACK: WayBack = { backTo: TOOLS, backLabel: 'Back to Administrative Tools' };

/**
 * The master-data screens of spec 01 §2 that later work builds, by route (exact spelling):
 * a bookmark or link to one says "Not available yet", never "Page not found".
 */
export const LATER_SCREENS: Record<string, string> = {
  manageconsignee: 'Manage Consignee',
  addconsignee: 'Add Consignee',
  'viewconsignee/:consignee_id': 'View Consignee',
  'editconsignee/:consignee_id': 'Edit Consignee',
  manageshipper: 'Manage Shipper',
  addshipper: 'Add Shipper',
  'viewshipper/:shipper_id': 'View Shipper',
  'editshipper/:shipper_id': 'Edit Shipper',
  manageforwarder: 'Manage Forwarder',
  addforwarder: 'Add Forwarder',
  'viewforwarder/:forwarderName': 'View Forwarder',
  'editforwarder/:forwarderName': 'Edit Forwarder',
  manageorigin: 'Manage Origin',
  addorigin: 'Add Origin',
  'editorigin/:originPortName': 'Edit Origin',
  manageyard: 'Manage Yard',
  addyard: 'Add Yard',
  'edityard/:yardName': 'Edit Yard',
  manageshipmenttype: 'Manage Shipment Type',
  AddShipmentType: 'Add Shipment Type',
  'editshipmenttype/:typeOfShipment': 'Edit Shipment Type',
  manageshipmentterm: 'Manage Shipment Term',
  AddShipmentterm: 'Add Shipment Term',
  'editshipmentterm/:termOfShipment': 'Edit Shipment Term',
};

const guarded = (roles: readonly StaffRole[], element: ReactNode) => (
  <RequireRole roles={roles} {...BACK}>
    {element}
  </RequireRole>
);

/**
 * The master-data screens, relative to where the host mounts them
 * (/admindashboard/administrativetools/*, behind the host's session guard).
 */
export const routes: RouteObject[] = [
  { path: 'manageuser', element: <ManageUsersPage /> },
  { path: 'adduser', element: guarded(HEAD_ADMIN, <AddUserPage />) },
  { path: 'adduserhead', element: guarded(HEAD, <AddUserPage />) },
  { path: 'edituser/:username', element: guarded(HEAD_ADMIN, <EditUserPage />) },
  { path: 'edituserhead/:username', element: guarded(HEAD, <EditUserPage />) },
  { path: 'managebranch', element: guarded(HEAD, <ManageBranchesPage />) },
  { path: 'addbranch', element: guarded(HEAD, <AddBranchPage />) },
  { path: 'editbranch/:BranchCity', element: guarded(HEAD, <EditBranchPage />) },
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
