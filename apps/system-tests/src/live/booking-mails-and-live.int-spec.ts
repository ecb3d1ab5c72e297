import { SignJWT, decodeJwt } from 'jose';
import { JobMailTexts, LIVE_JOB_EVENT, type LiveJobEvent, type LiveReady, type LoginResponse } from '@freight/contracts';
import { adminQuery, holdAdvisoryLock, newConsignee, startSmtpSink, tcpProxy, testNats, until, type SmtpSink, type TcpProxy } from '@freight/server-testing';
import { LiveJobsService, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@freight/gateway';
import { HEAD, JWT_SECRET, Stack, newUser, sleep } from '../testing/gateway-stack.js';

// Booking e-mails (ADR 32) and the live job stream (ADR 33) through the gateway, with every
// registered service on real Postgres and NATS, an SMTP server in this process, and the shipment
// service's link to NATS through a proxy this test can cut.

let stack: Stack;
let smtp: SmtpSink;
let natsLink: TcpProxy;
const t: Record<'head' | 'admin' | 'alice' | 'bob', LoginResponse> = {} as never;
const CONSIGNEE = 'live.consignee';
const CONSIGNEE_NAME = `Consignee ${CONSIGNEE}`;
const ADDITIONAL = ['ops@consignee.example', 'Accounts@Consignee.example'];

const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);

beforeAll(async () => {
  smtp = await startSmtpSink();
  const url = new URL(testNats().url);
  natsLink = await tcpProxy({ host: url.hostname, port: Number(url.port) });
  stack = await Stack.start({}, { natsVia: { shipment: natsLink }, serviceEnv: { SMTP_URL: smtp.url, MAIL_POLL_MS: '100' } });
  t.head = await stack.gateway.login(HEAD.username, HEAD.password);
  const head = t.head.token;
  t.admin = await stack.addUser(head, 'live.admin', 'Admin');
  t.alice = await stack.addUser(head, 'live.alice', 'Employee');
  t.bob = await stack.addUser(head, 'live.bob', 'Employee');
  const added = await Promise.all([
    call('POST', '/api/consignees/add', { token: head, body: newConsignee(CONSIGNEE, { additionalEmails: ADDITIONAL }) }),
    call('POST', '/api/origins/add', { token: head, body: { OriginPortName: 'Shanghai', OriginPortLocation: 'China' } }),
    call('POST', '/api/ShipmentType/add', { token: head, body: { TypeofShipment: 'FCL' } }),
    call('POST', '/api/ShipmentTerm/add', { token: head, body: { TermofShipment: 'FOB' } }),
  ]);
  for (const reply of added) expect(reply.status).toBe(201);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
  await natsLink?.close();
});

/** A job assigned to `assignee` (username), added by the Head once the shipment service has the names from the directory's events. */
async function addJob(assignee: string): Promise<string> {
  const body = {
    consigneeName: CONSIGNEE_NAME,
    originPort: 'Shanghai',
    typeOfShipment: 'FCL',
    termOfShipment: 'FOB',
    ShipmentStatus: 'Booking Confirmed',
    date: '2026-11-27',
    branchCity: 'Colombo',
    userName: assignee,
  };
  const reply = await until(async () => {
    const answer = await call('POST', '/api/shipments/adminadd', { token: t.head.token, body });
    return answer.status === 400 ? undefined : answer;
  }, `a job for ${assignee} (the names copied to the shipment service)`);
  expect(reply.status).toBe(201);
  return reply.body.shipment.jobNo as string;
}

/** Fills a job's booking (the fields the e-mails show), as the booking form saves it. */
async function fillBooking(jobNo: string, token = t.head.token) {
  const current = await call('GET', `/api/shipments/searchworklist/${jobNo}`, { token });
  const reply = await call('PUT', `/api/shipments/updatebooking/${jobNo}`, {
    token,
    body: {
      version: current.body.results[0].version,
      blNo: 'BL-LIVE-1',
      containerNo: 'MSCU1234567, TGHU7654321',
      Vesselname: 'MSC Aurora',
      etd: '2026-12-01',
      eta: '2026-12-20',
      statusOfShipment: 'Transit',
      proceedToProceeding: true,
    },
  });
  expect(reply.status).toBe(200);
}

interface LiveStream {
  status: number;
  events: LiveJobEvent[];
  /** The `ready` event's data, and the last `id:` heard (the stream sequence to resume after). */
  ready?: LiveReady;
  lastEventId?: string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
}

/** Opens `GET /api/shipments/live` as the browser does (fetch, the token in the Authorization header) and collects its job events. */
async function openLive(token: string, lastEventId?: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${stack.gateway.baseUrl}/api/shipments/live`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId !== undefined && { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const events: LiveJobEvent[] = [];
  let done = false;
  const stream: Partial<LiveStream> = {};
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return { status: response.status, events, ended: Promise.resolve(), isEnded: () => true, close: () => undefined };
  }
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready!: () => void;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (id !== undefined) stream.lastEventId = id;
          if (event === 'ready' && data) stream.ready = JSON.parse(data) as LiveReady;
          if (event === 'ready') ready();
          if (event === LIVE_JOB_EVENT && data) events.push(JSON.parse(data) as LiveJobEvent);
        }
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      ready();
    }
  })();
  await opened;
  return Object.assign(stream, { status: response.status, events, ended, isEnded: () => done, close: () => controller.abort() });
}

/** Resolves with how long it took for `stream` to hold an event for `jobNo`; fails after `ms`. */
async function eventWithin(stream: LiveStream, jobNo: string, change: LiveJobEvent['change'], ms: number): Promise<number> {
  const started = Date.now();
  while (!stream.events.some((event) => event.jobNo === jobNo && event.change === change)) {
    if (Date.now() - started > ms) throw new Error(`no ${change} event for ${jobNo} within ${ms} ms: ${JSON.stringify(stream.events)}`);
    await sleep(10);
  }
  return Date.now() - started;
}

/** Resolves once the server ended the stream; fails after `ms`. */
async function endsWithin(stream: LiveStream, ms: number): Promise<void> {
  const timeout = sleep(ms).then(() => {
    throw new Error(`the stream was still open after ${ms} ms`);
  });
  await Promise.race([stream.ended, timeout]);
}

describe('the live job stream', () => {
  it('refuses a caller without a staff token', async () => {
    expect((await openLive('not-a-token')).status).toBe(401);
    const reply = await call('GET', '/api/shipments/live');
    expect(reply.status).toBe(401);
  });

  it('brings a saved job to a Head and an Admin within 2 s, and to an Employee only the jobs assigned to them', async () => {
    const [head, admin, alice, bob] = await Promise.all([openLive(t.head.token), openLive(t.admin.token), openLive(t.alice.token), openLive(t.bob.token)]);
    try {
      const alicesJob = await addJob('live.alice');
      const delays = await Promise.all([head, admin, alice].map((stream) => eventWithin(stream, alicesJob, 'created', 2000)));
      console.log(`job created → event on the stream in ${delays.join(', ')} ms (Head, Admin, Employee assigned)`);

      await fillBooking(alicesJob);
      await Promise.all([head, admin, alice].map((stream) => eventWithin(stream, alicesJob, 'updated', 2000)));

      // Bob's first event is his own job's: he never got Alice's.
      const bobsJob = await addJob('live.bob');
      await eventWithin(bob, bobsJob, 'created', 2000);
      await eventWithin(head, bobsJob, 'created', 2000);
      expect(bob.events.map((event) => event.jobNo)).toEqual([bobsJob]);
      expect(alice.events.every((event) => event.jobNo === alicesJob)).toBe(true);
      // Only which job changed and how: nothing of its data.
      expect(Object.keys(head.events[0]!).sort()).toEqual(['change', 'jobNo']);
    } finally {
      for (const stream of [head, admin, alice, bob]) stream.close();
    }
    // The gateway notices the browsers leaving: no stream is left behind.
    const live = stack.gateway.app.get(LiveJobsService);
    await until(async () => (live.listenerCount === 0 ? true : undefined), 'the closed streams to end on the gateway', 5000);
  });

  it('resumes after a break from Last-Event-ID: the changes saved meanwhile arrive, an Employee still only hers', async () => {
    const [head, alice] = await Promise.all([openLive(t.head.token), openLive(t.alice.token)]);
    expect(head.ready).toEqual({ resumed: false });
    const before = await addJob('live.alice');
    await Promise.all([eventWithin(head, before, 'created', 5000), eventWithin(alice, before, 'created', 5000)]);
    head.close();
    alice.close();
    expect(head.lastEventId).toMatch(/^\d+$/);
    expect(alice.lastEventId).toBe(head.lastEventId);
    // Saved while both streams are away.
    const bobsJob = await addJob('live.bob');
    const alicesJob = await addJob('live.alice');

    const [headAgain, aliceAgain] = await Promise.all([openLive(t.head.token, head.lastEventId), openLive(t.alice.token, alice.lastEventId)]);
    try {
      expect(headAgain.ready).toEqual({ resumed: true });
      expect(aliceAgain.ready).toEqual({ resumed: true });
      await Promise.all([eventWithin(headAgain, bobsJob, 'created', 5000), eventWithin(headAgain, alicesJob, 'created', 5000)]);
      await eventWithin(aliceAgain, alicesJob, 'created', 5000);
      // And what comes after the replay, once each.
      const after = await addJob('live.alice');
      await Promise.all([eventWithin(headAgain, after, 'created', 5000), eventWithin(aliceAgain, after, 'created', 5000)]);
      const created = (stream: LiveStream) => stream.events.filter((e) => e.change === 'created').map((e) => e.jobNo);
      expect(created(headAgain)).toEqual([bobsJob, alicesJob, after]);
      expect(created(aliceAgain)).toEqual([alicesJob, after]);
      expect(headAgain.events.some((e) => e.jobNo === before)).toBe(false);
    } finally {
      headAgain.close();
      aliceAgain.close();
    }
    // An id that is no sequence resumes nothing: the browser reloads.
    const unknown = await openLive(t.head.token, 'not-a-sequence');
    unknown.close();
    expect(unknown.ready).toEqual({ resumed: false });
  });

  it('ends when the session ends: a logout, a new password, the token expiring', async () => {
    // Logout revokes the token.
    const carol = await stack.addUser(t.head.token, 'live.carol', 'Employee');
    const loggedOut = await openLive(carol.token);
    expect((await call('POST', '/api/users/logout', { token: carol.token })).status).toBe(200);
    await endsWithin(loggedOut, 2500);

    // A new password raises the session version (ADR 7): every open stream of the user ends.
    const dave = await stack.addUser(t.head.token, 'live.dave', 'Employee');
    const [first, second] = await Promise.all([openLive(dave.token), openLive(dave.token)]);
    const changed = await call('PUT', '/api/users/update?term=live.dave&updateterm=live.dave', {
      token: t.head.token,
      body: newUser('live.dave', 'Employee', { password: 'after-reset-Kelp-4821' }),
    });
    expect(changed.status).toBe(200);
    await Promise.all([endsWithin(first, 2500), endsWithin(second, 2500)]);
    expect((await openLive(dave.token)).status).toBe(401);

    // A token that expires while its stream is open (signed as the gateway signs, with a 2 s life).
    const claims = decodeJwt(t.admin.token);
    const shortLived = await new SignJWT({ username: claims.username, role: claims.role, sv: claims.sv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setJti(`short-${Date.now()}`)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const expiring = await openLive(shortLived);
    expect(expiring.status).toBe(200);
    await endsWithin(expiring, 3500);
    expect((await openLive(shortLived)).status).toBe(401);
  });
});

describe('booking e-mails', () => {
  const mailsOf = (jobNo: string, token = t.head.token) => call('GET', `/api/shipments/mails/${jobNo}`, { token });
  const everyAddress = [`${CONSIGNEE}@consignee.example`, ...ADDITIONAL];
  /** The SMTP envelope may lower an address's domain: compared without case. */
  const lowerSorted = (addresses: string[]) => addresses.map((address) => address.toLowerCase()).sort();

  it("send the confirmation and the updated data to the consignee's e-mail and every additional one, with the job number; the views see queued, then sent", async () => {
    const jobNo = await addJob('live.alice');
    expect((await mailsOf(jobNo)).body).toEqual({ success: true, mails: [] });

    const sent = await call('POST', `/api/shipments/sendmail/${jobNo}`, { token: t.alice.token, body: { typeOfShipment: 'FCL' } });
    expect(sent).toMatchObject({ status: 200, body: { success: true, message: JobMailTexts.confirmationSent } });
    const [confirmation] = await smtp.waitFor(1);
    expect(lowerSorted(confirmation!.to)).toEqual(lowerSorted(everyAddress));
    expect(confirmation!.subject).toBe(`Booking confirmation: ${jobNo}`);
    expect(confirmation!.raw).toContain(jobNo);
    expect(confirmation!.raw).toMatch(/Content-Type: text\/plain/);
    expect(confirmation!.raw).toMatch(/Content-Type: text\/html/);

    await fillBooking(jobNo);
    const update = await call('POST', `/api/shipments/sendupdatingmail/${jobNo}`, { token: t.admin.token, body: {} });
    expect(update).toMatchObject({ status: 200, body: { success: true, message: JobMailTexts.updateSent } });
    const [, updated] = await smtp.waitFor(2);
    expect(updated!.subject).toBe(`Shipment update: ${jobNo}`);
    expect(lowerSorted(updated!.to)).toEqual(lowerSorted(everyAddress));
    // The booking's facts as requirements decisions §3 lists them, in the text part (quoted-printable: the en dash is =E2=80=93).
    const facts = ['Vessel: MSC Aurora', 'ETD: 01/12/2026', 'ETA: 20/12/2026', 'BL number: BL-LIVE-1', 'Container numbers: MSCU1234567, TGHU7654321'];
    for (const fact of [...facts, 'Status: Booking Confirmed =E2=80=93 Transit']) {
      expect(updated!.raw).toContain(fact);
    }

    const mails = await until(async () => {
      const reply = await mailsOf(jobNo, t.alice.token);
      return reply.body.mails?.every((mail: { status: string }) => mail.status === 'sent') ? reply.body.mails : undefined;
    }, 'both e-mails sent');
    expect(mails).toEqual([
      expect.objectContaining({ kind: 'updated-data', to: everyAddress, requestedBy: 'Test live.admin', status: 'sent', lastError: null }),
      expect.objectContaining({ kind: 'booking-confirmation', to: everyAddress, requestedBy: 'Test live.alice', status: 'sent' }),
    ]);
    expect(mails[0].sentAt).toEqual(expect.any(String));
  });

  it("refuses an Employee another's job (403) and an unknown job (404), on the send and on the status", async () => {
    const jobNo = await addJob('live.alice');
    for (const path of [`/api/shipments/sendmail/${jobNo}`, `/api/shipments/sendupdatingmail/${jobNo}`]) {
      expect((await call('POST', path, { token: t.bob.token, body: {} })).status).toBe(403);
    }
    expect((await mailsOf(jobNo, t.bob.token)).status).toBe(403);
    expect((await call('POST', '/api/shipments/sendmail/IMP-999999', { token: t.head.token, body: {} })).status).toBe(404);
    expect((await mailsOf('IMP-999999')).status).toBe(404);
    expect((await call('GET', `/api/shipments/mails/${jobNo}`)).status).toBe(401);
  });

  it('lose nothing to a NATS outage between the commit and the relay: the e-mail goes out once the link is back, once', async () => {
    const jobNo = await addJob('live.alice');
    const before = smtp.received.length;
    const shipment = stack.services.byName.shipment.database;
    // Hold the relay (its advisory lock, ADR 21) so the request commits while the relay cannot take it.
    let release = await holdAdvisoryLock(shipment, 'freight:outbox:shipment');
    try {
      const sent = await call('POST', `/api/shipments/sendmail/${jobNo}`, { token: t.head.token, body: {} });
      expect(sent.status).toBe(200);
      // The broker goes away for the shipment service, then the relay may run: it cannot publish.
      await natsLink.cut();
      await release();
      release = async () => undefined;
      await sleep(2000);
      const [unsent] = await adminQuery<{ n: number }>(shipment, `SELECT count(*)::int AS n FROM shipment.outbox WHERE sent_at IS NULL`);
      expect(unsent!.n).toBeGreaterThanOrEqual(1);
      expect(smtp.received.length).toBe(before);
      await natsLink.restore();
      const received = await smtp.waitFor(before + 1, 45_000);
      expect(received[before]!.subject).toBe(`Booking confirmation: ${jobNo}`);
      await sleep(1000);
      expect(smtp.received.filter((mail) => mail.subject === `Booking confirmation: ${jobNo}`)).toHaveLength(1);
    } finally {
      await release();
      await natsLink.restore();
    }
  }, 90_000);
});
