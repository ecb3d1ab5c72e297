import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AnnouncementTexts, eventSubject, type Actor, type ClientActor, type Consignee } from '@freight/contracts';
import { durableName, ensureEventStream, eventStreamConfig } from '@freight/server-database';
import { headActor as head, connectTestNats, remoteErrorOf, until } from '@freight/server-testing';
import { startNotification, type NotificationHarness } from '../testing/notification-harness.js';
import { CONSIGNEES_DURABLE } from './consignee-copy.js';

let n: NotificationHarness;
let admin: NatsConnection;
beforeAll(async () => {
  admin = await connectTestNats('admin');
  n = await startNotification();
}, 60_000);
afterAll(async () => {
  await n?.close();
  await admin?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies read as the tests need
const call = (operation: string, message: Record<string, unknown> = {}, actor: Actor | ClientActor = head): Promise<any> =>
  n.client.request(`notification.announcement.${operation}` as never, { actor, ...message } as never);
const MISSING = '00000000-0000-4000-8000-00000000ffff';

/** A consignee as the directory's events carry it. */
const consignee = (name: string, username: string, id = randomUUID()): Consignee => ({
  consignee_id: id,
  consigneeName: name,
  username,
  email: `${username}@example.com`,
  additionalEmails: [],
  address: '',
  mobile: '',
  handlingPersonName: 'Someone',
  remarks: '',
  openingBalance: '0.00',
  currentBalance: '0.00',
});

/** Publishes a directory consignee event in the harness's namespace, as the directory's outbox relay does. */
async function publish(change: 'created' | 'updated' | 'deleted', records: { before?: Consignee; after?: Consignee }, msgID: string = randomUUID()) {
  await ensureEventStream(admin, eventStreamConfig('directory'));
  const key = (records.before ?? records.after)!.consignee_id;
  return jetstream(admin).publish(`${n.namespace}${eventSubject('directory', 'consignee', change)}`, JSON.stringify({ key, ...records }), { msgID });
}

/** The copy's row once the consumer has it as `check` wants. */
const copied = (id: string, check: (row: { consignee_name: string; deleted_at: Date | null }) => boolean) =>
  until(async () => {
    const [row] = await n.adminQuery<{ consignee_name: string; deleted_at: Date | null }>(
      `SELECT consignee_name, deleted_at FROM notification.consignee WHERE id = $1`,
      [id],
    );
    return row && check(row) ? row : undefined;
  }, `consignee ${id} in the copy`);

const lastMessageId = async () =>
  (await n.adminQuery<{ message_id: string }>(`SELECT message_id FROM notification.processed_events ORDER BY processed_at DESC LIMIT 1`))[0]!.message_id;

const body = (annoucment: string, consigneeName: string, isActive?: boolean) => ({
  annoucment,
  consignee: consigneeName,
  ...(isActive === undefined ? {} : { isActive }),
});

describe('consignee announcements and the copy of the consignees', () => {
  const lanka = consignee('Lanka Traders', 'lanka');
  const ceylon = consignee('Ceylon Spice', 'ceylon');

  beforeAll(async () => {
    await publish('created', { after: lanka });
    await publish('created', { after: ceylon });
    await copied(ceylon.consignee_id, () => true);
  }, 30_000);

  it('adds for a consignee named in any case (active by default), reads, edits and deletes, with the catalogue texts', async () => {
    const added = await call('add', { body: body(' Your container has arrived ', 'LANKA traders') });
    expect(added).toEqual({
      success: true,
      message: AnnouncementTexts.added,
      data: {
        _id: expect.any(String),
        annoucment_id: expect.any(Number),
        annoucment: 'Your container has arrived',
        consignee: { _id: lanka.consignee_id, consigneeName: 'Lanka Traders' },
        isActive: true,
      },
    });
    const id = added.data._id;
    await expect(call('get', { params: { _id: id } })).resolves.toEqual({ success: true, data: added.data });
    const edited = await call('edit', { params: { _id: id }, body: body('Moved to Ceylon', 'Ceylon Spice', false) });
    expect(edited).toMatchObject({
      success: true,
      message: AnnouncementTexts.updated,
      data: { annoucment: 'Moved to Ceylon', isActive: false, consignee: { consigneeName: 'Ceylon Spice' } },
    });
    await expect(call('delete', { params: { _id: id } })).resolves.toEqual({ message: AnnouncementTexts.deleted });
    expect(await remoteErrorOf(call('delete', { params: { _id: id } }))).toMatchObject({ code: 'NOT_FOUND', message: AnnouncementTexts.notFound });
    expect(await remoteErrorOf(call('get', { params: { _id: id } }))).toMatchObject({ code: 'NOT_FOUND', message: AnnouncementTexts.editNotFound });
  });

  it('lists newest first under data with search, sort and pages; a consignee reads their own active ones and is refused another’s', async () => {
    await call('add', { body: body('Customs hold lifted', 'Lanka Traders') });
    await call('add', { body: body('Customs office closed', 'Lanka Traders', false) });
    await call('add', { body: body('Customs documents needed', 'Ceylon Spice') });
    const page = await call('all', { query: { q: 'customs', page: 1, pageSize: 2 } });
    expect(page.total).toBe(3);
    expect(page.items.map((a: { annoucment: string }) => a.annoucment)).toEqual(['Customs documents needed', 'Customs office closed']);
    const byConsignee = await call('all', { query: { q: 'customs', sort: 'consigneeName', order: 'desc' } });
    expect(byConsignee.items[0].consignee.consigneeName).toBe('Lanka Traders');
    const self: ClientActor = { id: lanka.consignee_id, username: 'lanka', role: 'consignee' };
    const own = await call('active', { params: { username: 'LANKA' } }, self);
    expect(own.data.map((a: { annoucment: string }) => a.annoucment)).toEqual(['Customs hold lifted']);
    expect(await remoteErrorOf(call('active', { params: { username: 'ceylon' } }, self))).toMatchObject({ code: 'FORBIDDEN' });
    await expect(call('active', { params: { username: 'ceylon' } })).resolves.toMatchObject({ data: [{ annoucment: 'Customs documents needed' }] });
  });

  it('refuses a missing text or consignee and an unknown consignee (400 naming the field), an unknown id (404)', async () => {
    expect((await remoteErrorOf(call('add', { body: { consignee: 'Lanka Traders' } }))).details).toEqual({ 'body.annoucment': 'Announcement is required' });
    expect((await remoteErrorOf(call('add', { body: { annoucment: 'Hello' } }))).details).toEqual({ 'body.consignee': 'Consignee is required' });
    expect(await remoteErrorOf(call('add', { body: body('Hello', 'Nobody Ltd') }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { consignee: AnnouncementTexts.unknownConsignee },
    });
    expect(await remoteErrorOf(call('edit', { params: { _id: MISSING }, body: body('x', 'Lanka Traders') }))).toMatchObject({
      code: 'NOT_FOUND',
      message: AnnouncementTexts.editNotFound,
    });
  });

  it('shows a rename at once, takes a repeated event as harmless, and no longer shows a deleted consignee’s announcements', async () => {
    const harbour = consignee('Harbour Foods', 'harbour');
    await publish('created', { after: harbour });
    await copied(harbour.consignee_id, () => true);
    const { data } = await call('add', { body: body('Rename me', 'Harbour Foods') });
    const renamed = { ...harbour, consigneeName: 'Harbour Foods International' };
    const rename = await publish('updated', { before: harbour, after: renamed });
    await copied(harbour.consignee_id, (row) => row.consignee_name === 'Harbour Foods International');
    await expect(call('get', { params: { _id: data._id } })).resolves.toMatchObject({ data: { consignee: { consigneeName: 'Harbour Foods International' } } });

    // The same event again: JetStream drops a repeated id within its window; after it, the consumer's processed_events does.
    await expect(publish('updated', { before: harbour, after: renamed }, rename.duplicate ? 'unused' : await lastMessageId())).resolves.toMatchObject({
      duplicate: true,
    });
    const late = randomUUID();
    await n.adminQuery(`INSERT INTO notification.processed_events (message_id, subject) VALUES ($1, 'handled before')`, [late]);
    await publish('updated', { before: renamed, after: { ...harbour, consigneeName: 'Handled Twice' } }, late);
    const marker = consignee('After The Repeat', 'marker');
    await publish('created', { after: marker });
    await copied(marker.consignee_id, () => true); // events come in order: the repeat was taken before it
    await copied(harbour.consignee_id, (row) => row.consignee_name === 'Harbour Foods International');

    await publish('deleted', { before: renamed });
    await copied(harbour.consignee_id, (row) => row.deleted_at !== null);
    expect(await remoteErrorOf(call('get', { params: { _id: data._id } }))).toMatchObject({ code: 'NOT_FOUND' });
    const listed = await call('all', { query: { q: 'Rename me' } });
    expect(listed.total).toBe(0);
    await expect(call('active', { params: { username: 'harbour' } })).resolves.toEqual({ data: [] });
    expect(await remoteErrorOf(call('add', { body: body('Too late', 'Harbour Foods International') }))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('reads the events through a durable of its own in its namespace', async () => {
    const [row] = await n.adminQuery<{ n: number }>(`SELECT count(*)::int AS n FROM notification.processed_events`);
    expect(row!.n).toBeGreaterThan(0);
    expect(durableName('notification', CONSIGNEES_DURABLE, n.namespace)).toBe(`${n.namespace.slice(0, -1)}_notification_consignees`);
  });
});
