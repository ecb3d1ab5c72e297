import { clientScreens } from '../clients/client-screens.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageconsignee: 'Manage Consignee',
 * addconsignee: 'Add Consignee',
 * 'viewconsignee/:consignee_id': 'View Consignee',
 * 'editconsignee/:consignee_id': 'Edit Consignee',
 */

/** manageconsignee (requirements 01 §2), addconsignee, viewconsignee, editconsignee: the client screens (clients/client-screens.tsx). */
export const screens = clientScreens('consignee');
