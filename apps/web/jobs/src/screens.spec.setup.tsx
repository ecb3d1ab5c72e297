import { JOBS_SCREENS, type Job, type StaffRole } from '@freight/contracts';
import { ME, aJob, reply, renderSignedIn, type fakeGateway } from '@freight/web-kit/testing';
import JobsRoutes from './routes.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { ME, aJob, fakeGateway, field, reply, setField, type Answer, type Call } from '@freight/web-kit/testing';

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

/** A booking as the service answers it: a proceeded job of ME's (owner "Nimal Perera"), with a few fields left empty. */
export function booking(changes: Partial<Job> = {}): Job {
  return aJob({
    jobNo: 'IMP-000042',
    user: { _id: ME.id, fullName: 'Nimal Perera' },
    consigneeName: { _id: 'c1', consigneeName: 'Harbour Foods' },
    shipperName: { _id: 's1', shipperName: 'Shanghai Exports' },
    ShipmentStatus: 'Booking Confirmed',
    statusOfShipment: 'Transit',
    cartoons: 120,
    cbm: 14.5,
    weight: 2300,
    blNo: 'SHA123456',
    containerNo: 'MSCU1234567',
    Vesselname: 'MSC Aurora',
    etd: '2026-11-22',
    eta: '2026-12-10',
    bookingNo: 'BK-77',
    remarks: 'Fragile',
    proceedToProceeding: true,
    updatedAt: '2026-11-21T08:00:00.000Z',
    ...changes,
  });
}
