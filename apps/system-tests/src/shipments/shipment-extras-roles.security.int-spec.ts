import { api } from '@freight/contracts';
import { clientToken } from '../testing/clients.js';
import { stackForFile } from '../testing/gateway-stack.js';
import { addJob, saveBooking, seedJobWorld } from '../testing/shipments.js';

/*
 * Who may make each call of vessels, agents, shipment deletion and the public BL search, written
 * out by hand from requirements decisions §4 (not read from the permission matrix): vessels and agents are read
 * by all staff and consignees, added, edited and deleted by Head and Admin; shipment deletion is
 * Head's; the BL search is public. A shipper reads none of them; no token is 401 but on the public call.
 */
type Caller = 'Head' | 'Admin' | 'Employee' | 'consignee' | 'shipper' | 'none';
const CALLERS: readonly Caller[] = ['Head', 'Admin', 'Employee', 'consignee', 'shipper', 'none'];

const READ = [200, 200, 200, 200, 403, 401];
const ADD = [201, 201, 403, 403, 403, 401];
const WRITE = [200, 200, 403, 403, 403, 401];
const HEAD_ONLY = [200, 403, 403, 403, 403, 401];
//                                               Head Admin Employee consignee shipper none
const EXPECTED: Record<string, number[]> = {
  vesselsAll: READ,
  vesselsUnique: READ,
  vesselsSearch: READ,
  vesselsGet: READ,
  vesselsExport: READ,
  vesselsAdd: ADD,
  vesselsUpdate: WRITE,
  vesselsDelete: WRITE,
  agentsAll: READ,
  agentsUnique: READ,
  agentsSearch: READ,
  agentsGet: READ,
  agentsExport: READ,
  agentsAdd: ADD,
  agentsUpdate: WRITE,
  agentsDelete: WRITE,
  shipmentsFindJobToDelete: HEAD_ONLY,
  shipmentsDelete: HEAD_ONLY,
  shipmentsTrackShipment: [200, 200, 200, 200, 200, 200],
};

const shared = stackForFile();
const { call } = shared;
const tokens: Partial<Record<Caller, string>> = {};
let made = 0;
let address = 0;

beforeAll(async () => {
  const world = await seedJobWorld(shared);
  tokens.Head = world.head.token;
  tokens.Admin = world.admin.token;
  tokens.Employee = world.emma.token;
  [tokens.consignee, tokens.shipper] = await Promise.all([clientToken(shared.stack, 'acme'), clientToken(shared.stack, 'sails')]);
  // The record the reads name, and a booking with a BL number for the public search.
  for (const key of ['vessels', 'agents']) await call('POST', `/api/${key}/add`, { token: tokens.Head, body: { origin: 'Colombo', details: 'Weekly' } });
  const job = await addJob(shared, world.admin, 'emma');
  await saveBooking(shared, world.head, job, { blNo: 'ROLES-BL-1' });
}, 120_000);

/** A fresh record of `key` (writes change or remove the one they name). */
async function aRecord(key: string): Promise<string> {
  const origin = `Port ${++made}`;
  const reply = await call('POST', `/api/${key}/add`, { token: tokens.Head, body: { origin, details: 'To change' } });
  if (reply.status !== 201) throw new Error(`adding ${origin} failed: ${reply.status}`);
  return encodeURIComponent(origin);
}

/** A fresh job's number (a delete removes the one it names). */
async function aJobNo(): Promise<string> {
  const reply = await call('POST', '/api/shipments/adminadd', {
    token: tokens.Head,
    body: {
      consigneeName: 'Consignee acme',
      originPort: 'Shanghai',
      typeOfShipment: 'FCL',
      termOfShipment: 'FOB',
      ShipmentStatus: 'Inquiry For Charges',
      date: '2026-11-20',
      userName: 'emma',
      branchCity: 'Colombo',
    },
  });
  return reply.body.shipment.jobNo as string;
}

const request = (name: string, caller: Caller): Promise<[string, string, unknown?]> => {
  const key = name.startsWith('vessels') ? 'vessels' : 'agents';
  const requests: Record<string, () => Promise<[string, string, unknown?]>> = {
    All: async () => ['GET', `/api/${key}/all`],
    Unique: async () => ['GET', `/api/${key}/unique`],
    Search: async () => ['GET', `/api/${key}/search/colombo`],
    Get: async () => ['GET', `/api/${key}/get/Colombo`],
    Export: async () => ['GET', `/api/${key}/export.csv`],
    Add: async () => ['POST', `/api/${key}/add`, { origin: `Added by ${caller} ${++made}`, details: 'New' }],
    Update: async () => ['PUT', `/api/${key}/update/${await aRecord(key)}`, { details: `Edited by ${caller}` }],
    Delete: async () => ['DELETE', `/api/${key}/delete/${await aRecord(key)}`],
    shipmentsFindJobToDelete: async () => ['GET', `/api/shipments/searchbooklistdeletion/${await aJobNo()}`],
    shipmentsDelete: async () => ['DELETE', `/api/shipments/delete/${await aJobNo()}`],
    shipmentsTrackShipment: async () => ['GET', '/api/shipments/searchbl/ROLES-BL-1'],
  };
  return (requests[name] ?? requests[name.replace(/^(vessels|agents)/, '')]!)();
};

it('the table names every route of vessels, agents, shipment deletion and the BL search', () => {
  const routes = Object.keys(api).filter((name) => /^(vessels|agents|shipmentsFindJobToDelete$|shipmentsDelete$|shipmentsTrackShipment$)/.test(name));
  expect(routes.sort()).toEqual(Object.keys(EXPECTED).sort());
});

describe.each(Object.entries(EXPECTED))('%s', (name, statuses) => {
  it.each(CALLERS.map((caller, i) => [caller, statuses[i]!] as const))('as %s: %i', async (caller, status) => {
    const [method, url, body] = await request(name, caller);
    const reply = await call(method, url, { token: tokens[caller as Exclude<Caller, 'none'>], body, headers: { 'x-forwarded-for': `203.0.113.${++address}` } });
    expect([caller, reply.status]).toEqual([caller, status]);
  });
});
