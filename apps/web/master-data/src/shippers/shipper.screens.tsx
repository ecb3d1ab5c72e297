import { clientScreens } from '../clients/client-screens.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageshipper: 'Manage Shipper',
 * addshipper: 'Add Shipper',
 * 'viewshipper/:shipper_id': 'View Shipper',
 * 'editshipper/:shipper_id': 'Edit Shipper',
 */

/** manageshipper, addshipper, viewshipper, editshipper: the client screens (clients/client-screens.tsx). */
export const screens = clientScreens('shipper');
