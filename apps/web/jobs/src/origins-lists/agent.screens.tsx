import { agents } from '@freight/contracts';
import { refusalOr } from '@freight/web-kit';
import { originScreens } from './origin-screens.js';

/** Overseas Offices Detail (requirements 02 §2): /manageagent (Head, Admin), /manageagentemployee (read-only, "Contact Details"), addagent, editagent/{origin}; requirements 02 §8's texts. */
export const screens = originScreens(agents, {
  paths: { admin: '/manageagent', employee: '/manageagentemployee', add: '/addagent', edit: '/editagent' },
  employeeDetailsHeader: 'Contact Details',
  texts: {
    listTitle: 'Overseas Offices Detail',
    caption: 'Overseas offices',
    addTitle: 'Add Agent',
    editTitle: 'Edit Agent',
    emptyText: 'No agents found.',
    listLoadError: 'Error fetching agents',
    deleteFailure: { notFound: 'Agent not found.', failed: 'Failed to delete agent. Please try again.' },
    recordNotFound: 'Agent not found.',
    recordLoadError: 'Error fetching agent details',
    addError: refusalOr('Failed to create agent.'),
    updateError: refusalOr('Failed to update agent.'),
  },
});
