import { origins } from '@freight/contracts';
import { masterDataScreens } from '../master-data-screens.js';

/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
 * manageorigin: 'Manage Origin',
 * addorigin: 'Add Origin',
 * 'editorigin/:originPortName': 'Edit Origin',
 */

/** manageorigin: the list searched, sorted and paged on the server; add, edit and delete where the role may. */
export const screens = masterDataScreens(origins, {
  searchLabel: 'Search by name or location',
  fields: [
    ['OriginPortName', 'Origin Port Name'],
    ['OriginPortLocation', 'Origin Port Location'],
  ],
});
