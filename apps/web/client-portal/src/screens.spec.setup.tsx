import type { ClientRole } from '@freight/contracts';
import { renderAsClient } from '@freight/web-kit/testing';
import ClientPortalRoutes from './routes.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { CLIENT, aClientBooking, aStatement, axeProblems, fakeGateway, reply } from '@freight/web-kit/testing';

/** The remote as the portal mounts it (every path from the site root), signed in as a client of `role`, at `path`. */
export const renderAt = (path: string, role: ClientRole = 'consignee') => renderAsClient(role, path, [{ path: '/*', element: <ClientPortalRoutes /> }]);
