import { serviceEntry } from '@freight/contracts';
import { NatsRpcClient } from '@freight/server';
import {
  builtEntry,
  createTestDatabase,
  natsHealthReady,
  spawnService,
  startSmtpSink,
  testNatsConfig,
  uniqueNamespace,
  until,
  type SmtpSink,
  type SpawnedService,
  type TestDatabase,
} from '@freight/server-testing';
import pg from 'pg';
import { bookingData, notificationEnv, startNotification, type NotificationHarness } from '../testing/notification-harness.js';

// The faults of issue 8 that must lose nothing, against a real SMTP server in this process.

const booking = (jobNumber: string, to = ['consignee@example.com']) => ({
  to,
  businessKey: jobNumber,
  template: { name: 'booking-confirmation' as const, data: bookingData(jobNumber) },
});

describe('with the service in this process', () => {
  let n: NotificationHarness;
  beforeAll(async () => {
    n = await startNotification();
  }, 60_000);
  afterAll(() => n?.close());
  const row = async (id: string) => (await n.adminQuery('SELECT status, attempts, last_error, sent_at FROM notification.mail WHERE id = $1', [id]))[0]!;

  it('SMTP down when the e-mail is accepted: it stays queued, retried with back-off, and is delivered once SMTP is back', async () => {
    await n.smtp.stop();
    try {
      const { id } = await n.client.request('notification.mail.send', booking('IMP-000301'));
      const waiting = await until(async () => {
        const r = await row(id);
        return r.attempts >= 2 ? r : undefined;
      }, 'two failed attempts');
      expect(waiting).toMatchObject({ status: expect.stringMatching(/^(queued|sending)$/), last_error: expect.stringMatching(/ECONNREFUSED/) });
    } finally {
      await n.smtp.start();
    }
    const received = await n.smtp.waitFor(1);
    expect(received.map((mail) => mail.subject)).toEqual(['Booking confirmation: IMP-000301']);
    const sent = await until(async () => {
      const r = (await n.adminQuery(`SELECT status, last_error FROM notification.mail WHERE business_key = 'IMP-000301'`))[0]!;
      return r.status === 'sent' ? r : undefined;
    }, 'sent');
    expect(sent).toEqual({ status: 'sent', last_error: null });
  });

  it('SMTP answers 550: failed at once with the server’s reason, tried once, no retry storm', async () => {
    n.smtp.refuse((address) => (address === 'nobody@example.com' ? { code: 550, message: 'No such user here' } : undefined));
    const { id } = await n.client.request('notification.mail.send', booking('IMP-000302', ['nobody@example.com']));
    const failed = await until(async () => {
      const r = await row(id);
      return r.status === 'failed' ? r : undefined;
    }, 'failed');
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringMatching(/^550 No such user here/) });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // several retry periods of this test's settings
    expect(n.smtp.recipientsTried.filter((address) => address === 'nobody@example.com')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    n.smtp.refuse(undefined);
  });

  it('one recipient of two refused (550): sent to the other, the refusal on record, not sent again', async () => {
    n.smtp.refuse((address) => (address === 'gone@example.com' ? { code: 550, message: 'No such user here' } : undefined));
    const before = n.smtp.received.length;
    const { id } = await n.client.request('notification.mail.send', booking('IMP-000303', ['gone@example.com', 'here@example.com']));
    const sent = await until(async () => {
      const r = await row(id);
      return r.status === 'sent' ? r : undefined;
    }, 'sent');
    expect(sent).toMatchObject({ attempts: 1, last_error: 'Refused recipients: gone@example.com' });
    expect(n.smtp.received.slice(before).map((mail) => mail.to)).toEqual([['here@example.com']]);
    n.smtp.refuse(undefined);
  });
});

describe('with the service as processes', () => {
  const entry = builtEntry(serviceEntry('notification'), serviceEntry('notification').entry);
  let db: TestDatabase;
  let smtp: SmtpSink;
  let client: NatsRpcClient;
  let namespace: string;
  const processes: SpawnedService[] = [];
  let admin: pg.Pool;

  beforeEach(async () => {
    namespace = uniqueNamespace();
    db = await createTestDatabase({ service: 'notification' });
    smtp = await startSmtpSink();
    client = new NatsRpcClient(testNatsConfig(namespace), 'notification-faults');
    admin = new pg.Pool({ connectionString: db.adminUrl, max: 2 });
  });
  afterEach(async () => {
    await Promise.allSettled(processes.splice(0).map((p) => p.stop()));
    await Promise.allSettled([client.close(), admin.end(), smtp.stop()]);
    await db.drop();
  });

  const start = async (overrides: Record<string, string | number> = {}) => {
    const child = await spawnService({
      entry,
      env: notificationEnv(namespace, db.serviceUrl, smtp, overrides),
      ready: natsHealthReady('notification', testNatsConfig(namespace)),
      name: 'notification',
    });
    processes.push(child);
    return child;
  };
  const sendAll = (count: number, prefix: string) =>
    Promise.all(Array.from({ length: count }, (_, i) => client.request('notification.mail.send', booking(`${prefix}-${String(i).padStart(4, '0')}`))));
  const statuses = async () =>
    (await admin.query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM notification.mail GROUP BY status')).rows;
  /** Every row sent, and what SMTP received is exactly those rows, each at least once; answers how many came twice. */
  const checkDelivered = async (ids: string[]) => {
    await until(async () => ((await statuses()).every((s) => s.status === 'sent') ? true : undefined), 'every e-mail sent', 60_000);
    const received = smtp.received.map((mail) => mail.messageId);
    expect(new Set(received)).toEqual(new Set(ids.map((id) => `<${id}@notification.freight>`)));
    return received.length - ids.length;
  };

  it('SIGKILL in the middle of a batch of 200: after a restart every e-mail is delivered; the only repeats are the e-mails in flight at the kill', async () => {
    const CONNECTIONS = 4;
    const settings = { MAIL_SMTP_CONNECTIONS: CONNECTIONS, MAIL_LEASE_MS: 1000 };
    smtp.slowDown(15);
    const first = await start(settings);
    const ids = (await sendAll(200, 'KILL')).map((reply) => reply.id);
    await smtp.waitFor(60);
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const beforeRestart = smtp.received.length;
    expect(beforeRestart).toBeLessThan(200);
    smtp.slowDown(0);
    await start(settings);
    const twice = await checkDelivered(ids);
    // What SMTP accepted but the dead process had not recorded yet: at most one e-mail per connection,
    // since a connection takes its next e-mail only once the last outcome is committed (ADR 27).
    expect(twice).toBeGreaterThanOrEqual(0);
    expect(twice).toBeLessThanOrEqual(CONNECTIONS);
    console.log(`SIGKILL after ${beforeRestart} of 200 delivered: ${twice} sent twice (at most ${CONNECTIONS}, one per SMTP connection)`);
  });

  it('a sender stopped (SIGTERM) gives back what it claimed and has not sent: queued at once, delivered by the next, none twice', async () => {
    smtp.slowDown(50);
    const first = await start({ MAIL_SMTP_CONNECTIONS: 1 });
    const ids = (await sendAll(30, 'STOP')).map((reply) => reply.id);
    await smtp.waitFor(2);
    await first.stop();
    const left = await statuses();
    expect(left.find((s) => s.status === 'sending')).toBeUndefined();
    expect(left.find((s) => s.status === 'queued')?.count).toBeGreaterThan(0);
    smtp.slowDown(0);
    await start({ MAIL_SMTP_CONNECTIONS: 1 });
    expect(await checkDelivered(ids)).toBe(0);
  });

  it('two replicas on one queue: both take requests and both send, every e-mail sent exactly once', async () => {
    await Promise.all([start({ PGAPPNAME: 'first' }), start({ PGAPPNAME: 'second' })]);
    // Which process queued each e-mail and which sent it (the session's application_name, each replica's PGAPPNAME).
    await admin.query(`ALTER TABLE notification.mail ADD COLUMN written_by text DEFAULT current_setting('application_name'), ADD COLUMN sent_by text`);
    await admin.query(
      `CREATE FUNCTION notification.mail_sent_by() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.sent_by := current_setting('application_name'); RETURN NEW; END $$`,
    );
    await admin.query(
      `CREATE TRIGGER mail_sent_by BEFORE UPDATE ON notification.mail FOR EACH ROW WHEN (NEW.status = 'sent') EXECUTE FUNCTION notification.mail_sent_by()`,
    );
    // Either replica answers the other's health probe (one queue group), so one may not have subscribed yet: a request
    // at a time until both have queued one.
    const writers = async () => (await admin.query<{ by: string }>(`SELECT DISTINCT written_by AS by FROM notification.mail`)).rows.length;
    const warm: string[] = [];
    for (let i = 0; (await writers()) < 2 && i < 100; i++) warm.push(...(await sendAll(1, `WARM${i}`)).map((reply) => reply.id));
    const ids = (await sendAll(300, 'TWO')).map((reply) => reply.id);
    const twice = await checkDelivered([...warm, ...ids]);
    expect(twice).toBe(0);
    const by = async (column: string) =>
      (
        await admin.query<{ by: string; count: number }>(
          `SELECT ${column} AS by, count(*)::int AS count FROM notification.mail WHERE id = ANY($1) GROUP BY 1 ORDER BY 1`,
          [ids],
        )
      ).rows;
    expect((await by('written_by')).map((row) => row.by)).toEqual(['first', 'second']);
    expect((await by('sent_by')).map((row) => row.by)).toEqual(['first', 'second']);
  });
});
