import { JobTexts, Messages, type ClientLoginResponse, type Job } from '@freight/contracts';
import { newConsignee, pdfText } from '@freight/server-testing';
import { PAYER, invoice, jobsCopied, payerJobs, seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';
import { clientSignIn } from '../testing/clients.js';
import { soon, stackForFile } from '../testing/gateway-stack.js';
import { NAMES, addBooking, addJob, saveBooking } from '../testing/shipments.js';

/*
 * The calls of the client portal (issue 11) through the gateway over HTTP, every service spawned
 * from its build, real Postgres and NATS: a consignee or shipper reads their own booking, statement,
 * balance and announcements and nobody else's (403), whatever a screen would do; staff and client
 * tokens stay apart; a new password ends the client's sessions.
 */
const shared = stackForFile();
const { call } = shared;
let world: AccountsWorld;
/** Signed in: the consignees acme and bolt, the shipper sails. */
const clients: Record<'acme' | 'bolt' | 'sails', ClientLoginResponse> = {} as never;
/** acme's booking (shipper sails), with personal remarks, an invoice and two statuses of shipment. */
let acmeBooking: Job;
/** bolt's booking, no shipper. */
let boltBooking: Job;
/** acme's job still an inquiry (not proceeded). */
let acmeInquiry: Job;

const RANGE = 'from=2026-01-01&to=2026-12-31';
const PERSONAL = 'Owner prefers calls after 6 pm';
const forbidden = { status: 403, body: { code: 'FORBIDDEN', message: Messages.forbidden } };
const unauthorized = { status: 401, body: { code: 'UNAUTHORIZED', message: Messages.unauthorized } };

/** A booking of `consigneeName` with personal remarks, then `edits` of the booking, each over the last version. */
async function booking(consigneeName: string, ...edits: Record<string, unknown>[]): Promise<Job> {
  let job = await addBooking(shared, world, {}, { consigneeName, personalremarks: PERSONAL });
  for (const edit of edits) job = await saveBooking(shared, world.admin, job, edit);
  return job;
}

beforeAll(async () => {
  world = await seedAccountsWorld(shared);
  for (const name of ['acme', 'bolt', 'sails'] as const) clients[name] = (await clientSignIn(shared.stack, name)).body;
  // An edit of a booking sends every field (a missing one is blanked): the second changes the status of shipment only.
  const details = {
    shipperName: NAMES.shipper,
    forwarderName: NAMES.forwarder,
    yardName: NAMES.yard,
    statusOfShipment: 'Process',
    cartoons: 12,
    cbm: 3.5,
    weight: 1200,
    blNo: 'BL-PORTAL-1',
    containerNo: 'MSCU1234567',
    Vesselname: 'MSC Aurora',
    bookingNo: 'BK-77',
    etd: '2026-11-21',
    eta: '2026-12-05',
    remarks: 'Fragile',
    personalremarks: PERSONAL,
  };
  acmeBooking = await booking(NAMES.consignee, details, { ...details, statusOfShipment: 'Transit' });
  await jobsCopied(shared, [acmeBooking.jobNo]);
  await invoice(shared, acmeBooking.jobNo, { invoiceNo: 'INV-PORTAL', invoiceAmount: '250.00', invoiceDate: '2026-11-22' });
  boltBooking = await booking(NAMES.otherConsignee);
  acmeInquiry = await addJob(shared, world.admin, 'emma', { consigneeName: NAMES.consignee });
}, 180_000);

describe('the sign-in names the client by id', () => {
  it("answers the consignee's and the shipper's own ids, the ids staff see on their records", async () => {
    const listed = await call('GET', '/api/consignees/all?q=Consignee', { token: world.head.token });
    const byName = Object.fromEntries((listed.body as { consigneeName: string; consignee_id: string }[]).map((c) => [c.consigneeName, c.consignee_id]));
    expect(clients.acme).toMatchObject({ role: 'consignee', client_id: byName[NAMES.consignee] });
    expect(clients.bolt).toMatchObject({ role: 'consignee', client_id: byName[NAMES.otherConsignee] });
    expect(clients.sails).toMatchObject({ role: 'shipper', client_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});

describe('one booking for its client (GET /api/shipments/clientbooking/{jobNo})', () => {
  it('answers the consignee the booking’s client fields and its status timeline, never personal information or the invoice', async () => {
    const reply = await call('GET', `/api/shipments/clientbooking/${acmeBooking.jobNo}`, { token: clients.acme.token });
    expect(reply.status).toBe(200);
    const [seen] = reply.body.results;
    expect(reply.body.results).toHaveLength(1);
    expect(seen).toMatchObject({
      jobNo: acmeBooking.jobNo,
      user: { fullName: 'Emma Perera' },
      consigneeName: { consigneeName: NAMES.consignee },
      shipperName: { shipperName: NAMES.shipper },
      forwarderName: { Forwarder: NAMES.forwarder },
      originPort: { OriginPortName: NAMES.origin },
      yardName: { YardName: NAMES.yard },
      branchCity: { BranchCity: NAMES.branch },
      typeOfShipment: { TypeofShipment: NAMES.type },
      termOfShipment: { TermofShipment: NAMES.term },
      ShipmentStatus: 'Booking Confirmed',
      statusOfShipment: 'Transit',
      cartoons: 12,
      cbm: 3.5,
      weight: 1200,
      blNo: 'BL-PORTAL-1',
      containerNo: 'MSCU1234567',
      Vesselname: 'MSC Aurora',
      bookingNo: 'BK-77',
      etd: '2026-11-21',
      eta: '2026-12-05',
      remarks: 'Fragile',
      jobStatus: true,
    });
    for (const field of ['personalremarks', 'invoiceNo', 'invoiceAmount', 'invoiceDate', 'version']) expect(seen).not.toHaveProperty(field);
    expect(JSON.stringify(reply.body)).not.toMatch(new RegExp(`${PERSONAL}|INV-PORTAL|250\\.00`));
    expect(reply.body.history.map((entry: { status: string }) => entry.status)).toEqual(['Process', 'Transit']);
    expect(reply.body.history.every((entry: { date: string }) => !Number.isNaN(Date.parse(entry.date)))).toBe(true);
    // The same timeline as the public BL search builds.
    const tracked = await call('GET', '/api/shipments/searchbl/BL-PORTAL-1');
    expect(reply.body.history).toEqual(tracked.body.history);
  });

  it('answers the shipper of the booking the same, in any case of the job number', async () => {
    const consignee = await call('GET', `/api/shipments/clientbooking/${acmeBooking.jobNo}`, { token: clients.acme.token });
    const shipper = await call('GET', `/api/shipments/clientbooking/${acmeBooking.jobNo.toLowerCase()}`, { token: clients.sails.token });
    expect(shipper.status).toBe(200);
    expect(shipper.body).toEqual(consignee.body);
  });

  it("refuses another client's booking (403, a clear message): a consignee's, and a shipper's where the job names another shipper or none", async () => {
    const notYours = { status: 403, body: { code: 'FORBIDDEN', message: JobTexts.notYourBooking } };
    await expect(call('GET', `/api/shipments/clientbooking/${boltBooking.jobNo}`, { token: clients.acme.token })).resolves.toMatchObject(notYours);
    await expect(call('GET', `/api/shipments/clientbooking/${acmeBooking.jobNo}`, { token: clients.bolt.token })).resolves.toMatchObject(notYours);
    await expect(call('GET', `/api/shipments/clientbooking/${boltBooking.jobNo}`, { token: clients.sails.token })).resolves.toMatchObject(notYours);
    const bolts = await call('GET', `/api/shipments/clientbooking/${boltBooking.jobNo}`, { token: clients.bolt.token });
    expect([bolts.status, bolts.body.results[0].jobNo]).toEqual([200, boltBooking.jobNo]);
  });

  it('answers 404 for an unknown job, an inquiry not yet proceeded and a deleted booking', async () => {
    const notFound = { status: 404, body: { code: 'NOT_FOUND', message: JobTexts.bookingNotFound } };
    const deleted = await booking(NAMES.consignee);
    await expect(call('GET', `/api/shipments/clientbooking/${deleted.jobNo}`, { token: clients.acme.token })).resolves.toMatchObject({ status: 200 });
    expect((await call('DELETE', `/api/shipments/delete/${deleted.jobNo}`, { token: world.head.token })).status).toBe(200);
    for (const jobNo of ['IMP-999999', acmeInquiry.jobNo, deleted.jobNo]) {
      await expect(call('GET', `/api/shipments/clientbooking/${jobNo}`, { token: clients.acme.token })).resolves.toMatchObject(notFound);
    }
  });

  it('refuses a staff token (403), whoever the job belongs to, and no token (401)', async () => {
    for (const token of [world.head.token, world.admin.token, world.emma.token]) {
      await expect(call('GET', `/api/shipments/clientbooking/${acmeBooking.jobNo}`, { token })).resolves.toMatchObject(forbidden);
    }
    await expect(call('GET', `/api/shipments/clientbooking/${acmeBooking.jobNo}`)).resolves.toMatchObject(unauthorized);
  });
});

describe("a consignee's own accounts (statement, its CSV and PDF, balance), by their id", () => {
  it('answers acme their statement as the Head reads it, their CSV and PDF, and their balance', async () => {
    const id = clients.acme.client_id;
    const own = await call('GET', `/api/accounts/statement/${id}?${RANGE}`, { token: clients.acme.token });
    const heads = await call('GET', `/api/accounts/statement/${id}?${RANGE}`, { token: world.head.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual(heads.body);
    expect(own.body).toMatchObject({ consignee: { _id: id, consigneeName: NAMES.consignee }, totalDebit: '250.00' });
    expect(own.body.lines.map((line: { reference: string }) => line.reference)).toContain(acmeBooking.jobNo);
    const csv = await call('GET', `/api/accounts/statement/${id.toUpperCase()}/export.csv?${RANGE}`, { token: clients.acme.token });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(acmeBooking.jobNo);
    const pdf = await fetch(`${shared.stack.gateway.baseUrl}/api/accounts/statement/${id}/statement.pdf?${RANGE}`, {
      headers: { authorization: `Bearer ${clients.acme.token}` },
    });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n');
    expect(text).toContain(NAMES.consignee);
    expect(text).toContain(acmeBooking.jobNo);
    const balance = await call('GET', `/api/accounts/balance/${id}`, { token: clients.acme.token });
    expect(balance).toMatchObject({ status: 200, body: { success: true, balance: { consignee_id: id, balance: '250.00' } } });
  });

  it("refuses acme bolt's statement, CSV, PDF, balance and announcements, and every accounts call of staff (403)", async () => {
    const bolt = clients.bolt.client_id;
    for (const path of [
      `/api/accounts/statement/${bolt}?${RANGE}`,
      `/api/accounts/statement/${bolt}/export.csv?${RANGE}`,
      `/api/accounts/statement/${bolt}/statement.pdf?${RANGE}`,
      `/api/accounts/balance/${bolt}`,
      `/api/accounts/balance/${world.payerId}`,
      `/api/accounts/balance/acme`,
      '/api/consigneeanc/active/bolt',
      `/api/accounts/balances?consignee_ids=${clients.acme.client_id}`,
      '/api/accounts/receivables',
      '/api/credits/all',
    ]) {
      expect([path, await call('GET', path, { token: clients.acme.token })]).toEqual([path, expect.objectContaining(forbidden)]);
    }
    expect((await call('GET', '/api/consigneeanc/active/acme', { token: clients.acme.token })).status).toBe(200);
  });

  it("refuses a shipper every consignee call, even naming the shipper's own id (403)", async () => {
    const { client_id: own, token } = clients.sails;
    for (const path of [
      `/api/accounts/statement/${own}?${RANGE}`,
      `/api/accounts/statement/${clients.acme.client_id}?${RANGE}`,
      `/api/accounts/statement/${clients.acme.client_id}/statement.pdf?${RANGE}`,
      `/api/accounts/balance/${clients.acme.client_id}`,
      `/api/accounts/balance/${own}`,
      '/api/consigneeanc/active/acme',
      '/api/consigneeanc/active/sails',
      '/api/shipments/allbooklistconsignee/acme',
      '/api/shipments/allbooklistconsignee/sails',
      '/api/vessels/all',
    ]) {
      expect([path, await call('GET', path, { token })]).toEqual([path, expect.objectContaining(forbidden)]);
    }
  });
});

describe('client tokens on staff calls', () => {
  it('refuses a consignee and a shipper the staff calls (403), the booking’s staff view included', async () => {
    for (const { token } of [clients.acme, clients.sails]) {
      for (const path of [
        '/api/users/all',
        `/api/shipments/searchbooklist/${acmeBooking.jobNo}`,
        `/api/shipments/searchworklist/${acmeInquiry.jobNo}`,
        `/api/shipments/allbooklist/${world.head.user_id}`,
        '/api/consignees/all',
        '/api/consigneeanc/all',
        `/api/shipments/mails/${acmeBooking.jobNo}`,
      ]) {
        expect([path, await call('GET', path, { token })]).toEqual([path, expect.objectContaining(forbidden)]);
      }
    }
  });
});

describe("what ends a client's sessions", () => {
  it("a new password: the old token is refused (401) on the client's booking, statement and balance; the new one reads them", async () => {
    const payer = (await clientSignIn(shared.stack, PAYER.username)).body as ClientLoginResponse;
    const [job] = await payerJobs(shared, world, 1);
    await saveBooking(shared, world.admin, job!, { ShipmentStatus: 'Booking Confirmed', proceedToProceeding: true });
    const paths = [
      `/api/shipments/clientbooking/${job!.jobNo}`,
      `/api/accounts/statement/${payer.client_id}?${RANGE}`,
      `/api/accounts/balance/${payer.client_id}`,
    ];
    for (const path of paths) expect([path, (await call('GET', path, { token: payer.token })).status]).toEqual([path, 200]);
    const { password: _, ...fields } = newConsignee(PAYER.username, { openingBalance: PAYER.openingBalance });
    const changed = await call('PUT', `/api/consignees/update/${payer.client_id}`, {
      token: world.head.token,
      body: { updateData: { ...fields, password: 'a-whole-new-harbour-phrase' } },
    });
    expect(changed.status).toBe(200);
    for (const path of paths)
      expect([path, await soon(() => call('GET', path, { token: payer.token }))]).toEqual([path, expect.objectContaining(unauthorized)]);
    const again = (await clientSignIn(shared.stack, PAYER.username, 'a-whole-new-harbour-phrase')).body as ClientLoginResponse;
    expect(again.client_id).toBe(payer.client_id);
    for (const path of paths) expect([path, (await call('GET', path, { token: again.token })).status]).toEqual([path, 200]);
  });
});

describe('as an attacker would try it', () => {
  it('answers a job number with control characters, a line break or 101 characters with 400 and a clear message, never a 500', async () => {
    for (const jobNo of [encodeURIComponent('IMP-\u0000001'), encodeURIComponent('IMP\r\nX-Injected: 1'), 'J'.repeat(101)]) {
      const reply = await call('GET', `/api/shipments/clientbooking/${jobNo}`, { token: clients.acme.token });
      expect(reply).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/jobNo|Job number/) } });
    }
  });

  it("refuses a consignee another consignee's id in any spelling, a shipper's id and a malformed id (403, nothing about the record)", async () => {
    const own = clients.acme.client_id;
    expect((await call('GET', `/api/accounts/balance/${own.toUpperCase()}`, { token: clients.acme.token })).status).toBe(200);
    for (const id of [clients.bolt.client_id.toUpperCase(), clients.sails.client_id, 'not-a-uuid', `${own}x`, `${own}%00`]) {
      await expect(call('GET', `/api/accounts/statement/${id}?${RANGE}`, { token: clients.acme.token })).resolves.toMatchObject(forbidden);
      await expect(call('GET', `/api/accounts/balance/${id}`, { token: clients.acme.token })).resolves.toMatchObject(forbidden);
    }
  });

  it("answers 200 parallel reads of another client's booking with 403 each, and of their own with 200 each", async () => {
    const read = (jobNo: string) => call('GET', `/api/shipments/clientbooking/${jobNo}`, { token: clients.acme.token });
    const [theirs, own] = await Promise.all([
      Promise.all(Array.from({ length: 200 }, () => read(boltBooking.jobNo))),
      Promise.all(Array.from({ length: 200 }, () => read(acmeBooking.jobNo))),
    ]);
    expect(theirs.map((reply) => reply.status)).toEqual(Array(200).fill(403));
    expect(own.map((reply) => reply.status)).toEqual(Array(200).fill(200));
    expect(new Set(own.map((reply) => JSON.stringify(reply.body))).size).toBe(1);
  });
});
