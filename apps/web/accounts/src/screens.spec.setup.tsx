import type { StaffRole } from '@freight/contracts';
import { renderSignedIn } from '@freight/web-kit/testing';
import AccountsRoutes from './routes.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { ME, fakeGateway, reply, type Call } from '@freight/web-kit/testing';

/**
 * The remote as the console mounts it: under /admindashboard/accounts/*, signed in as `role`,
 * at `path`. Returns the router (its state tells where a screen went).
 */
export const renderAt = (path: string, role: StaffRole = 'Head') =>
  renderSignedIn(role, path, [{ path: '/admindashboard/accounts/*', element: <AccountsRoutes /> }]);
