import { shippers } from '@freight/contracts';
import { ResourceFormPage, ResourceListPage, type FieldName, type FormField, type ResourceFormConfig, type ResourceListConfig } from '@freight/web-kit';
import type { ResourceScreens } from '../resource-routes.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageshipper: 'Manage Shipper',
 * addshipper: 'Add Shipper',
 * 'editshipper/:shipper_id': 'Edit Shipper',
 */

/** manageshipper: the list searched, sorted and paged on the server; add, edit and delete where the role may. */
export const shipperList: ResourceListConfig<typeof shippers> = {
  resource: shippers,
  columns: [
    { header: 'Shipper Name', field: 'shipperName' },
    { header: 'Username', field: 'username' },
    { header: 'Email', field: 'email' },
    { header: 'Address', field: 'address' },
    { header: 'Mobile', field: 'mobile' },
    { header: 'Handling Person Name', field: 'handlingPersonName' },
    { header: 'Remarks', field: 'remarks' },
  ],
  searchLabel: 'Search by shipper name',
  deleteQuestion: (shipper) => `Are you sure you want to delete the shipper ${shipper.shipperName}?`,
};

/** The shipper name is the key: shown, not editable, on the edit screen. */
export const shipperFields: FormField<FieldName<typeof shippers>>[] = [
  { name: 'shipperName', label: 'Shipper Name', readOnlyOnEdit: true },
  { name: 'username', label: 'Username' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'address', label: 'Address', required: false },
  { name: 'mobile', label: 'Mobile', type: 'tel', required: false },
  { name: 'handlingPersonName', label: 'Handling Person Name' },
  { name: 'remarks', label: 'Remarks', required: false },
];

export const shipperForm: ResourceFormConfig<typeof shippers> = { resource: shippers, fields: shipperFields };

export const ManageShippersPage = () => <ResourceListPage config={shipperList} />;
export const AddShipperPage = () => <ResourceFormPage mode="add" config={shipperForm} />;
export const EditShipperPage = () => <ResourceFormPage mode="edit" config={shipperForm} />;

/** What routes.tsx loads (resourceRoutes) when one of these screens is first shown. */
export const screens: ResourceScreens = { list: ManageShippersPage, add: AddShipperPage, edit: EditShipperPage };
