import { JOBS_SCREENS, type Job, type StaffRole } from '@freight/contracts';
import { ME, aJob, reply, renderSignedIn, type fakeGateway } from '@freight/web-kit/testing';
import JobsRoutes from './routes.js';
import { REFERENCES, type Reference } from './jobs/job-data.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { ME, aJob, fakeGateway, field, pick, pickerOptions, reply, setField, type Answer } from '@freight/web-kit/testing';

/**
 * The remote as the console mounts it (ADR 31): one pathless route whose element is the remote,
 * its children the paths of JOBS_SCREENS; signed in as `role` (ME), at `path`. Returns the router
 * (its state tells where a screen went).
 */
export const renderAt = (path: string, role: StaffRole) =>
  renderSignedIn(role, path, [{ element: <JobsRoutes />, children: Object.keys(JOBS_SCREENS).map((p) => ({ path: p, element: null })) }]);

/** The names of each reference the job and booking forms pick (requirements 02 §7). */
export const NAMES: Record<Reference, string[]> = {
  user: [ME.fullName, 'Nimal Perera'],
  branch: ['Colombo', 'Kandy'],
  consignee: ['Ceylon Tea Co', 'Harbour Foods', 'Lanka Traders'],
  shipper: ['Shanghai Exports', 'Lanka Shippers'],
  forwarder: ['Lanka Cargo'],
  yard: ['Peliyagoda'],
  origin: ['Shanghai', 'Singapore'],
  type: ['LCL', 'FCL'],
  term: ['FOB', 'CIF'],
};

/** The list calls the pickers search (`q`, in name order, one page), answered from `names` as the directory would. */
export function withNameLists(gateway: ReturnType<typeof fakeGateway>, names: Record<Reference, string[]> = NAMES) {
  for (const [reference, { route, field }] of Object.entries(REFERENCES)) {
    gateway.routes[`GET ${route.path}`] = ({ url }) => {
      const query = new URL(url, 'http://x').searchParams;
      const q = (query.get('q') ?? '').toLowerCase();
      const found = names[reference as Reference].filter((name) => name.toLowerCase().includes(q)).sort();
      const rows = found.slice(0, Number(query.get('pageSize') ?? found.length)).map((name) => ({ _id: name, [field]: name }));
      return reply(rows, 200, { 'X-Total-Count': String(found.length) });
    };
  }
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
