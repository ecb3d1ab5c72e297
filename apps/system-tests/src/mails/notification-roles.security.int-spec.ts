import { parse } from 'csv-parse/sync';
import { AnnouncementTexts, CONTACT_LIMIT, ClientNewsTexts, ContactTexts, api } from '@freight/contracts';
import { startSmtpSink, until, type SmtpSink } from '@freight/server-testing';
import { addClient, clientToken } from '../testing/clients.js';
import { HEAD, Stack, TestGateway, gatewayConfig, statusCounts } from '../testing/gateway-stack.js';

// The notification service's calls through the gateway. Who may call what, written out by hand
// from requirements decisions §4: a job's e-mails are read as jobs are (Head and Admin in full; an Employee's
// own jobs come through the shipment service later); the contact form is public; its messages
// are Head's and Admin's (read, mark handled). Client news and consignee announcements: all staff
// read, add and edit, Head deletes; the active news is public; a consignee reads their own active
// announcements (another consignee's: 403, below).
type Caller = 'Head' | 'Admin' | 'Employee' | 'consignee' | 'none';
const CALLERS: readonly Caller[] = ['Head', 'Admin', 'Employee', 'consignee', 'none'];
//                                         Head Admin Employee consignee none
const EXPECTED: Record<string, number[]> = {
  mailsByKey: /*            */ [200, 200, 403, 403, 401],
  contact: /*               */ [201, 201, 201, 201, 201],
  contactMessagesAll: /*   */ [200, 200, 403, 403, 401],
  contactMessagesHandle: /* */ [200, 200, 403, 403, 401],
  contactMessagesExport: /* */ [200, 200, 403, 403, 401],
  clientnewsAll: /*         */ [200, 200, 200, 403, 401],
  clientnewsExport: /*      */ [200, 200, 200, 403, 401],
  clientnewsActive: /*      */ [200, 200, 200, 200, 200],
  clientnewsSearch: /*      */ [200, 200, 200, 403, 401],
  clientnewsAdd: /*         */ [201, 201, 201, 403, 401],
  clientnewsUpdate: /*      */ [200, 200, 200, 403, 401],
  clientnewsDelete: /*      */ [200, 403, 403, 403, 401],
  consigneeancAll: /*       */ [200, 200, 200, 403, 401],
  consigneeancExport: /*    */ [200, 200, 200, 403, 401],
  consigneeancActive: /*    */ [200, 200, 200, 200, 401],
  consigneeancGet: /*       */ [200, 200, 200, 403, 401],
  consigneeancAdd: /*       */ [201, 201, 201, 403, 401],
  consigneeancEdit: /*      */ [200, 200, 200, 403, 401],
  consigneeancDelete: /*    */ [200, 403, 403, 403, 401],
};

let stack: Stack;
let smtp: SmtpSink;
const tokens: Partial<Record<Caller, string>> = {};
let address = 0;
/** A client address of its own per call (the gateway trusts X-Forwarded-For from loopback), so the contact limit counts only where a test means it to. */
const from = (ip = `203.0.113.${++address}`) => ({ 'x-forwarded-for': ip });
const contactBody = { fullName: 'Nimal Perera', email: 'nimal@example.com', message: 'When does my container arrive?' };

beforeAll(async () => {
  smtp = await startSmtpSink();
  stack = await Stack.start({}, { serviceEnv: { SMTP_URL: smtp.url, SUPPORT_EMAIL: 'support@freight.test', MAIL_POLL_MS: '100' } });
  tokens.Head = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
  tokens.Admin = (await stack.addUser(tokens.Head, 'notify.admin', 'Admin')).token;
  tokens.Employee = (await stack.addUser(tokens.Head, 'notify.employee', 'Employee')).token;
  await addClient(stack, tokens.Head, 'consignee', 'notify.consignee');
  tokens.consignee = await clientToken(stack, 'notify.consignee');
  await addClient(stack, tokens.Head, 'consignee', 'notify.other');
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

async function aMessageId(): Promise<string> {
  await stack.gateway.call('POST', '/api/contact', { body: contactBody, headers: from() });
  const list = await stack.gateway.call('GET', '/api/contactMessages/all?page=1&pageSize=1', { token: tokens.Head });
  return list.body[0]._id as string;
}

let newsCount = 0;
async function aNewsId(): Promise<string> {
  const reply = await stack.gateway.call('POST', '/api/clientnews/add', { token: tokens.Head, body: { news: `News ${++newsCount}` } });
  return reply.body.data._id as string;
}

/** Adds an announcement for the consignee (once the notification service has the consignee from the directory's events). */
async function anAnnouncementId(consignee = 'Consignee notify.consignee', annoucment = 'Your container has arrived'): Promise<string> {
  const reply = await until(async () => {
    const added = await stack.gateway.call('POST', '/api/consigneeanc/add', { token: tokens.Head, body: { annoucment, consignee } });
    return added.status === 400 ? undefined : added;
  }, `the consignee ${consignee} in the notification service`);
  expect(reply.status).toBe(201);
  return reply.body.data._id as string;
}

it('the table names every route of the notification service', () => {
  const routes = Object.keys(api).filter((name) => /^(mails|contact|clientnews|consigneeanc)/.test(name));
  expect(routes.sort()).toEqual(Object.keys(EXPECTED).sort());
});

describe.each(Object.entries(EXPECTED))('%s', (name, statuses) => {
  it.each(CALLERS.map((caller, i) => [caller, statuses[i]!] as const))('as %s: %i', async (caller, status) => {
    const token = caller === 'none' ? undefined : tokens[caller];
    const request = {
      mailsByKey: async () => ['GET', '/api/mails/IMP-000001'] as const,
      contact: async () => ['POST', '/api/contact', contactBody] as const,
      contactMessagesAll: async () => ['GET', '/api/contactMessages/all'] as const,
      contactMessagesExport: async () => ['GET', '/api/contactMessages/export.csv'] as const,
      contactMessagesHandle: async () => ['PUT', `/api/contactMessages/handle/${await aMessageId()}`, { handled: true }] as const,
      clientnewsAll: async () => ['GET', '/api/clientnews/all'] as const,
      clientnewsExport: async () => ['GET', '/api/clientnews/export.csv'] as const,
      clientnewsActive: async () => ['GET', '/api/clientnews/active'] as const,
      clientnewsSearch: async () => ['GET', `/api/clientnews/search/${await aNewsId()}`] as const,
      clientnewsAdd: async () => ['POST', '/api/clientnews/add', { news: `Added by ${caller}`, isActive: true }] as const,
      clientnewsUpdate: async () => ['PUT', `/api/clientnews/update/${await aNewsId()}`, { news: `Edited by ${caller}`, isActive: false }] as const,
      clientnewsDelete: async () => ['DELETE', `/api/clientnews/delete/${await aNewsId()}`] as const,
      consigneeancAll: async () => ['GET', '/api/consigneeanc/all'] as const,
      consigneeancExport: async () => ['GET', '/api/consigneeanc/export.csv'] as const,
      consigneeancActive: async () => ['GET', '/api/consigneeanc/active/notify.consignee'] as const,
      consigneeancGet: async () => ['GET', `/api/consigneeanc/${await anAnnouncementId()}`] as const,
      consigneeancAdd: async () => ['POST', '/api/consigneeanc/add', { annoucment: `Added by ${caller}`, consignee: 'Consignee notify.consignee' }] as const,
      consigneeancEdit: async () =>
        [
          'PUT',
          `/api/consigneeanc/edit/${await anAnnouncementId()}`,
          { annoucment: 'Edited', consignee: 'Consignee notify.consignee', isActive: false },
        ] as const,
      consigneeancDelete: async () => ['DELETE', `/api/consigneeanc/delete/${await anAnnouncementId()}`] as const,
    }[name]!;
    const [method, url, body] = await request();
    const reply = await stack.gateway.call(method, url, { token, body, headers: from() });
    expect([caller, reply.status]).toEqual([caller, status]);
  });
});

describe('GET /api/contactMessages/export.csv', () => {
  it("exports the list's filter: open or handled messages only", async () => {
    const sender = (fullName: string) => ({ ...contactBody, fullName });
    for (const name of ['Export Open', 'Export Handled'])
      expect((await stack.gateway.call('POST', '/api/contact', { body: sender(name), headers: from() })).status).toBe(201);
    const listed = await stack.gateway.call('GET', '/api/contactMessages/all?q=Export+Handled', { token: tokens.Admin });
    const marked = await stack.gateway.call('PUT', `/api/contactMessages/handle/${listed.body[0]._id}`, { token: tokens.Admin, body: { handled: true } });
    expect(marked).toMatchObject({ status: 200, body: { message: ContactTexts.handled } });
    const names = async (handled: string) => {
      const reply = await fetch(`${stack.gateway.baseUrl}/api/contactMessages/export.csv?q=Export&handled=${handled}`, {
        headers: { authorization: `Bearer ${tokens.Admin}` },
      });
      expect(reply.status).toBe(200);
      // fetch's text() drops the BOM; the first record is the header.
      const [, ...rows] = parse(await reply.text()) as string[][];
      return rows.map((row) => row[1]);
    };
    expect(await names('false')).toEqual(['Export Open']);
    expect(await names('true')).toEqual(['Export Handled']);
  });
});

describe('POST /api/contact', () => {
  it('confirms with the 24-hour promise and delivers the message to the support inbox', async () => {
    const reply = await stack.gateway.call('POST', '/api/contact', { body: { ...contactBody, fullName: 'Kamala Silva' }, headers: from() });
    expect(reply).toMatchObject({ status: 201, body: { message: ContactTexts.received } });
    const mail = await until(async () => smtp.received.find((m) => m.subject === 'Contact form: message from Kamala Silva'), 'the e-mail to support');
    expect(mail.to).toEqual(['support@freight.test']);
    expect(mail.raw).toContain('When does my container arrive?');
  });

  it("keys each message's e-mail by the message: Head and Admin read that one e-mail's delivery state", async () => {
    const send = async (fullName: string) => {
      expect((await stack.gateway.call('POST', '/api/contact', { body: { ...contactBody, fullName }, headers: from() })).status).toBe(201);
      const listed = await stack.gateway.call('GET', `/api/contactMessages/all?q=${encodeURIComponent(fullName)}`, { token: tokens.Admin });
      return listed.body[0]._id as string;
    };
    const [first, second] = [await send('Keyed Sender One'), await send('Keyed Sender Two')];
    const mailsOf = (id: string) => stack.gateway.call('GET', `/api/mails/${encodeURIComponent(`contact:${id}`)}`, { token: tokens.Admin });
    const sent = await until(async () => {
      const reply = await mailsOf(first);
      return reply.body.mails?.[0]?.status === 'sent' ? reply : undefined;
    }, "the first message's e-mail sent");
    expect(sent.status).toBe(200);
    expect(sent.body.mails).toEqual([
      expect.objectContaining({
        businessKey: `contact:${first}`,
        kind: 'contact-message',
        subject: 'Contact form: message from Keyed Sender One',
        status: 'sent',
      }),
    ]);
    expect((await mailsOf(second)).body.mails).toEqual([expect.objectContaining({ subject: 'Contact form: message from Keyed Sender Two' })]);
  });

  it('400 with each field named: all required, e-mail format, message at most 5,000 characters', async () => {
    const empty = await stack.gateway.call('POST', '/api/contact', { body: {}, headers: from() });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ fullName: 'Full name is required', email: 'Email is required', message: 'Message is required' });
    const bad = await stack.gateway.call('POST', '/api/contact', { body: { ...contactBody, email: 'x@', message: 'y'.repeat(5001) }, headers: from() });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ email: 'Enter a valid email address', message: 'Message must be at most 5000 characters' });
  });

  it(`429 with Retry-After after ${CONTACT_LIMIT.messages} messages from one address in an hour`, async () => {
    const headers = from('198.51.100.99');
    for (let i = 0; i < CONTACT_LIMIT.messages; i++)
      expect((await stack.gateway.call('POST', '/api/contact', { body: contactBody, headers })).status).toBe(201);
    const refused = await stack.gateway.call('POST', '/api/contact', { body: contactBody, headers });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(CONTACT_LIMIT.windowSeconds - 60);
    expect(refused).toMatchObject({ status: 429, body: { message: ContactTexts.tooMany(retryAfter), code: 'TOO_MANY_ATTEMPTS' } });
  });

  // ADR 53: counted in the notification service's Postgres, so a second gateway adds no messages.
  it(`20 at once from one address, split over two gateways: ${CONTACT_LIMIT.messages} are taken, as with one gateway`, async () => {
    const other = await TestGateway.start(gatewayConfig(stack.namespace));
    try {
      const headers = from('198.51.100.98');
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? other : stack.gateway).call('POST', '/api/contact', { body: contactBody, headers })),
      );
      expect(statusCounts(replies)).toEqual({ 201: CONTACT_LIMIT.messages, 429: 20 - CONTACT_LIMIT.messages });
    } finally {
      await other.close();
    }
  });
});

describe('client news and consignee announcements', () => {
  it('a Head adds an active news item: the public list has it, an inactive one it has not', async () => {
    const added = await stack.gateway.call('POST', '/api/clientnews/add', {
      token: tokens.Head,
      body: { news: 'Colombo port works on Sunday', isActive: true },
    });
    expect(added).toMatchObject({ status: 201, body: { success: true, message: ClientNewsTexts.added } });
    await stack.gateway.call('POST', '/api/clientnews/add', { token: tokens.Head, body: { news: 'Not yet', isActive: false } });
    const active = await stack.gateway.call('GET', '/api/clientnews/active');
    expect(active.status).toBe(200);
    expect(active.body.map((item: { news: string }) => item.news)).toContain('Colombo port works on Sunday');
    expect(active.body.map((item: { news: string }) => item.news)).not.toContain('Not yet');
  });

  it('pages the lists with X-Total-Count; announcements come under data', async () => {
    await anAnnouncementId('Consignee notify.consignee', 'Paged one');
    const page = await stack.gateway.call('GET', '/api/consigneeanc/all?page=1&pageSize=1&q=Paged', { token: tokens.Employee });
    expect(page).toMatchObject({ status: 200, headers: { 'x-total-count': '1' }, body: { data: [{ annoucment: 'Paged one' }] } });
    const news = await stack.gateway.call('GET', '/api/clientnews/all?page=1&pageSize=2', { token: tokens.Employee });
    expect(news.body).toHaveLength(2);
    expect(Number(news.headers['x-total-count'])).toBeGreaterThan(2);
  });

  it('a consignee reads their own active announcements (any case of the name) and is refused another consignee’s', async () => {
    await anAnnouncementId('Consignee notify.consignee', 'For the consignee only');
    const own = await stack.gateway.call('GET', '/api/consigneeanc/active/NOTIFY.consignee', { token: tokens.consignee });
    expect(own.status).toBe(200);
    expect(own.body.data.map((a: { annoucment: string }) => a.annoucment)).toContain('For the consignee only');
    const other = await stack.gateway.call('GET', '/api/consigneeanc/active/notify.other', { token: tokens.consignee });
    expect(other.status).toBe(403);
  });

  it('a consignee renamed in the directory shows with the new name at once; 404 and 400 have the texts', async () => {
    const id = await anAnnouncementId('Consignee notify.other', 'Before the rename');
    const consignees = await stack.gateway.call('GET', '/api/consignees/all?q=notify.other', { token: tokens.Head });
    const consigneeId = consignees.body[0].consignee_id as string;
    const renamed = await stack.gateway.call('PUT', `/api/consignees/update/${consigneeId}`, {
      token: tokens.Head,
      body: { updateData: { ...consignees.body[0], consigneeName: 'Renamed Other Ltd', password: '' } },
    });
    expect(renamed.status).toBe(200);
    await until(async () => {
      const reply = await stack.gateway.call('GET', `/api/consigneeanc/${id}`, { token: tokens.Head });
      return reply.body.data?.consignee.consigneeName === 'Renamed Other Ltd' ? reply : undefined;
    }, 'the new name on the announcement');
    const missing = await stack.gateway.call('DELETE', '/api/consigneeanc/delete/00000000-0000-4000-8000-00000000ffff', { token: tokens.Head });
    expect(missing).toMatchObject({ status: 404, body: { message: AnnouncementTexts.notFound } });
    const blank = await stack.gateway.call('POST', '/api/clientnews/add', { token: tokens.Head, body: { news: ' ' } });
    expect(blank).toMatchObject({ status: 400, body: { details: { news: 'News is required' } } });
  });
});
