import { CounterTexts, JobTexts, TOTAL_COUNT_HEADER, type Job, type JobHistoryEntry } from '@freight/contracts';
import { newConsignee, until } from '@freight/server-testing';
import { stackForFile, statusCounts } from '../testing/gateway-stack.js';
import { NAMES, addJob, detailsOf, editBody, jobBody, seedJobWorld, shipmentQuery, type JobWorld } from '../testing/shipments.js';

// Jobs and bookings through the gateway, against the real directory and shipment services, Postgres and NATS.
const shared = stackForFile();
const { call } = shared;
let world: JobWorld;

beforeAll(async () => {
  world = await seedJobWorld(shared);
}, 120_000);

const counter = async () => (await call('POST', '/api/shipmentcounter/get', { token: world.head.token })).body.counter as number;

describe('adding a job', () => {
  it('numbers it from the shipment counter by direction, assigns it by username or full name, and answers it as the spec shows a job', async () => {
    const before = await counter();
    const imported = await addJob(shared, world.admin, 'emma');
    const exported = await addJob(shared, world.admin, 'Eric Silva', { direction: 'Export' });
    expect(imported.jobNo).toBe(`IMP-${String(before + 1).padStart(6, '0')}`);
    expect(exported.jobNo).toBe(`EXP-${String(before + 2).padStart(6, '0')}`);
    expect(await counter()).toBe(before + 2);
    expect(imported).toMatchObject({
      direction: 'Import',
      date: '2026-11-20',
      user: { fullName: 'Emma Perera' },
      branchCity: { BranchCity: NAMES.branch },
      consigneeName: { consigneeName: NAMES.consignee },
      originPort: { OriginPortName: NAMES.origin },
      typeOfShipment: { TypeofShipment: NAMES.type },
      termOfShipment: { TermofShipment: NAMES.term },
      ShipmentStatus: 'Inquiry For Charges',
      statusOfShipment: null,
      notify: null,
      shipperName: null,
      cartoons: 0,
      cbm: 0,
      weight: 0,
      jobStatus: true,
      proceedToProceeding: false,
      remarks: 'First inquiry',
      version: 1,
    });
    expect(exported.user.fullName).toBe('Eric Silva');
  });

  it('answers 201 with the spec message on every add call; the employee add assigns the caller', async () => {
    const head = await call('POST', '/api/shipments/branchadminadd', { token: world.head.token, body: jobBody('adam') });
    expect(head.status).toBe(201);
    expect(head.body.message).toBe(JobTexts.jobAdded);
    const own = await call('POST', `/api/shipments/add/${world.emma.user_id}`, {
      token: world.emma.token,
      body: { ...jobBody('ignored'), userName: undefined, assignedTo: 'Emma Perera' },
    });
    expect(own.status).toBe(201);
    expect(own.body.shipment.user).toEqual({ _id: world.emma.user_id, fullName: 'Emma Perera' });
    const withoutName = await call('POST', `/api/shipments/add/${world.emma.user_id}`, {
      token: world.emma.token,
      body: { ...jobBody('x'), userName: undefined },
    });
    expect(withoutName.status).toBe(201);
    const other = await call('POST', `/api/shipments/add/${world.emma.user_id}`, {
      token: world.emma.token,
      body: { ...jobBody('x'), assignedTo: 'Eric Silva' },
    });
    expect(other.status).toBe(400);
    expect(detailsOf(other)).toEqual({ assignedTo: 'A job you add is assigned to you' });
  });

  it('refuses missing fields, unknown names, a status outside the list and a malformed date with 400 per field, writing nothing', async () => {
    const before = await counter();
    const missing = await call('POST', '/api/shipments/adminadd', { token: world.admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(detailsOf(missing)).sort()).toEqual(
      ['ShipmentStatus', 'branchCity', 'consigneeName', 'date', 'originPort', 'termOfShipment', 'typeOfShipment', 'userName'].sort(),
    );
    const unknown = await call('POST', '/api/shipments/adminadd', {
      token: world.admin.token,
      body: jobBody('nobody', {
        consigneeName: 'No Such Co',
        originPort: 'Atlantis',
        typeOfShipment: 'Zeppelin',
        termOfShipment: 'XYZ',
        branchCity: 'Nowhere',
      }),
    });
    expect(unknown.status).toBe(400);
    expect(detailsOf(unknown)).toEqual({
      userName: 'No staff user has this username or full name',
      branchCity: 'No branch has this city',
      consigneeName: 'No consignee has this name',
      originPort: 'No origin port has this name',
      typeOfShipment: 'No shipment type has this name',
      termOfShipment: 'No shipment term has this name',
    });
    const status = await call('POST', '/api/shipments/adminadd', { token: world.admin.token, body: jobBody('emma', { ShipmentStatus: 'Shipped' as never }) });
    expect(status.status).toBe(400);
    expect(Object.keys(detailsOf(status))).toEqual(['ShipmentStatus']);
    for (const date of ['2026-02-30', '20/11/2026', 'yesterday']) {
      const reply = await call('POST', '/api/shipments/adminadd', { token: world.admin.token, body: jobBody('emma', { date }) });
      expect([reply.status, detailsOf(reply).date]).toEqual([400, 'Date must be a date (YYYY-MM-DD)']);
    }
    expect(await counter()).toBe(before);
  });

  it('gives 500 concurrent creations 500 distinct consecutive numbers, no gap', async () => {
    const before = await counter();
    const replies = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        call('POST', '/api/shipments/adminadd', {
          token: world.admin.token,
          body: jobBody(i % 2 ? 'emma' : 'eric', { direction: i % 3 ? 'Import' : 'Export' }),
        }),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 201: 500 });
    const numbers = replies.map((reply) => Number((reply.body.shipment as Job).jobNo.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, i) => before + 1 + i));
    expect(await counter()).toBe(before + 500);
  }, 60_000);

  it('resolves the names of concurrent creations together, each with its own names or its own 400', async () => {
    const before = await counter();
    const assignees = ['emma', 'Eric Silva', 'EMMA'];
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call('POST', '/api/shipments/adminadd', {
          token: world.admin.token,
          body: jobBody(assignees[i % 3]!, i % 4 === 0 ? { consigneeName: `No Such Co ${i}` } : {}),
        }),
      ),
    );
    replies.forEach((reply, i) => {
      if (i % 4 === 0) expect([reply.status, detailsOf(reply)]).toEqual([400, { consigneeName: 'No consignee has this name' }]);
      else expect([reply.status, (reply.body.shipment as Job).user.fullName]).toEqual([201, i % 3 === 1 ? 'Eric Silva' : 'Emma Perera']);
    });
    expect(await counter()).toBe(before + 45);
  }, 60_000);

  it('answers a repeated Idempotency-Key with the first job, unwritten', async () => {
    const headers = { 'idempotency-key': 'add-job-once-1234567890' };
    const first = await call('POST', '/api/shipments/adminadd', { token: world.admin.token, body: jobBody('emma'), headers });
    const again = await call('POST', '/api/shipments/adminadd', { token: world.admin.token, body: jobBody('emma'), headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.shipment.jobNo).toBe(first.body.shipment.jobNo);
  });
});

describe('the shipment counter', () => {
  it('is read and set by Head; never below the highest job number (409), never negative or not a number (400, the spec text)', async () => {
    const job = await addJob(shared, world.admin, 'emma');
    const highest = Number(job.jobNo.slice(4));
    const below = await call('POST', '/api/shipmentcounter/set', { token: world.head.token, body: { newCounterValue: highest - 1 } });
    expect(below.status).toBe(409);
    expect(below.body.message).toContain(`job number ${highest} is already in use`);
    for (const value of [-1, 'abc', '', 1.5]) {
      const reply = await call('POST', '/api/shipmentcounter/set', { token: world.head.token, body: { newCounterValue: value } });
      expect([reply.status, detailsOf(reply).newCounterValue]).toEqual([400, CounterTexts.invalid]);
    }
    const up = await call('POST', '/api/shipmentcounter/set', { token: world.head.token, body: { newCounterValue: String(highest + 100) } });
    expect([up.status, up.body.counter]).toEqual([200, highest + 100]);
    expect((await addJob(shared, world.admin, 'emma')).jobNo).toBe(`IMP-${String(highest + 101).padStart(6, '0')}`);
    // Back down to exactly the highest number in use: allowed, and the next job follows it.
    const back = await call('POST', '/api/shipmentcounter/set', { token: world.head.token, body: { newCounterValue: highest + 101 } });
    expect(back.status).toBe(200);
  });
});

describe('editing a job', () => {
  let job: Job;
  beforeEach(async () => {
    job = await addJob(shared, world.admin, 'emma');
  });

  it('saves with the version read, keeps who changed what in the history, and publishes the event through the outbox', async () => {
    const reply = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, {
      token: world.admin.token,
      body: editBody(job, { ShipmentStatus: 'Consignee Response', remarks: 'Called back', userName: 'eric' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: JobTexts.jobUpdated,
      shipment: { version: 2, ShipmentStatus: 'Consignee Response', user: { fullName: 'Eric Silva' } },
    });
    const history = await shipmentQuery<{ field: string; before: string; after: string; changed_by: string }>(
      shared,
      `SELECT h.field, h.before, h.after, h.changed_by FROM shipment.job_history h JOIN shipment.job j ON j.id = h.job_id WHERE j.job_no = $1 AND h.changed_by = $2 ORDER BY h.field, h.id`,
      [job.jobNo, world.admin.user_id],
    );
    // The job's creation is in the history too (each field from nothing); then the edit.
    expect(history.filter((row) => row.field === 'jobNo')).toEqual([{ field: 'jobNo', before: null, after: job.jobNo, changed_by: world.admin.user_id }]);
    expect(history.filter((row) => ['ShipmentStatus', 'remarks', 'user'].includes(row.field) && row.before !== null)).toEqual([
      { field: 'ShipmentStatus', before: 'Inquiry For Charges', after: 'Consignee Response', changed_by: world.admin.user_id },
      { field: 'remarks', before: 'First inquiry', after: 'Called back', changed_by: world.admin.user_id },
      { field: 'user', before: 'Emma Perera', after: 'Eric Silva', changed_by: world.admin.user_id },
    ]);
    const events = await shipmentQuery<{ subject: string; payload: Record<string, unknown> }>(
      shared,
      `SELECT subject, payload FROM shipment.outbox WHERE payload->>'jobNo' = $1 ORDER BY position`,
      [job.jobNo],
    );
    expect(events.map((event) => event.subject)).toEqual(['events.shipment.job.created', 'events.shipment.job.updated']);
    expect(events[0]!.payload).toMatchObject({ jobNo: job.jobNo, userId: world.emma.user_id, proceedToProceeding: false });
    expect(events[0]!.payload.changed).toEqual(expect.arrayContaining(['jobNo', 'consigneeName', 'ShipmentStatus', 'user']));
    expect(events[1]!.payload).toMatchObject({
      jobNo: job.jobNo,
      userId: world.eric.user_id,
      previousUserId: world.emma.user_id,
      changed: ['user', 'ShipmentStatus', 'remarks'],
    });
  });

  it('answers 409 to a save over a newer version; of two simultaneous saves exactly one wins', async () => {
    const saves = await Promise.all(
      ['Called', 'Mailed'].map((remarks) =>
        call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, { token: world.admin.token, body: editBody(job, { remarks }) }),
      ),
    );
    expect(statusCounts(saves)).toEqual({ 200: 1, 409: 1 });
    expect(saves.find((reply) => reply.status === 409)!.body.message).toBe(JobTexts.changedByOthers);
    const stale = await call('PUT', `/api/shipments/update/${job.jobNo}`, { token: world.admin.token, body: editBody(job) });
    expect(stale.status).toBe(409);
  });

  it('ticks Proceed to Proceeding only while Booking Confirmed (moving the job to the booking sheet), and a status change resets it', async () => {
    const refused = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, {
      token: world.admin.token,
      body: editBody(job, { proceedToProceeding: true }),
    });
    expect([refused.status, detailsOf(refused).proceedToProceeding]).toEqual([400, JobTexts.proceedOnlyConfirmed]);
    const proceeded = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, {
      token: world.admin.token,
      body: editBody(job, { ShipmentStatus: 'Booking Confirmed', proceedToProceeding: true }),
    });
    expect(proceeded.body.shipment.proceedToProceeding).toBe(true);
    const onSheet = await call('GET', `/api/shipments/allbooklist/${world.admin.user_id}?q=${job.jobNo}`, { token: world.admin.token });
    const onWorklist = await call('GET', `/api/shipments/allworklist/${world.admin.user_id}?q=${job.jobNo}`, { token: world.admin.token });
    expect([onSheet.body.length, onWorklist.body.length]).toEqual([1, 0]);
    const reset = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, {
      token: world.admin.token,
      body: { ShipmentStatus: 'Consignee Response', version: proceeded.body.shipment.version },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.shipment.proceedToProceeding).toBe(false);
  });

  it("answers the job's history newest first, a page at a time, with who changed each field; one field's on request (issue 25 §5)", async () => {
    const first = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, { token: world.admin.token, body: editBody(job, { remarks: 'Called back' }) });
    expect(first.status).toBe(200);
    const second = await call('PUT', `/api/shipments/update/${job.jobNo}`, {
      token: world.emma.token,
      body: editBody(first.body.shipment, { remarks: 'Quote sent', ShipmentStatus: 'Consignee Response' }),
    });
    expect(second.status).toBe(200);
    const history = (query: string, token = world.emma.token) => call('GET', `/api/shipments/history/${job.jobNo}${query}`, { token });

    const all = await history('?page=1&pageSize=100');
    expect(all.status).toBe(200);
    const entries = all.body as JobHistoryEntry[];
    expect(Number(all.headers['x-total-count'])).toBe(entries.length);
    // Newest first: Emma's two changes (one save), then the Admin's, then the job's creation.
    expect(entries.slice(0, 3).map(({ changedBy, field, before, after }) => ({ changedBy, field, before, after }))).toEqual([
      { changedBy: 'Emma Perera', field: expect.stringMatching(/^(ShipmentStatus|remarks)$/), before: expect.any(String), after: expect.any(String) },
      { changedBy: 'Emma Perera', field: expect.stringMatching(/^(ShipmentStatus|remarks)$/), before: expect.any(String), after: expect.any(String) },
      { changedBy: 'Test adam', field: 'remarks', before: 'First inquiry', after: 'Called back' },
    ]);
    expect(entries.at(-1)).toMatchObject({ changedBy: 'Test adam', before: null });
    expect(entries.map((entry) => entry.field)).toContain('jobNo');
    const ids = entries.map((entry) => BigInt(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.changedAt)))).toBe(true);

    // Pages of 2 walk the same entries; one field's changes only with ?field=.
    const pages = await Promise.all([1, 2].map((page) => history(`?page=${page}&pageSize=2`)));
    expect(pages.flatMap((page) => page.body.map((entry: JobHistoryEntry) => entry.id))).toEqual(entries.slice(0, 4).map((entry) => entry.id));
    expect(pages.map((page) => page.headers['x-total-count'])).toEqual([String(entries.length), String(entries.length)]);
    const remarks = await history('?field=remarks&page=1');
    expect(remarks.body.map((entry: JobHistoryEntry) => [entry.before, entry.after])).toEqual([
      ['Called back', 'Quote sent'],
      ['First inquiry', 'Called back'],
    ]);
    expect(remarks.headers['x-total-count']).toBe('2');

    // Bad queries are 400 with the reason; an unknown job 404; another Employee's job 403.
    const refused = await Promise.all([
      history('?field=password'),
      history('?page=0'),
      history('?pageSize=101'),
      call('GET', '/api/shipments/history/IMP-999999', { token: world.admin.token }),
      history('', world.eric.token),
    ]);
    expect(refused.map((reply) => reply.status)).toEqual([400, 400, 400, 404, 403]);
    expect(detailsOf(refused[0]!)).toEqual({ field: expect.stringContaining('field must be one of the fields of a job') });
    expect(refused[3]!.body.message).toBe(JobTexts.jobNotFound);
  });

  it('answers 404 with the spec text for an unknown job number', async () => {
    const reads = await Promise.all([
      call('GET', '/api/shipments/searchworklist/IMP-999999', { token: world.admin.token }),
      call('GET', '/api/shipments/searchbooklist/IMP-999999', { token: world.admin.token }),
      call('PUT', '/api/shipments/updateadmin/IMP-999999', { token: world.admin.token, body: editBody(job) }),
    ]);
    expect(reads.map((reply) => [reply.status, reply.body.message])).toEqual([
      [404, JobTexts.jobNotFound],
      [404, JobTexts.bookingNotFound],
      [404, JobTexts.jobNotFound],
    ]);
    const found = await call('GET', `/api/shipments/searchworklist/${job.jobNo.toLowerCase()}`, { token: world.admin.token });
    expect(found.body).toEqual({ success: true, results: [job] });
  });
});

describe('editing a booking', () => {
  let job: Job;
  beforeEach(async () => {
    job = await addJob(shared, world.admin, 'emma', { ShipmentStatus: 'Booking Confirmed' });
  });
  const booking = (extra: Record<string, unknown> = {}) => ({
    version: job.version,
    proceedToProceeding: true,
    notify: NAMES.otherConsignee,
    shipperName: NAMES.shipper,
    forwarderName: NAMES.forwarder,
    yardName: NAMES.yard,
    statusOfShipment: 'Transit',
    cartoons: '12',
    cbm: 3.5,
    weight: '1200.25',
    blNo: 'BL-778899',
    containerNo: 'MSCU1234567',
    Vesselname: 'MSC Aurora',
    etd: '2026-11-25',
    eta: '2026-12-10',
    jobStatus: true,
    ...extra,
  });

  it('saves the booking fields with their references, leaving branch, type, term, consignee and origin as they were', async () => {
    const reply = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, {
      token: world.admin.token,
      body: booking({ consigneeName: NAMES.otherConsignee, originPort: 'ignored' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(JobTexts.bookingUpdated);
    expect(reply.body.shipment).toMatchObject({
      consigneeName: { consigneeName: NAMES.consignee },
      notify: { consigneeName: NAMES.otherConsignee },
      shipperName: { shipperName: NAMES.shipper },
      forwarderName: { Forwarder: NAMES.forwarder },
      yardName: { YardName: NAMES.yard },
      statusOfShipment: 'Transit',
      cartoons: 12,
      cbm: 3.5,
      weight: 1200.25,
      etd: '2026-11-25',
      eta: '2026-12-10',
      proceedToProceeding: true,
      version: 2,
    });
  });

  // Reads answered as JSON built by Postgres (docs/adr/0059-json-replies-passed-as-bytes.md), checked against
  // their contracts by this stack's gateway (CHECK_JSON_REPLIES), are the job the write answered from its row.
  it('is read back by number, on the booking sheet and by its BL number exactly as the save answered it', async () => {
    const saved = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, { token: world.admin.token, body: booking({ blNo: `BL-${job.jobNo}` }) });
    expect(saved.status).toBe(200);
    const shipment = saved.body.shipment as Job;
    const byNumber = await call('GET', `/api/shipments/searchworklist/${job.jobNo}`, { token: world.admin.token });
    const booked = await call('GET', `/api/shipments/searchbooklist/${job.jobNo}`, { token: world.admin.token });
    const sheet = await call('GET', `/api/shipments/allbooklist/${world.admin.user_id}?q=${job.jobNo}&page=1`, { token: world.admin.token });
    expect([byNumber.status, booked.status, sheet.status]).toEqual([200, 200, 200]);
    expect(byNumber.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(byNumber.body).toEqual({ success: true, results: [shipment] });
    expect(booked.body).toEqual({ success: true, results: [shipment] });
    expect(sheet.body).toEqual([shipment]);
    expect(sheet.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    const tracked = await call('GET', `/api/shipments/searchbl/bl-${job.jobNo.toLowerCase()}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body).toEqual({
      blNo: shipment.blNo,
      containerNo: shipment.containerNo,
      Vesselname: shipment.Vesselname,
      originPort: NAMES.origin,
      statusOfShipment: 'Transit',
      etd: '2026-11-25',
      eta: '2026-12-10',
      warehouseArrivalDate: null,
      doIssue: null,
      deStuff: null,
      history: [{ status: 'Transit', date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) }],
    });
  });

  it('refuses negative or non-numeric quantities, ETA before ETD, unknown names and a status of shipment outside the list (400 per field), writing nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ cartoons: -1 }, { cartoons: 'Cartoons must not be negative' }],
      [{ cartoons: 'twelve' }, { cartoons: 'Cartoons must be a number' }],
      [{ cartoons: 1.5 }, { cartoons: 'Cartoons must be a whole number' }],
      [{ cbm: 'lots' }, { cbm: 'CBM must be a number' }],
      [{ weight: -3 }, { weight: 'Weight must not be negative' }],
      [{ eta: '2026-11-20' }, { eta: JobTexts.etaBeforeEtd }],
      [{ etd: '2026-13-01' }, { etd: 'ETD must be a date (YYYY-MM-DD)' }],
      [
        { shipperName: 'Nobody Ltd', yardName: 'Moon Yard' },
        { shipperName: 'No shipper has this name', yardName: 'No yard has this name' },
      ],
    ];
    for (const [extra, details] of cases) {
      const reply = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, { token: world.admin.token, body: booking(extra) });
      expect([reply.status, detailsOf(reply)]).toEqual([400, details]);
    }
    const state = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, { token: world.admin.token, body: booking({ statusOfShipment: 'Lost' }) });
    expect([state.status, Object.keys(detailsOf(state))]).toEqual([400, ['statusOfShipment']]);
    const unchanged = await call('GET', `/api/shipments/searchbooklist/${job.jobNo}`, { token: world.admin.token });
    expect(unchanged.body.results[0]).toEqual(job);
  });
});

describe('a client written to requirements 02 (no version in the body)', () => {
  // The bodies exactly as requirements 02 writes them: the Edit Job form's fields and the booking form's, no `version`.
  const specJobBody = {
    date: '2026-11-21',
    userName: 'Emma Perera',
    termOfShipment: NAMES.term,
    typeOfShipment: NAMES.type,
    consigneeName: NAMES.consignee,
    originPort: NAMES.origin,
    ShipmentStatus: 'Booking Confirmed',
    remarks: 'Saved by a spec client',
    personalremarks: 'Private note',
    proceedToProceeding: false,
  };
  const specBookingBody = {
    ShipmentStatus: 'Booking Confirmed',
    statusOfShipment: 'Transit',
    notify: NAMES.otherConsignee,
    shipperName: NAMES.shipper,
    forwarderName: NAMES.forwarder,
    yardName: NAMES.yard,
    cartoons: '4',
    cbm: '1.5',
    weight: '300',
    blNo: 'BL-SPEC-1',
    containerNo: 'SPEC1234567',
    Vesselname: 'Spec Star',
    bookingNo: 'BK-1',
    etd: '2026-11-25',
    eta: '2026-12-01',
    remarks: 'Booked by a spec client',
    personalremarks: '',
    jobStatus: true,
    statusUpdateToClient: true,
    proceedToProceeding: true,
  };

  it('saves through update, updateadmin and updatebooking, each reply carrying the new version', async () => {
    const job = await addJob(shared, world.admin, 'emma');
    const employee = await call('PUT', `/api/shipments/update/${job.jobNo}`, { token: world.emma.token, body: specJobBody });
    expect([employee.status, employee.body.message]).toEqual([200, JobTexts.jobUpdated]);
    expect(employee.body.shipment).toMatchObject({ version: 2, date: '2026-11-21', remarks: 'Saved by a spec client', ShipmentStatus: 'Booking Confirmed' });
    const admin = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, {
      token: world.admin.token,
      body: { ...specJobBody, proceedToProceeding: true },
    });
    expect([admin.status, admin.body.shipment.version, admin.body.shipment.proceedToProceeding]).toEqual([200, 3, true]);
    const booking = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, { token: world.admin.token, body: specBookingBody });
    expect([booking.status, booking.body.message]).toEqual([200, JobTexts.bookingUpdated]);
    expect(booking.body.shipment).toMatchObject({
      version: 4,
      blNo: 'BL-SPEC-1',
      Vesselname: 'Spec Star',
      shipperName: { shipperName: NAMES.shipper },
      cartoons: 4,
      statusUpdateToClient: true,
    });
    const read = await call('GET', `/api/shipments/searchbooklist/${job.jobNo}`, { token: world.admin.token });
    expect(read.body.results[0]).toEqual(booking.body.shipment);
  });

  it('still refuses a stale version when one is sent (409, nothing written), and a version that is not a number (400)', async () => {
    const job = await addJob(shared, world.admin, 'emma');
    const saved = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, { token: world.admin.token, body: specJobBody });
    expect(saved.status).toBe(200);
    const stale = await Promise.all([
      call('PUT', `/api/shipments/update/${job.jobNo}`, { token: world.admin.token, body: { ...specJobBody, remarks: 'stale', version: job.version } }),
      call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, { token: world.admin.token, body: { ...specJobBody, remarks: 'stale', version: job.version } }),
      call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, {
        token: world.admin.token,
        body: { ...specBookingBody, remarks: 'stale', version: job.version },
      }),
    ]);
    expect(stale.map((reply) => [reply.status, reply.body.message])).toEqual(Array(3).fill([409, JobTexts.changedByOthers]));
    const odd = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, { token: world.admin.token, body: { ...specJobBody, version: 'two' } });
    expect([odd.status, Object.keys(detailsOf(odd))]).toEqual([400, ['version']]);
    const unchanged = await call('GET', `/api/shipments/searchworklist/${job.jobNo}`, { token: world.admin.token });
    expect(unchanged.body.results[0]).toEqual(saved.body.shipment);
  });

  it('answers 404 with the spec text, not 400, for an unknown job on every update call', async () => {
    const replies = await Promise.all([
      call('PUT', '/api/shipments/update/IMP-999998', { token: world.admin.token, body: specJobBody }),
      call('PUT', '/api/shipments/updateadmin/IMP-999998', { token: world.admin.token, body: specJobBody }),
      call('PUT', '/api/shipments/updatebooking/IMP-999998', { token: world.admin.token, body: specBookingBody }),
    ]);
    expect(replies.map((reply) => [reply.status, reply.body.message])).toEqual([
      [404, JobTexts.jobNotFound],
      [404, JobTexts.jobNotFound],
      [404, JobTexts.bookingNotFound],
    ]);
  });
});

describe('the worklist and the booking sheet', () => {
  it('page on the server with the total in X-Total-Count, sort, search (active/inactive on the booking sheet) and filter by direction and status', async () => {
    const marker = `Batch ${Date.now()}`;
    const made: Job[] = [];
    for (const [i, date] of ['2026-10-03', '2026-10-01', '2026-10-02'].entries()) {
      made.push(await addJob(shared, world.admin, 'eric', { date, remarks: marker, direction: i === 2 ? 'Export' : 'Import' }));
    }
    const list = (path: string) => call('GET', `/api/shipments/${path}`, { token: world.admin.token });
    const all = await list(`allworklist/${world.admin.user_id}?page=1&pageSize=2`);
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    const total = Number(all.headers[TOTAL_COUNT_HEADER.toLowerCase()]);
    const [{ n }] = await shipmentQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM shipment.job WHERE NOT proceed AND deleted_at IS NULL`);
    expect(total).toBe(n);
    // The default order is date ascending; the jobs of the batch share their date only with each other.
    const byJob = await list(`allworklist/${world.admin.user_id}?q=${made[0]!.jobNo}`);
    expect(byJob.body.map((j: Job) => j.jobNo)).toEqual([made[0]!.jobNo]);
    const octoberDesc = await list(`allworklist/${world.admin.user_id}?q=10/2026&sort=date&order=desc&page=1&pageSize=3`);
    expect(octoberDesc.body.map((j: Job) => j.date)).toEqual(['2026-10-03', '2026-10-02', '2026-10-01']);
    expect(octoberDesc.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    const exportOnly = await list(`allworklist/${world.admin.user_id}?q=10/2026&direction=Export`);
    expect(exportOnly.body.map((j: Job) => j.jobNo)).toEqual([made[2]!.jobNo]);
    const bad = await list(`allworklist/${world.admin.user_id}?sort=secret`);
    expect(bad.status).toBe(400);

    // Two of them become bookings, one inactive.
    for (const [i, job] of made.slice(0, 2).entries()) {
      const confirmed = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, {
        token: world.admin.token,
        body: editBody(job, { ShipmentStatus: 'Booking Confirmed', proceedToProceeding: true }),
      });
      const saved = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, {
        token: world.admin.token,
        body: { version: confirmed.body.shipment.version, jobStatus: i === 0, blNo: `BL-${marker}`, remarks: marker },
      });
      expect(saved.status).toBe(200);
    }
    const sheet = (query: string) => list(`allbooklist/${world.admin.user_id}?${query}`);
    expect((await sheet(`q=BL-${marker}`)).body).toHaveLength(2);
    expect((await sheet(`q=BL-${marker}&status=active`)).body.map((j: Job) => j.jobNo)).toEqual([made[0]!.jobNo]);
    expect((await sheet(`q=BL-${marker}&status=inactive`)).body.map((j: Job) => j.jobNo)).toEqual([made[1]!.jobNo]);
    const inactive = await sheet('q=inactive&page=1&pageSize=100');
    expect(inactive.body.every((j: Job) => !j.jobStatus)).toBe(true);
    expect(inactive.body.map((j: Job) => j.jobNo)).toContain(made[1]!.jobNo);
    const sorted = await sheet(`q=BL-${marker}&sort=jobNo&order=desc`);
    expect(sorted.body.map((j: Job) => j.jobNo)).toEqual([made[1]!.jobNo, made[0]!.jobNo]);
    const sheetTotal = await sheet('page=1&pageSize=1&status=active');
    const [{ active }] = await shipmentQuery<{ active: number }>(
      shared,
      `SELECT count(*)::int AS active FROM shipment.job WHERE proceed AND job_status AND deleted_at IS NULL`,
    );
    expect(Number(sheetTotal.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBe(active);
  });
});

describe('names kept from the directory', () => {
  const renameBody = (consigneeName: string) => ({ updateData: { ...newConsignee('bolt', { consigneeName }), password: '' } });

  it('show a rename in master data on every job that names it', async () => {
    const job = await addJob(shared, world.admin, 'emma', { consigneeName: NAMES.otherConsignee });
    const [consignee] = await shipmentQuery<{ id: string }>(shared, `SELECT id FROM shipment.directory_name WHERE kind = 'consignee' AND name = $1`, [
      NAMES.otherConsignee,
    ]);
    const renamed = await call('PUT', `/api/consignees/update/${consignee!.id}`, { token: world.head.token, body: renameBody('Bolt Logistics') });
    expect(renamed.status).toBe(200);
    const shown = await until(async () => {
      const reply = await call('GET', `/api/shipments/searchworklist/${job.jobNo}`, { token: world.admin.token });
      return reply.body.results[0].consigneeName.consigneeName === 'Bolt Logistics' ? reply : undefined;
    }, 'the rename to reach the job');
    expect(shown.body.results[0].consigneeName).toEqual({ _id: consignee!.id, consigneeName: 'Bolt Logistics' });
    const searched = await call('GET', `/api/shipments/allworklist/${world.admin.user_id}?q=bolt logistics`, { token: world.admin.token });
    expect(searched.body.map((j: Job) => j.jobNo)).toContain(job.jobNo);
    // Back, for the other tests.
    await call('PUT', `/api/consignees/update/${consignee!.id}`, { token: world.head.token, body: renameBody(NAMES.otherConsignee) });
  });

  it('refuse a name deleted in master data on new writes (400), while the jobs that name it keep it', async () => {
    const token = world.head.token;
    expect((await call('POST', '/api/yards/add', { token, body: { YardName: 'Old Yard' } })).status).toBe(201);
    await until(
      async () => ((await shipmentQuery(shared, `SELECT 1 FROM shipment.directory_name WHERE kind = 'yard' AND name = 'Old Yard'`)).length ? true : undefined),
      'the new yard in the copy',
    );
    const job = await addJob(shared, world.admin, 'emma', { ShipmentStatus: 'Booking Confirmed' });
    const booked = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, { token, body: { version: job.version, yardName: 'old yard' } });
    expect([booked.status, booked.body.shipment.yardName.YardName]).toEqual([200, 'Old Yard']);
    // An active job still uses the yard: the delete is refused (ADR 30); once the job is inactive it goes through.
    expect((await call('DELETE', '/api/yards/delete/Old Yard', { token })).status).toBe(409);
    const closed = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, {
      token,
      // A PUT: the yard is sent again, or the save would clear it.
      body: { version: booked.body.shipment.version, yardName: 'Old Yard', jobStatus: false },
    });
    expect(closed.status).toBe(200);
    expect((await call('DELETE', '/api/yards/delete/Old Yard', { token })).status).toBe(200);
    await until(
      async () =>
        (await shipmentQuery(shared, `SELECT 1 FROM shipment.directory_name WHERE kind = 'yard' AND name = 'Old Yard' AND deleted_at IS NOT NULL`)).length
          ? true
          : undefined,
      'the yard marked deleted in the copy',
    );
    const refused = await call('PUT', `/api/shipments/updatebooking/${job.jobNo}`, {
      token,
      body: { version: closed.body.shipment.version, yardName: 'Old Yard' },
    });
    expect([refused.status, detailsOf(refused)]).toEqual([400, { yardName: 'No yard has this name' }]);
    const kept = await call('GET', `/api/shipments/searchbooklist/${job.jobNo}`, { token });
    expect(kept.body.results[0].yardName.YardName).toBe('Old Yard');
  });
});
