import { JOBS_SCREENS, type StaffRole } from '@freight/contracts';
import { ME, reply, renderSignedIn, type fakeGateway } from '@freight/web-kit/testing';
import JobsRoutes from './routes.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { ME, aJob, fakeGateway, reply, type Call } from '@freight/web-kit/testing';

/**
 * The remote as the console mounts it (ADR 31): one pathless route whose element is the remote,
 * its children the paths of JOBS_SCREENS; signed in as `role` (ME), at `path`. Returns the router
 * (its state tells where a screen went).
 */
export const renderAt = (path: string, role: StaffRole) =>
  renderSignedIn(role, path, [{ element: <JobsRoutes />, children: Object.keys(JOBS_SCREENS).map((p) => ({ path: p, element: null })) }]);

/** The dropdown lists of the job forms (spec 02 §7). */
export function withDropdowns(gateway: ReturnType<typeof fakeGateway>) {
  const names: Record<string, string[]> = {
    'GET /api/users/unique': [ME.fullName, 'Nimal Perera'],
    'GET /api/branches/unique-cities': ['Colombo', 'Kandy'],
    'GET /api/consignees/unique': ['Lanka Traders', 'Ceylon Tea Co'],
    'GET /api/origins/unique': ['Shanghai', 'Singapore'],
    'GET /api/ShipmentType/unique': ['LCL', 'FCL'],
    'GET /api/ShipmentTerm/unique': ['FOB', 'CIF'],
  };
  for (const [route, list] of Object.entries(names)) gateway.routes[route] = () => reply(list);
}
