import { forwarders } from '@freight/contracts';
import { masterDataScreens } from '../master-data-screens.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageforwarder: 'Manage Forwarder',
 * addforwarder: 'Add Forwarder',
 * 'viewforwarder/:forwarderName': 'View Forwarder',
 * 'editforwarder/:forwarderName': 'Edit Forwarder',
 */

/** manageforwarder: the list searched, sorted and paged on the server; view, add, edit and delete where the role may. */
export const screens = masterDataScreens(forwarders, {
  searchLabel: 'Search by name',
  fields: [
    ['Forwarder', 'Forwarder Name'],
    ['email', 'Email', 'email'],
    ['contact', 'Contact', 'tel'],
    ['address', 'Address'],
    ['remarks', 'Remarks'],
  ],
});
