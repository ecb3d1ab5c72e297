// Data the audit's pages and the microsite's end-to-end test need in a fresh system, made through
// the API as the Head: master data, a consignee who can sign in to the portal, and a booking with
// a BL number and a status history, which the public Track & Trace then finds.
import { randomUUID } from 'node:crypto';
import { addBooking } from '../e2e/booking-setup.mjs';

/**
 * A caller of `origin`'s API as `token`: the reply's JSON, failing on an error status.
 * @param {string} origin @param {string} token
 */
export function apiCaller(origin, token) {
  return async (method, path, body) => {
    const reply = await fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** The Head's token, through `POST /api/users/login`. */
export async function headToken(origin, head) {
  const reply = await fetch(`${origin}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: head.username, password: head.password }),
  });
  if (!reply.ok) throw new Error(`sign-in of ${head.username}: ${reply.status}`);
  return (await reply.json()).token;
}

/**
 * Master data, a consignee (with a portal sign-in) and one booking of theirs with a BL number,
 * container, vessel, dates and two status changes (Process, then Transit). Names carry `run`.
 * @param {(method: string, path: string, body?: unknown) => Promise<any>} call the Head's caller (apiCaller)
 * @param {string} run a short suffix that keeps this run's names apart
 * @param {string} assignee the username the job is assigned to (the Head's)
 */
export async function seedTrackedShipment(call, run, assignee) {
  const branch = { BranchCity: `Galle ${run}`, Location: 'Fort Road', Contact: '+94 91 222 3344', Code: `G${run}`.toUpperCase() };
  const consignee = {
    consigneeName: `Lanka Traders ${run}`,
    username: `lanka.${run}`,
    email: `ops.${run}@lanka.example`,
    handlingPersonName: 'Nimal',
    password: 'harbour-monsoon-ledger-31',
  };
  const origin = `Ningbo ${run}`;
  const type = `FCL ${run}`;
  const term = `CIF ${run}`;
  await call('POST', '/branches/add', branch);
  await call('POST', '/consignees/add', consignee);
  await call('POST', '/origins/add', { OriginPortName: origin, OriginPortLocation: 'China' });
  await call('POST', '/ShipmentType/add', { TypeofShipment: type });
  await call('POST', '/ShipmentTerm/add', { TermofShipment: term });
  const proceeded = await addBooking(call, {
    consigneeName: consignee.consigneeName,
    originPort: origin,
    typeOfShipment: type,
    termOfShipment: term,
    branchCity: branch.BranchCity,
    userName: assignee,
  });
  const booking = { blNo: `NGB${run}`.toUpperCase(), containerNo: 'TGHU8876541', Vesselname: `Kota Lestari ${run}`, etd: '2026-12-03', eta: '2026-12-17' };
  const { shipment: processing } = await call('PUT', `/shipments/updatebooking/${proceeded.jobNo}`, {
    ...booking,
    statusOfShipment: 'Process',
    version: proceeded.version,
  });
  await call('PUT', `/shipments/updatebooking/${proceeded.jobNo}`, { ...booking, statusOfShipment: 'Transit', version: processing.version });
  return { jobNo: proceeded.jobNo, booking, consignee, origin };
}
