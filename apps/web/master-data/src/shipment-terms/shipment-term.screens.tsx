import { shipmentTerms } from '@freight/contracts';
import { masterDataScreens } from '../master-data-screens.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageshipmentterm: 'Manage Shipment Term',
 * AddShipmentterm: 'Add Shipment Term',
 * 'editshipmentterm/:termOfShipment': 'Edit Shipment Term',
 */

/** manageshipmentterm: the list searched, sorted and paged on the server; add, edit and delete where the role may. */
export const screens = masterDataScreens(shipmentTerms, { searchLabel: 'Search by term of shipment', fields: [['TermofShipment', 'Term of Shipment']] });
