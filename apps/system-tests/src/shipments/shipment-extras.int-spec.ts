import { BL_SEARCH_LIMIT, JobTexts, Messages, TrackingTexts, type Job } from '@freight/contracts';
import { newClient, until } from '@freight/server-testing';
import { clientToken } from '../testing/clients.js';
import { TestGateway, gatewayConfig, stackForFile, statusCounts } from '../testing/gateway-stack.js';
import { NAMES, addBooking, addJob, saveBooking, seedJobWorld, shipmentQuery, type JobWorld } from '../testing/shipments.js';

/*
 * Vessels, agents, shipment deletion, the public BL search and the refusal of a master-data
 * delete while jobs use the record, through the gateway against the real services (Postgres,
 * NATS): requirements 02 §7, requirements decisions §3-5, ADR 30.
 */
const shared = stackForFile();
const { call } = shared;
let world: JobWorld;
let consigneeToken: string;
let address = 0;
/** A client address of its own per call (the gateway trusts X-Forwarded-For from loopback), so the BL limit counts only where a test means it to. */
const from = (ip = `198.51.100.${++address}`) => ({ 'x-forwarded-for': ip });

beforeAll(async () => {
  world = await seedJobWorld(shared);
  consigneeToken = await clientToken(shared.stack, 'acme');
}, 120_000);

describe.each([
  ['vessels', 'vessel', 'Vessel added successfully!', 'Vessel updated successfully', 'Vessel not found.'],
  ['agents', 'agent', 'Agent created successfully', 'Agent updated successfully', 'Agent not found.'],
] as const)('/api/%s (requirements 02 §7)', (key, one, added, updated, notFound) => {
  const admin = () => world.admin.token;

  it("adds, lists (paged, searched by origin), finds, renames and deletes with the spec's texts", async () => {
    const add = await call('POST', `/api/${key}/add`, { token: admin(), body: { origin: 'Shanghai', details: 'Weekly, Mondays\nCut-off Friday' } });
    expect(add).toMatchObject({
      status: 201,
      body: { success: true, message: added, [one]: { origin: 'Shanghai', details: 'Weekly, Mondays\nCut-off Friday' } },
    });
    await call('POST', `/api/${key}/add`, { token: admin(), body: { origin: 'Singapore', details: 'Daily' } });

    const page = await call('GET', `/api/${key}/all?page=1&pageSize=1&q=shang`, { token: world.emma.token });
    expect(page).toMatchObject({ status: 200, headers: { 'x-total-count': '1' }, body: [{ origin: 'Shanghai' }] });
    expect((await call('GET', `/api/${key}/all`, { token: consigneeToken })).body.map((r: { origin: string }) => r.origin)).toEqual(['Shanghai', 'Singapore']);
    const search = await call('GET', `/api/${key}/search/shanghai`, { token: world.emma.token });
    expect(search).toMatchObject({ status: 200, body: { success: true, [key]: [{ origin: 'Shanghai' }] } });

    // The spec's edit sends {origin, details}: the same origin keeps the key, another renames it.
    const edit = await call('PUT', `/api/${key}/update/Shanghai`, { token: admin(), body: { origin: 'Shanghai', details: 'Twice a week' } });
    expect(edit).toMatchObject({ status: 200, body: { success: true, message: updated, [one]: { origin: 'Shanghai', details: 'Twice a week' } } });
    const rename = await call('PUT', `/api/${key}/update/Shanghai`, { token: admin(), body: { origin: 'Ningbo', details: 'Twice a week' } });
    expect(rename).toMatchObject({ status: 200, body: { [one]: { origin: 'Ningbo' } } });
    expect(await call('GET', `/api/${key}/get/Shanghai`, { token: admin() })).toMatchObject({ status: 404, body: { message: notFound } });

    expect(await call('DELETE', `/api/${key}/delete/Ningbo`, { token: world.head.token })).toMatchObject({
      status: 200,
      body: { message: expect.any(String) },
    });
    expect(await call('DELETE', `/api/${key}/delete/Ningbo`, { token: world.head.token })).toMatchObject({ status: 404, body: { message: notFound } });
  });

  it('400 naming each field (origin and details required), 409 for an origin taken in any case; nothing written', async () => {
    const empty = await call('POST', `/api/${key}/add`, { token: admin(), body: {} });
    expect(empty).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', details: { origin: 'Origin is required', details: 'Details is required' } },
    });
    const blank = await call('PUT', `/api/${key}/update/Singapore`, { token: admin(), body: { origin: 'Singapore', details: '  ' } });
    expect(blank).toMatchObject({ status: 400, body: { details: { details: 'Details is required' } } });
    const taken = await call('POST', `/api/${key}/add`, { token: admin(), body: { origin: 'SINGAPORE', details: 'Again' } });
    expect(taken).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await call('GET', `/api/${key}/get/Singapore`, { token: admin() })).body).toMatchObject({ details: 'Daily' });
  });
});

describe('shipment deletion (Head): fetch, delete, gone from every list, audit kept', () => {
  it('fetches the job, deletes it with the event and the audit record, and then no call finds it', async () => {
    const job = await addBooking(shared, world, { blNo: 'DEL-BL-1', containerNo: 'DELU1234567' });
    const head = world.head.token;
    const fetched = await call('GET', `/api/shipments/searchbooklistdeletion/${job.jobNo.toLowerCase()}`, { token: head });
    expect(fetched).toMatchObject({ status: 200, body: { success: true, results: [{ jobNo: job.jobNo, blNo: 'DEL-BL-1' }] } });
    const totalBefore = Number(
      (await call('GET', `/api/shipments/allbooklist/${world.head.user_id}?page=1&pageSize=1`, { token: head })).headers['x-total-count'],
    );

    expect(await call('DELETE', `/api/shipments/delete/${job.jobNo}`, { token: head })).toEqual(
      expect.objectContaining({ status: 200, body: { message: JobTexts.deleted } }),
    );

    // Gone from every list and every lookup, public tracking included.
    const sheet = await call('GET', `/api/shipments/allbooklist/${world.head.user_id}?page=1&pageSize=1`, { token: head });
    expect(Number(sheet.headers['x-total-count'])).toBe(totalBefore - 1);
    const lists = await Promise.all([
      call('GET', `/api/shipments/allbooklist/${world.head.user_id}?q=${job.jobNo}`, { token: head }),
      call('GET', `/api/shipments/allbooklist/${world.emma.user_id}`, { token: world.emma.token }),
      call('GET', `/api/shipments/allworklist/${world.head.user_id}`, { token: head }),
      call('GET', '/api/shipments/allbooklistconsignee/acme', { token: consigneeToken }),
    ]);
    for (const list of lists) expect(list.body.map((j: Job) => j.jobNo)).not.toContain(job.jobNo);
    expect(await call('GET', `/api/shipments/searchbooklist/${job.jobNo}`, { token: head })).toMatchObject({ status: 404 });
    expect(await call('GET', `/api/shipments/searchworklist/${job.jobNo}`, { token: head })).toMatchObject({ status: 404 });
    expect(await call('GET', '/api/shipments/searchbl/DEL-BL-1', { headers: from() })).toMatchObject({ status: 404 });
    expect(await call('GET', `/api/shipments/searchbooklistdeletion/${job.jobNo}`, { token: head })).toMatchObject({
      status: 404,
      body: { message: JobTexts.shipmentNotFound },
    });
    expect(await call('DELETE', `/api/shipments/delete/${job.jobNo}`, { token: head })).toMatchObject({
      status: 404,
      body: { message: JobTexts.shipmentNotFound },
    });

    // The audit: who, when, and the job's data as it was.
    const [audit] = await shipmentQuery<{ job_no: string; deleted_by: string; deleted_by_username: string; age: number; job: Job }>(
      shared,
      `SELECT job_no, deleted_by, deleted_by_username, extract(epoch FROM now() - deleted_at)::float AS age, job FROM shipment.job_deletions WHERE job_no = $1`,
      [job.jobNo],
    );
    expect(audit).toMatchObject({ job_no: job.jobNo, deleted_by: world.head.user_id, deleted_by_username: 'head', job: { ...job, version: job.version } });
    expect(audit!.age).toBeLessThan(60);
    // The event, through the outbox.
    const events = await shipmentQuery<{ payload: { jobNo: string; userId: string } }>(
      shared,
      `SELECT payload FROM shipment.outbox WHERE subject LIKE '%events.shipment.job.deleted' AND payload->>'jobNo' = $1`,
      [job.jobNo],
    );
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ key: job.jobNo, jobNo: job.jobNo, userId: world.emma.user_id })]);
  });

  it('404 with the catalogue text for a number no job has; 400 for a blank one', async () => {
    expect(await call('GET', '/api/shipments/searchbooklistdeletion/IMP-999999', { token: world.head.token })).toMatchObject({
      status: 404,
      body: { message: JobTexts.shipmentNotFound },
    });
    expect(await call('DELETE', '/api/shipments/delete/%20', { token: world.head.token })).toMatchObject({ status: 400 });
  });
});

describe('GET /api/shipments/searchbl/{blNo}: public tracking (requirements decisions §5)', () => {
  it('answers, without a token, exactly the public tracking fields and the status timeline', async () => {
    const job = await addBooking(shared, world, {
      blNo: 'MSCU-BL-7788',
      containerNo: 'MSCU7788001',
      Vesselname: 'MSC Aurora',
      etd: '2026-11-01',
      eta: '2026-11-25',
      statusOfShipment: 'Transit',
      remarks: 'Fragile',
      personalremarks: 'Call Mr. Perera',
      cartoons: 12,
    });
    await saveBooking(shared, world.admin, job, {
      blNo: 'MSCU-BL-7788',
      containerNo: 'MSCU7788001',
      Vesselname: 'MSC Aurora',
      etd: '2026-11-01',
      eta: '2026-11-25',
      statusOfShipment: 'Arrived',
      whArrivalDate: '2026-11-26',
    });

    const reply = await call('GET', '/api/shipments/searchbl/mscu-bl-7788', { headers: from() });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(
      ['blNo', 'containerNo', 'Vesselname', 'originPort', 'statusOfShipment', 'etd', 'eta', 'warehouseArrivalDate', 'doIssue', 'deStuff', 'history'].sort(),
    );
    expect(reply.body).toEqual({
      blNo: 'MSCU-BL-7788',
      containerNo: 'MSCU7788001',
      Vesselname: 'MSC Aurora',
      originPort: NAMES.origin,
      statusOfShipment: 'Arrived',
      etd: '2026-11-01',
      eta: '2026-11-25',
      warehouseArrivalDate: '2026-11-26',
      doIssue: null,
      deStuff: null,
      history: [
        { status: 'Transit', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
        { status: 'Arrived', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      ],
    });
    for (const entry of reply.body.history) expect(Object.keys(entry).sort()).toEqual(['date', 'status']);
    // Nothing of the job's people, money or remarks anywhere in the answer.
    const text = JSON.stringify(reply.body);
    for (const secret of [job.jobNo, 'Fragile', 'Perera', NAMES.consignee, 'Emma', world.emma.user_id]) expect(text).not.toContain(secret);
  });

  it('404 with the catalogue text for a BL number no live job has; 400 for a blank one', async () => {
    expect(await call('GET', '/api/shipments/searchbl/NO-SUCH-BL', { headers: from() })).toEqual(
      expect.objectContaining({ status: 404, body: { code: 'NOT_FOUND', message: 'No shipment found with the provided BL number.' } }),
    );
    expect(await call('GET', '/api/shipments/searchbl/%20%20', { headers: from() })).toMatchObject({ status: 400 });
  });

  it(`takes ${BL_SEARCH_LIMIT.calls} searches a minute from one address, found or not; the next is 429 with Retry-After; other addresses go on`, async () => {
    await addBooking(shared, world, { blNo: 'LIMIT-BL-1' });
    const headers = from('192.0.2.77');
    const statuses: number[] = [];
    for (let i = 0; i < BL_SEARCH_LIMIT.calls; i++) {
      statuses.push((await call('GET', `/api/shipments/searchbl/${i % 2 ? 'LIMIT-BL-1' : `GUESS-${i}`}`, { headers })).status);
    }
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const refused = await call('GET', '/api/shipments/searchbl/LIMIT-BL-1', { headers });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(BL_SEARCH_LIMIT.windowSeconds);
    expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_ATTEMPTS', message: TrackingTexts.tooMany(retryAfter) } });
    expect(await call('GET', '/api/shipments/searchbl/LIMIT-BL-1', { headers: from() })).toMatchObject({ status: 200 });
  });

  // ADR 53: counted in the shipment service's Postgres, so a second gateway adds no searches.
  it(`${2 * BL_SEARCH_LIMIT.calls} at once from one address, split over two gateways: ${BL_SEARCH_LIMIT.calls} are answered, as with one gateway`, async () => {
    await addBooking(shared, world, { blNo: 'SPLIT-BL-1' });
    const other = await TestGateway.start(gatewayConfig(shared.stack.namespace));
    try {
      const headers = from('192.0.2.78');
      const replies = await Promise.all(
        Array.from({ length: 2 * BL_SEARCH_LIMIT.calls }, (_, i) =>
          (i % 2 ? other : shared.stack.gateway).call('GET', '/api/shipments/searchbl/SPLIT-BL-1', { headers }),
        ),
      );
      expect(statusCounts(replies)).toEqual({ 200: BL_SEARCH_LIMIT.calls, 429: BL_SEARCH_LIMIT.calls });
    } finally {
      await other.close();
    }
  });
});

describe('a master-data delete while active jobs use the record (ADR 30): across the directory and the shipment service', () => {
  it('refuses a consignee used by jobs with 409 naming the count, and deletes it once its jobs are deleted', async () => {
    const added = await call('POST', '/api/consignees/add', {
      token: world.head.token,
      body: newClient('consignee', 'cargoking'),
    });
    expect(added.status).toBe(201);
    const id = added.body.consignee.consignee_id as string;
    const name = added.body.consignee.consigneeName as string;
    await until(async () => {
      const rows = await shipmentQuery(shared, `SELECT 1 FROM shipment.directory_name WHERE kind = 'consignee' AND id = $1`, [id]);
      return rows.length ? true : undefined;
    }, 'the shipment service to copy the consignee');
    const first = await addJob(shared, world.admin, 'emma', { consigneeName: name });
    const second = await addJob(shared, world.admin, 'eric', { consigneeName: name });

    const refused = await call('DELETE', `/api/consignees/delete/${id}`, { token: world.head.token });
    expect(refused).toEqual(
      expect.objectContaining({ status: 409, body: { code: 'CONFLICT', message: 'This consignee is used by 2 jobs and cannot be deleted.' } }),
    );
    expect((await call('GET', `/api/consignees/search/${id}`, { token: world.head.token })).body.consignees).toHaveLength(1);

    await call('DELETE', `/api/shipments/delete/${first.jobNo}`, { token: world.head.token });
    expect(await call('DELETE', `/api/consignees/delete/${id}`, { token: world.head.token })).toMatchObject({
      status: 409,
      body: { message: 'This consignee is used by 1 job and cannot be deleted.' },
    });
    await call('DELETE', `/api/shipments/delete/${second.jobNo}`, { token: world.head.token });
    expect(await call('DELETE', `/api/consignees/delete/${id}`, { token: world.head.token })).toMatchObject({ status: 200 });
  });

  it('counts by name (an origin port), by username (the assignee) and as the notify consignee too; an inactive job does not hold a record', async () => {
    const head = world.head.token;
    await call('POST', '/api/origins/add', { token: head, body: { OriginPortName: 'Busan', OriginPortLocation: 'Korea' } });
    await until(
      async () => ((await shipmentQuery(shared, `SELECT 1 FROM shipment.directory_name WHERE kind = 'origin' AND name = 'Busan'`)).length ? true : undefined),
      'Busan copied',
    );
    const job = await addJob(shared, world.admin, 'eric', { originPort: 'Busan' });
    expect(await call('DELETE', '/api/origins/delete/busan', { token: head })).toMatchObject({
      status: 409,
      body: { message: 'This origin is used by 1 job and cannot be deleted.' },
    });
    expect(await call('DELETE', '/api/users/delete/eric', { token: head })).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^This user is used by \d+ jobs? and cannot be deleted\.$/) },
    });
    const bolt = (await call('GET', '/api/consignees/all?q=bolt', { token: head })).body[0].consignee_id as string;
    await addBooking(shared, world, { notify: NAMES.otherConsignee });
    expect(await call('DELETE', `/api/consignees/delete/${bolt}`, { token: head })).toMatchObject({ status: 409 });

    // Inactive: the job keeps the name it shows; the record may go.
    const booked = await call('PUT', `/api/shipments/updateadmin/${job.jobNo}`, {
      token: head,
      body: {
        date: job.date,
        userName: 'eric',
        termOfShipment: NAMES.term,
        typeOfShipment: NAMES.type,
        consigneeName: NAMES.consignee,
        originPort: 'Busan',
        ShipmentStatus: 'Booking Confirmed',
        proceedToProceeding: true,
        version: job.version,
      },
    });
    await saveBooking(shared, world.head, booked.body.shipment, { jobStatus: false });
    expect(await call('DELETE', '/api/origins/delete/Busan', { token: head })).toMatchObject({ status: 200 });
    expect((await call('GET', `/api/shipments/searchbooklist/${job.jobNo}`, { token: head })).body.results[0].originPort.OriginPortName).toBe('Busan');
  });

  it('answers 403, not the count of their jobs, to a caller who may not delete that user at all', async () => {
    const head = world.head.user_username;
    await addJob(shared, world.admin, head);
    await addJob(shared, world.admin, 'emma');
    const forbidden = { status: 403, body: { code: 'FORBIDDEN', message: Messages.forbidden } };
    // An Admin deletes Employees only; nobody deletes themself (permissions.ts canDeleteUser).
    expect(await call('DELETE', `/api/users/delete/${head}`, { token: world.admin.token })).toMatchObject(forbidden);
    expect(await call('DELETE', `/api/users/delete/${head.toUpperCase()}`, { token: world.head.token })).toMatchObject(forbidden);
    expect(await call('DELETE', '/api/users/delete/emma', { token: world.admin.token })).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^This user is used by \d+ jobs? and cannot be deleted\.$/) },
    });
  });

  it('lets a delete of a record no job uses through, and leaves other deletes (vessels) alone', async () => {
    await call('POST', '/api/yards/add', { token: world.head.token, body: { YardName: 'Empty Yard' } });
    expect(await call('DELETE', '/api/yards/delete/Empty%20Yard', { token: world.head.token })).toMatchObject({ status: 200 });
  });

  // Last in the file: it stops the shipment service.
  it('answers 503 when the shipment service does not answer, and leaves the record (an orphaned job is worse than a retry)', async () => {
    await call('POST', '/api/yards/add', { token: world.head.token, body: { YardName: 'Kept Yard' } });
    await shared.stack.services.byName.shipment.process.stop();
    const reply = await call('DELETE', '/api/yards/delete/Kept%20Yard', { token: world.head.token });
    expect(reply).toMatchObject({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'Could not check whether this yard is still in use. Please try again in a moment.' },
    });
    expect(await call('GET', '/api/yards/get/Kept%20Yard', { token: world.head.token })).toMatchObject({ status: 200 });
  });
});
