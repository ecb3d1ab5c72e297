import { CONTACT_LIMIT, ContactTexts } from '@freight/contracts';
import { headActor as head, remoteErrorOf, until } from '@freight/server-testing';
import { startNotification, type NotificationHarness } from '../testing/notification-harness.js';

let n: NotificationHarness;
beforeAll(async () => {
  n = await startNotification();
}, 60_000);
afterAll(() => n?.close());

const message = (i: number) => ({ fullName: `Sender ${i}`, email: `sender${i}@example.com`, message: `Question ${i}\nSecond line` });
const submit = (body: ReturnType<typeof message>, ip: string) => n.client.request('notification.contact.submit', { ...body, ip });
const list = (query: Record<string, unknown> = {}) => n.client.request('notification.contactMessage.all', { actor: head, query } as never);

describe('notification.contact.submit', () => {
  it('stores the message, e-mails the support inbox (Reply-To: the sender) and confirms with the 24-hour promise', async () => {
    const before = n.smtp.received.length;
    await expect(submit(message(1), '192.0.2.1')).resolves.toEqual({ message: ContactTexts.received });
    // Word for word the promise of requirements 01 §1 and requirements decisions §2.
    expect(ContactTexts.received).toContain('promise a reply within 24 hours');
    const [mail] = (await n.smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['support@freight.test']);
    expect(mail!.subject).toBe('Contact form: message from Sender 1');
    expect(mail!.raw).toMatch(/^Reply-To: sender1@example\.com/m);
    expect(mail!.raw).toContain('Question 1');
    const { items, total } = await list({ q: 'sender1@' });
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ fullName: 'Sender 1', email: 'sender1@example.com', message: 'Question 1\nSecond line', handled: false, handledAt: null });
    const [row] = await n.adminQuery(`SELECT status FROM notification.mail WHERE business_key = $1`, [`contact:${items[0]!._id}`]);
    expect(row).toBeDefined();
  });

  it(`takes ${CONTACT_LIMIT.messages} messages an hour from one address, even sent at once, then TOO_MANY_ATTEMPTS with the wait; other addresses are not held up`, async () => {
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => submit(message(1000 + i), '198.51.100.7')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTACT_LIMIT.messages);
    // Every other one is the limit's answer: no timeout, no server error.
    const codes = await Promise.all(results.filter((r) => r.status === 'rejected').map((r) => remoteErrorOf(Promise.reject(r.reason))));
    expect(new Set(codes.map((error) => error.code))).toEqual(new Set(['TOO_MANY_ATTEMPTS']));
    const refused = await remoteErrorOf(submit(message(200), '198.51.100.7'));
    expect(Number(refused.details?.retryAfterSeconds)).toBeGreaterThan(CONTACT_LIMIT.windowSeconds - 60);
    // The sender is told how long to wait: the window's rest, in minutes.
    expect(refused).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: ContactTexts.tooMany(Number(refused.details?.retryAfterSeconds)) });
    expect(refused.message).toMatch(/^You have already sent 5 messages this hour\. Please try again in (59|60) minutes\.$/);
    const [{ count }] = await n.adminQuery(`SELECT count(*)::int AS count FROM notification.contact_message WHERE client_address = '198.51.100.7'`);
    expect(count).toBe(CONTACT_LIMIT.messages);
    await expect(submit(message(201), '198.51.100.8')).resolves.toEqual({ message: ContactTexts.received });
  });

  it('refuses a message without a name, with a bad address or over 5,000 characters, naming the field', async () => {
    expect((await remoteErrorOf(submit({ ...message(3), fullName: ' ' }, '192.0.2.3'))).details).toEqual({ fullName: 'Full name is required' });
    expect((await remoteErrorOf(submit({ ...message(3), email: 'nope' }, '192.0.2.3'))).details).toEqual({ email: 'Enter a valid email address' });
    expect((await remoteErrorOf(submit({ ...message(3), message: 'x'.repeat(5001) }, '192.0.2.3'))).details).toEqual({
      message: 'Message must be at most 5000 characters',
    });
    expect((await remoteErrorOf(submit({ ...message(3), message: '  ' }, '192.0.2.3'))).details).toEqual({ message: 'Message is required' });
  });
});

describe('contact messages for Head and Admin', () => {
  it('lists them newest first, pages, filters the open ones, and marks one handled (by whom, when) and open again', async () => {
    await submit(message(300), '192.0.2.30');
    await submit(message(301), '192.0.2.30');
    const page = await list({ q: 'sender30', page: 1, pageSize: 1 });
    expect(page.total).toBe(2);
    expect(page.items.map((m) => m.fullName)).toEqual(['Sender 301']);
    const id = page.items[0]!._id;
    const handled = await n.client.request('notification.contactMessage.handle', { actor: head, params: { _id: id }, body: { handled: true } } as never);
    expect(handled).toMatchObject({ success: true, message: ContactTexts.handled, contactMessage: { _id: id, handled: true, handledBy: 'head' } });
    expect((await list({ q: 'sender30', handled: 'false' })).items.map((m) => m.fullName)).toEqual(['Sender 300']);
    const reopened = await n.client.request('notification.contactMessage.handle', { actor: head, params: { _id: id }, body: { handled: false } } as never);
    expect(reopened).toMatchObject({ message: ContactTexts.reopened, contactMessage: { handled: false, handledAt: null, handledBy: null } });
  });

  it('exports them in chunks after a cursor, in the list order, every matching row once', async () => {
    for (const i of [400, 401, 402]) await submit(message(i), '192.0.2.40');
    const walk = async (query: Record<string, unknown>) => {
      const names: string[] = [];
      let after: unknown;
      do {
        const chunk = (await n.client.request('notification.contactMessage.export', {
          actor: head,
          query,
          limit: 2,
          ...(after ? { after } : {}),
        } as never)) as {
          items: { fullName: string }[];
          next: unknown;
        };
        names.push(...chunk.items.map((m) => m.fullName));
        after = chunk.next;
      } while (after);
      return names;
    };
    expect(await walk({ q: 'sender40' })).toEqual(['Sender 402', 'Sender 401', 'Sender 400']);
    expect(await walk({ q: 'sender40', sort: 'fullName' })).toEqual(['Sender 400', 'Sender 401', 'Sender 402']);
  });

  it('answers NOT_FOUND for an unknown or malformed id', async () => {
    for (const _id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const error = await remoteErrorOf(
        n.client.request('notification.contactMessage.handle', { actor: head, params: { _id }, body: { handled: true } } as never),
      );
      expect(error).toEqual({ code: 'NOT_FOUND', message: ContactTexts.notFound });
    }
  });

  it('delivers every contact e-mail', async () => {
    await until(async () => {
      const [{ open }] = await n.adminQuery(`SELECT count(*)::int AS open FROM notification.mail WHERE status <> 'sent'`);
      return open === 0 ? true : undefined;
    }, 'every e-mail sent');
  });
});
