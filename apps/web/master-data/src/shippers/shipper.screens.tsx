import { shippers } from '@freight/contracts';
import { ResourceListPage, type ResourceListConfig } from '@freight/web-kit';
import { ClientFormPage } from '../clients/client-form.js';
import { ClientViewPage } from '../clients/client-view.js';
import type { ResourceScreens } from '../resource-routes.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageshipper: 'Manage Shipper',
 * addshipper: 'Add Shipper',
 * 'viewshipper/:shipper_id': 'View Shipper',
 * 'editshipper/:shipper_id': 'Edit Shipper',
 */

/** manageshipper: searched by name, sorted and paged on the server; view, edit, and delete for Head. */
export const shipperList: ResourceListConfig<typeof shippers> = {
  resource: shippers,
  searchLabel: 'Search by shipper name',
  rowName: (shipper) => shipper.shipperName,
  viewPath: (shipper) => `../viewshipper/${encodeURIComponent(shipper.shipper_id)}`,
  deleteQuestion: (shipper) => `Are you sure you want to delete the shipper ${shipper.shipperName}?`,
};

export const ManageShippersPage = () => <ResourceListPage config={shipperList} />;
export const AddShipperPage = () => <ClientFormPage kind="shipper" mode="add" />;
export const EditShipperPage = () => <ClientFormPage kind="shipper" mode="edit" />;
export const ViewShipperPage = () => <ClientViewPage kind="shipper" />;

/** What routes.tsx loads (resourceRoutes) when one of these screens is first shown. */
export const screens: ResourceScreens = { list: ManageShippersPage, add: AddShipperPage, edit: EditShipperPage, view: ViewShipperPage };
