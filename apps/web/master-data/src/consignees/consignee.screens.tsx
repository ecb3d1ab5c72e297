import { consignees } from '@freight/contracts';
import { ResourceListPage, type ResourceListConfig } from '@freight/web-kit';
import { ClientFormPage } from '../clients/client-form.js';
import { ClientViewPage } from '../clients/client-view.js';
import type { ResourceScreens } from '../resource-routes.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageconsignee: 'Manage Consignee',
 * addconsignee: 'Add Consignee',
 * 'viewconsignee/:consignee_id': 'View Consignee',
 * 'editconsignee/:consignee_id': 'Edit Consignee',
 */

/** manageconsignee (spec 01 §2): searched by name, sorted and paged on the server; view, edit, and delete for Head. */
export const consigneeList: ResourceListConfig<typeof consignees> = {
  resource: consignees,
  searchLabel: 'Search by consignee name',
  rowName: (consignee) => consignee.consigneeName,
  viewPath: (consignee) => `../viewconsignee/${encodeURIComponent(consignee.consignee_id)}`,
  deleteQuestion: (consignee) => `Are you sure you want to delete the consignee ${consignee.consigneeName}?`,
};

export const ManageConsigneesPage = () => <ResourceListPage config={consigneeList} />;
export const AddConsigneePage = () => <ClientFormPage kind="consignee" mode="add" />;
export const EditConsigneePage = () => <ClientFormPage kind="consignee" mode="edit" />;
export const ViewConsigneePage = () => <ClientViewPage kind="consignee" />;

/** What routes.tsx loads (resourceRoutes) when one of these screens is first shown. */
export const screens: ResourceScreens = { list: ManageConsigneesPage, add: AddConsigneePage, edit: EditConsigneePage, view: ViewConsigneePage };
