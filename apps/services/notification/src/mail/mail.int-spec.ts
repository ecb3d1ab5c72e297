import { headActor, remoteErrorOf, until } from '@freight/server-testing';
import { bookingData, startNotification, type NotificationHarness } from '../testing/notification-harness.js';

let n: NotificationHarness;
beforeAll(async () => {
  n = await startNotification();
}, 60_000);
afterAll(() => n?.close());

const send = (body: Record<string, unknown>) => n.client.request('notification.mail.send', body as never);
const rowOf = async (id: string) => (await n.adminQuery('SELECT * FROM notification.mail WHERE id = $1', [id]))[0]!;

describe('notification.mail.send', () => {
  it('writes the row before it answers, then delivers it over SMTP: HTML and text, to every recipient, marked sent', async () => {
    const before = n.smtp.received.length;
    const accepted = await send({
      to: ['consignee@example.com', 'ops@example.com'],
      businessKey: 'IMP-000201',
      template: { name: 'booking-confirmation', data: bookingData('IMP-000201') },
    });
    expect(accepted).toEqual({ id: expect.any(String), status: expect.stringMatching(/^(queued|sending|sent)$/) });
    const row = await rowOf(accepted.id);
    expect(row).toMatchObject({ business_key: 'IMP-000201', kind: 'booking-confirmation', recipients: ['consignee@example.com', 'ops@example.com'] });
    expect(row.subject).toBe('Booking confirmation: IMP-000201');
    const [mail] = (await n.smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['consignee@example.com', 'ops@example.com']);
    expect(mail!.subject).toBe('Booking confirmation: IMP-000201');
    expect(mail!.messageId).toBe(`<${accepted.id}@notification.freight>`);
    expect(mail!.raw).toContain('text/plain');
    expect(mail!.raw).toContain('text/html');
    const sent = await until(async () => ((await rowOf(accepted.id)).status === 'sent' ? rowOf(accepted.id) : undefined), 'sent');
    expect(sent).toMatchObject({ attempts: 1, last_error: null });
    expect(sent.sent_at).toBeInstanceOf(Date);
  });

  it('refuses a request it cannot send with VALIDATION_FAILED naming the field, and queues nothing', async () => {
    const [{ count: before }] = await n.adminQuery('SELECT count(*)::int AS count FROM notification.mail');
    const problems = await remoteErrorOf(
      send({ to: ['not-an-address'], businessKey: 'IMP-1', template: { name: 'booking-confirmation', data: bookingData() } }),
    );
    expect(problems).toMatchObject({ code: 'VALIDATION_FAILED', details: { 'to.0': 'Enter a valid email address' } });
    const noTemplate = await remoteErrorOf(send({ to: ['a@example.com'], businessKey: 'IMP-1', template: { name: 'invoice', data: {} } }));
    expect(noTemplate.code).toBe('VALIDATION_FAILED');
    const missing = await remoteErrorOf(
      send({ to: ['a@example.com'], businessKey: 'IMP-1', template: { name: 'updated-data', data: { ...bookingData(), vessel: '' } } }),
    );
    expect(missing).toMatchObject({ code: 'VALIDATION_FAILED', details: { 'template.data.vessel': 'Vessel is required' } });
    const [{ count: after }] = await n.adminQuery('SELECT count(*)::int AS count FROM notification.mail');
    expect(after).toBe(before);
  });

  it('with an Idempotency-Key: a repeat answers the first e-mail, 20 parallel repeats queue one; the key with another request is refused', async () => {
    const request = {
      idempotencyKey: 'booking-IMP-000202-1',
      to: ['c@example.com'],
      businessKey: 'IMP-000202',
      template: { name: 'booking-confirmation', data: bookingData('IMP-000202') },
    };
    const replies = await Promise.all(Array.from({ length: 20 }, () => send(request)));
    expect(new Set(replies.map((reply) => reply.id)).size).toBe(1);
    const rows = await n.adminQuery(`SELECT id FROM notification.mail WHERE business_key = 'IMP-000202'`);
    expect(rows).toEqual([{ id: replies[0]!.id }]);
    const reused = await remoteErrorOf(send({ ...request, to: ['someone-else@example.com'] }));
    expect(reused.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('notification.mail.byKey (staff read call)', () => {
  it('lists the e-mails of a business key, newest first, with their status, attempts and errors, without bodies', async () => {
    const first = await send({ to: ['c@example.com'], businessKey: 'IMP-000203', template: { name: 'booking-confirmation', data: bookingData('IMP-000203') } });
    const second = await send({ to: ['c@example.com'], businessKey: 'IMP-000203', template: { name: 'updated-data', data: bookingData('IMP-000203') } });
    await send({ to: ['c@example.com'], businessKey: 'IMP-000204', template: { name: 'updated-data', data: bookingData('IMP-000204') } });
    const reply = await until(async () => {
      const r = await n.client.request('notification.mail.byKey', {
        actor: headActor,
        params: { businessKey: 'IMP-000203' },
      });
      return r.mails.every((mail) => mail.status === 'sent') ? r : undefined;
    }, 'both sent');
    expect(reply.success).toBe(true);
    expect(reply.mails.map((mail) => [mail.id, mail.kind, mail.status, mail.attempts])).toEqual([
      [second.id, 'updated-data', 'sent', 1],
      [first.id, 'booking-confirmation', 'sent', 1],
    ]);
    expect(reply.mails[0]).toMatchObject({
      businessKey: 'IMP-000203',
      to: ['c@example.com'],
      subject: 'Shipment update: IMP-000203',
      lastError: null,
      nextAttemptAt: null,
    });
    expect(reply.mails[0]!.sentAt).toEqual(expect.any(String));
    expect(reply.mails[0]).not.toHaveProperty('html');
  });

  it('answers an empty list for a key without e-mails', async () => {
    const reply = await n.client.request('notification.mail.byKey', {
      actor: headActor,
      params: { businessKey: 'IMP-999999' },
    });
    expect(reply).toEqual({ success: true, mails: [] });
  });
});
