import { consignees } from '@freight/contracts';
import { ResourceFormPage, ResourceListPage, type FieldName, type FormField, type ResourceFormConfig, type ResourceListConfig } from '@freight/web-kit';
import type { ResourceScreens } from '../resource-routes.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageconsignee: 'Manage Consignee',
 * addconsignee: 'Add Consignee',
 * 'editconsignee/:consignee_id': 'Edit Consignee',
 */

/** manageconsignee: the list searched, sorted and paged on the server; add, edit and delete where the role may. */
export const consigneeList: ResourceListConfig<typeof consignees> = {
  resource: consignees,
  columns: [
    { header: 'Consignee Name', field: 'consigneeName' },
    { header: 'Username', field: 'username' },
    { header: 'Email', field: 'email' },
    { header: 'Address', field: 'address' },
    { header: 'Mobile', field: 'mobile' },
    { header: 'Handling Person Name', field: 'handlingPersonName' },
    { header: 'Remarks', field: 'remarks' },
  ],
  searchLabel: 'Search by consignee name',
  deleteQuestion: (consignee) => `Are you sure you want to delete the consignee ${consignee.consigneeName}?`,
};

/** The consignee name is the key: shown, not editable, on the edit screen. */
export const consigneeFields: FormField<FieldName<typeof consignees>>[] = [
  { name: 'consigneeName', label: 'Consignee Name', readOnlyOnEdit: true },
  { name: 'username', label: 'Username' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'address', label: 'Address', required: false },
  { name: 'mobile', label: 'Mobile', type: 'tel', required: false },
  { name: 'handlingPersonName', label: 'Handling Person Name' },
  { name: 'remarks', label: 'Remarks', required: false },
];

export const consigneeForm: ResourceFormConfig<typeof consignees> = { resource: consignees, fields: consigneeFields };

export const ManageConsigneesPage = () => <ResourceListPage config={consigneeList} />;
export const AddConsigneePage = () => <ResourceFormPage mode="add" config={consigneeForm} />;
export const EditConsigneePage = () => <ResourceFormPage mode="edit" config={consigneeForm} />;

/** What routes.tsx loads (resourceRoutes) when one of these screens is first shown. */
export const screens: ResourceScreens = { list: ManageConsigneesPage, add: AddConsigneePage, edit: EditConsigneePage };
