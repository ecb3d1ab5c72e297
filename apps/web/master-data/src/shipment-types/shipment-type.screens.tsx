import { shipmentTypes } from '@freight/contracts';
import { masterDataScreens } from '../master-data-screens.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageshipmenttype: 'Manage Shipment Type',
 * AddShipmentType: 'Add Shipment Type',
 * 'editshipmenttype/:typeOfShipment': 'Edit Shipment Type',
 */

/** manageshipmenttype: the list searched, sorted and paged on the server; add, edit and delete where the role may. */
export const screens = masterDataScreens(shipmentTypes, { searchLabel: 'Search by type of shipment', fields: [['TypeofShipment', 'Type of Shipment']] });
