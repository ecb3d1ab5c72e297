import { ClientNewsTexts } from '@freight/contracts';
import { headActor as head, remoteErrorOf } from '@freight/server-testing';
import { startNotification, type NotificationHarness } from '../testing/notification-harness.js';

let n: NotificationHarness;
beforeAll(async () => {
  n = await startNotification();
}, 60_000);
afterAll(() => n?.close());

const call = (operation: string, message: Record<string, unknown> = {}) =>
  n.client.request(`notification.clientNews.${operation}` as never, { actor: head, ...message } as never) as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- replies read as the tests need
const add = (news: string, isActive?: boolean) => call('add', { body: { news, ...(isActive === undefined ? {} : { isActive }) } });
const MISSING = '00000000-0000-4000-8000-00000000ffff';

describe('client news', () => {
  it('adds (active by default, text trimmed), reads by id, edits and deletes, with the catalogue texts', async () => {
    const added = await add('  Port closed on Friday  ');
    expect(added).toEqual({ success: true, message: ClientNewsTexts.added, data: { _id: expect.any(String), news: 'Port closed on Friday', isActive: true } });
    const id = added.data._id;
    await expect(call('search', { params: { _id: id } })).resolves.toEqual({ success: true, data: added.data });
    const updated = await call('update', { params: { _id: id }, body: { news: 'Port closed on Saturday', isActive: false } });
    expect(updated).toEqual({ success: true, message: ClientNewsTexts.updated, data: { _id: id, news: 'Port closed on Saturday', isActive: false } });
    await expect(call('delete', { params: { _id: id } })).resolves.toEqual({ message: ClientNewsTexts.deleted });
    expect(await remoteErrorOf(call('search', { params: { _id: id } }))).toMatchObject({ code: 'NOT_FOUND', message: ClientNewsTexts.notFound });
  });

  it('lists newest first, searches the text, sorts, pages with the total; the public list has the active ones only, without an actor', async () => {
    await add('Alpha rates update', true);
    await add('beta holiday notice', false);
    await add('Gamma rates update', true);
    const { items, total } = await call('all', { query: { q: 'rates' } });
    expect(total).toBe(2);
    expect(items.map((i: { news: string }) => i.news)).toEqual(['Gamma rates update', 'Alpha rates update']);
    const sorted = await call('all', { query: { sort: 'news', order: 'desc', page: 2, pageSize: 1 } });
    expect(sorted.total).toBeGreaterThanOrEqual(3);
    expect(sorted.items).toHaveLength(1);
    const all = (await call('all', { query: { sort: 'news' } })).items.map((i: { news: string }) => i.news);
    expect(all).toEqual([...all].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const active = await n.client.request('notification.clientNews.active', {} as never);
    expect((active as { news: string }[]).map((i) => i.news)).toEqual(['Gamma rates update', 'Alpha rates update']);
  });

  it('refuses a blank or too long text (400 naming the field), a repeated text in any case (409), an unknown id (404)', async () => {
    expect((await remoteErrorOf(add('   '))).details).toEqual({ 'body.news': 'News is required' });
    expect((await remoteErrorOf(add('x'.repeat(1001)))).details).toEqual({ 'body.news': 'News must be at most 1000 characters' });
    expect((await remoteErrorOf(call('add', { body: { news: 'ok', isActive: 'yes' } }))).details).toEqual({
      'body.isActive': 'isActive must be true or false',
    });
    await add('Only once');
    expect(await remoteErrorOf(add('ONLY ONCE'))).toMatchObject({ code: 'CONFLICT', message: ClientNewsTexts.taken });
    for (const operation of ['search', 'delete'])
      expect(await remoteErrorOf(call(operation, { params: { _id: MISSING } }))).toMatchObject({ code: 'NOT_FOUND', message: ClientNewsTexts.notFound });
    expect(await remoteErrorOf(call('update', { params: { _id: 'not-an-id' }, body: { news: 'x' } }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
