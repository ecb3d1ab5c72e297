import { JOBS_SCREENS, type Job, type StaffRole } from '@freight/contracts';
import { ME, reply, renderSignedIn, type fakeGateway } from '@freight/web-kit/testing';
import JobsRoutes from './routes.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { ME, fakeGateway, reply, type Call } from '@freight/web-kit/testing';

/**
 * The remote as the console mounts it (ADR 31): one pathless route whose element is the remote,
 * its children the paths of JOBS_SCREENS; signed in as `role` (ME), at `path`. Returns the router
 * (its state tells where a screen went).
 */
export const renderAt = (path: string, role: StaffRole) =>
  renderSignedIn(role, path, [{ element: <JobsRoutes />, children: Object.keys(JOBS_SCREENS).map((p) => ({ path: p, element: null })) }]);

/** A job as the service answers it; `changes` override fields. */
export function aJob(changes: Partial<Job> = {}): Job {
  return {
    _id: 'j1',
    jobNo: 'IMP-000001',
    direction: 'Import',
    date: '2026-11-20',
    user: { _id: ME.id, fullName: ME.fullName },
    branchCity: { _id: 'b1', BranchCity: 'Colombo' },
    consigneeName: { _id: 'c1', consigneeName: 'Lanka Traders' },
    notify: null,
    shipperName: null,
    forwarderName: null,
    originPort: { _id: 'o1', OriginPortName: 'Shanghai' },
    yardName: null,
    typeOfShipment: { _id: 't1', TypeofShipment: 'LCL' },
    termOfShipment: { _id: 'm1', TermofShipment: 'FOB' },
    ShipmentStatus: 'Inquiry For Charges',
    statusOfShipment: null,
    cartoons: 0,
    cbm: 0,
    weight: 0,
    blNo: '',
    containerNo: '',
    Vesselname: '',
    whArrivalDate: null,
    etd: null,
    eta: null,
    deStuff: null,
    doIssue: null,
    bookingNo: '',
    remarks: '',
    personalremarks: '',
    jobStatus: true,
    statusUpdateToClient: false,
    proceedToProceeding: false,
    invoiceNo: '',
    invoiceAmount: null,
    invoiceDate: null,
    version: 3,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...changes,
  };
}

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
