import { vessels } from '@freight/contracts';
import { refusalOr } from '@freight/web-kit';
import { originScreens } from './origin-screens.js';

/** Weekly Vessel Planning (requirements 02 §2): /managevessel (Head, Admin), /managevesselemployee (read-only), addvessel, editvessel/{origin}; requirements 02 §8's texts. */
export const screens = originScreens(vessels, {
  paths: { admin: '/managevessel', employee: '/managevesselemployee', add: '/addvessel', edit: '/editvessel' },
  texts: {
    listTitle: 'Weekly Vessel Planning',
    caption: 'Vessel voyages',
    addTitle: 'Add Vessel',
    editTitle: 'Edit Vessel',
    emptyText: 'No vessels found.',
    listLoadError: 'Error fetching vessels',
    deleteFailure: { notFound: 'Vessel not found.', failed: 'Failed to delete vessel. Please try again.' },
    recordNotFound: 'Vessel not found.',
    recordLoadError: 'Error fetching vessel details',
    addError: refusalOr('Error adding vessel'),
    updateError: refusalOr('Failed to update vessel.'),
  },
});
