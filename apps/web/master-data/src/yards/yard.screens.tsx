import { yards } from '@freight/contracts';
import { masterDataScreens } from '../master-data-screens.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageyard: 'Manage Yard',
 * addyard: 'Add Yard',
 * 'edityard/:yardName': 'Edit Yard',
 */

/** manageyard: the list searched, sorted and paged on the server; add, edit and delete where the role may. */
export const screens = masterDataScreens(yards, { searchLabel: 'Search by yard name', fields: [['YardName', 'Yard Name']] });
