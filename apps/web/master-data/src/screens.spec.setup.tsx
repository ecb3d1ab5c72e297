import { screen } from '@testing-library/react';
import type { StaffRole, User } from '@freight/contracts';
import { renderSignedIn } from '@freight/web-kit/testing';
import MasterDataRoutes from './routes.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { ME, fakeGateway, field, reply, renderSignedIn, setField, type Answer } from '@freight/web-kit/testing';

/** A reply without a body, as a proxy or a crashed server gives. */
export const bare = (status: number) => new Response('', { status });

/** The user the edit screens load. */
export const nimal: User = {
  _id: 'u1',
  fullName: 'Nimal Perera',
  username: 'nimal',
  email: 'nimal@example.com',
  branchCity: { BranchCity: 'Kandy' },
  contact: '+94 77 123 4567',
  role: 'Employee',
  department: 'Import',
};

/** The remote's routes as the host mounts them, signed in as `role` (ME), at `path` below Administrative Tools. Returns the router. */
export const renderAt = (path: string, role: StaffRole) =>
  renderSignedIn(role, `/admindashboard/administrativetools/${path}`, [{ path: '/admindashboard/administrativetools/*', element: <MasterDataRoutes /> }]);

/** The text of the alert the screen shows (waiting for it). */
export const alertText = async () => (await screen.findByRole('alert')).textContent;
