// The outbox, its relay and the idempotent consumer against the real Postgres and NATS with
// JetStream (ADR 21). The relay publishes with the directory's own NATS identity, so these
// runs also prove that identity has what a relay needs.
import { randomBytes } from 'node:crypto';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, eventSubject } from '@freight/contracts';
import {
  DEFAULT_ACK_WAIT_MS,
  EventConsumer,
  OutboxRelay,
  type EventConsumerOptions,
  appendEvents,
  createOutboxTable,
  createProcessedEventsTable,
  serviceInboxPrefix,
  serviceDataSourceOptions,
  type ReceivedEvent,
} from '@freight/server-database';
import { DataSource, type EntityManager } from 'typeorm';
import { createTestDatabase, type TestDatabase } from './database.js';
import { connectTestNats, testNats, uniqueNamespace } from './nats.js';

const SERVICE = 'directory';
const namespace = uniqueNamespace();
const subject = eventSubject(SERVICE, 'parcel', 'created');
let db: TestDatabase;
let dataSource: DataSource;
let service: NatsConnection;
let admin: NatsConnection;
const started: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ service: SERVICE });
  dataSource = await new DataSource(serviceDataSourceOptions({ url: db.serviceUrl, schema: SERVICE, entities: [], migrations: [] })).initialize();
  const runner = dataSource.createQueryRunner();
  await createOutboxTable(runner, SERVICE);
  await createProcessedEventsTable(runner, SERVICE);
  await runner.query(`CREATE TABLE ${SERVICE}.parcel (label text PRIMARY KEY)`);
  // `position` is the order the consumer handled them in (one committed transaction after the
  // other); ctid is not: once vacuum frees the deleted rows' space, later rows may take it.
  await runner.query(`CREATE TABLE ${SERVICE}.handled (position bigint GENERATED ALWAYS AS IDENTITY, label text NOT NULL, message_id text NOT NULL)`);
  await runner.release();
  const nats = testNats();
  service = await connect({ servers: nats.url, user: SERVICE, pass: nats.passwords[SERVICE], inboxPrefix: serviceInboxPrefix(SERVICE) });
  admin = await connectTestNats('admin');
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(started.map((s) => s.stop()));
  await Promise.allSettled([service?.close(), admin?.close(), dataSource?.destroy()]);
  await db?.drop();
});

/** Adds a parcel and its event in one transaction; `fail` throws after both were written. */
async function addParcel(label: string, fail = false, eventSubjectOfParcel = subject): Promise<void> {
  await dataSource.transaction(async (tx) => {
    await tx.query(`INSERT INTO ${SERVICE}.parcel (label) VALUES ($1)`, [label]);
    await appendEvents(tx, [{ subject: eventSubjectOfParcel, payload: { key: label, after: { label } } }]);
    if (fail) throw new Error('changed my mind');
  });
}

const relay = (options: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) =>
  new OutboxRelay({ dataSource, service: SERVICE, nats: service, namespace, pollMs: 50, ...options });
const unsent = async () => (await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${SERVICE}.outbox WHERE sent_at IS NULL`))[0]!.n;
const handled = () => dataSource.query<{ label: string; message_id: string }[]>(`SELECT label, message_id FROM ${SERVICE}.handled ORDER BY position`);

/**
 * A durable consumer (admin identity) that records every parcel it handles in the handled table;
 * `failFirst` labels throw the first time they come.
 */
async function startConsumer(
  durable: string,
  stream = eventStreamName(SERVICE),
  filterSubject = `${namespace}${subject}`,
  failFirst: string[] = [],
): Promise<EventConsumer> {
  const failed = new Set<string>();
  const consumer = new EventConsumer({
    dataSource,
    nats: admin,
    stream,
    durable,
    filterSubject,
    retryDelayMs: 300,
    handle: async (tx, event) => {
      const label = (event.payload as { key: string }).key;
      if (failFirst.includes(label) && !failed.has(label)) {
        failed.add(label);
        throw new Error(`${label} fails once`);
      }
      await tx.query(`INSERT INTO ${SERVICE}.handled (label, message_id) VALUES ($1, $2)`, [label, event.messageId]);
    },
  });
  await consumer.start();
  started.push(consumer);
  return consumer;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const streamMessages = async (filter: string) => {
  const info = await (await jetstreamManager(admin)).streams.info(eventStreamName(SERVICE), { subjects_filter: filter });
  return Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
};

describe('the outbox', () => {
  it('holds the event exactly when the change commits: a rolled back change leaves none', async () => {
    await expect(addParcel('rolled-back', true)).rejects.toThrow('changed my mind');
    await addParcel('committed');
    const rows = await dataSource.query<{ payload: { key: string } }[]>(`SELECT payload FROM ${SERVICE}.outbox ORDER BY position`);
    expect(rows.map((row) => row.payload.key)).toEqual(['committed']);
  });
});

describe('the relay and an idempotent consumer', () => {
  it('publishes in order with the outbox id as Nats-Msg-Id and marks every row sent', async () => {
    const labels = Array.from({ length: 120 }, (_, i) => `ordered-${String(i).padStart(3, '0')}`);
    for (const label of labels) await addParcel(label);
    const r = relay();
    await expect(r.flush()).resolves.toBe(121); // the committed parcel of the first test too
    expect(await unsent()).toBe(0);
    await startConsumer(`${namespace.slice(0, -1)}_ordered`);
    await until(async () => (await handled()).length === 121, '121 handled events');
    const seen = await handled();
    expect(seen.map((row) => row.label)).toEqual(['committed', ...labels]);
    const ids = await dataSource.query<{ id: string }[]>(`SELECT id FROM ${SERVICE}.outbox ORDER BY position`);
    expect(seen.map((row) => row.message_id)).toEqual(ids.map((row) => row.id));
  });

  it('loses and repeats nothing when the relay dies between publish and mark-sent: JetStream drops the repeat, the consumer sees each event once', async () => {
    await dataSource.query(`DELETE FROM ${SERVICE}.handled`);
    const before = await streamMessages(`${namespace}${subject}`);
    const labels = ['crash-a', 'crash-b', 'crash-c'];
    for (const label of labels) await addParcel(label);

    // The first relay publishes, gets every ack, and dies before its commit.
    let published: string[] = [];
    const dying = relay({
      afterPublish: async (ids) => {
        published = ids;
        throw new Error('killed between publish and mark-sent');
      },
    });
    await expect(dying.flush()).rejects.toThrow('killed between publish and mark-sent');
    expect(published).toHaveLength(3);
    expect(await unsent()).toBe(3);
    expect(await streamMessages(`${namespace}${subject}`)).toBe(before + 3);

    // Its successor, started as the service would be (background loop, woken by NOTIFY), publishes them again.
    const successor = relay({ pollMs: 60_000 });
    successor.start();
    started.push(successor);
    await until(async () => (await unsent()) === 0, 'the successor to mark the rows sent');
    expect(await streamMessages(`${namespace}${subject}`)).toBe(before + 3);

    await startConsumer(`${namespace.slice(0, -1)}_crash`);
    await until(async () => (await handled()).some((row) => row.label === 'crash-c'), 'the consumer to reach crash-c');
    const seen = (await handled()).filter((row) => labels.includes(row.label));
    expect(seen.map((row) => row.label)).toEqual(labels);
    expect(seen.map((row) => row.message_id)).toEqual(published);

    // The relay is woken by the commit's NOTIFY, not by its (one-minute) poll.
    await addParcel('woken');
    await until(async () => (await unsent()) === 0, 'NOTIFY to wake the relay', 5_000);
  });

  it('handles an event that failed again before any later one: a copy never takes an older change over a newer one', async () => {
    const updated = eventSubject(SERVICE, 'parcel', 'updated');
    const labels = ['retry-a', 'retry-b', 'retry-c'];
    for (const label of labels) await addParcel(label, false, updated);
    const r = relay();
    r.start();
    started.push(r);
    await until(async () => (await unsent()) === 0, 'the relay to publish the retry events');
    await startConsumer(`${namespace.slice(0, -1)}_retry`, eventStreamName(SERVICE), `${namespace}${updated}`, ['retry-a']);
    await until(async () => (await handled()).some((row) => row.label === 'retry-c'), 'the consumer to reach retry-c');
    expect((await handled()).filter((row) => labels.includes(row.label)).map((row) => row.label)).toEqual(labels);
  });

  it("the stream's duplicate window drops a repeated Nats-Msg-Id", async () => {
    const js = jetstream(admin);
    const id = `dup-${randomBytes(4).toString('hex')}`;
    const first = await js.publish(`${namespace}${eventSubject(SERVICE, 'parcel', 'deleted')}`, '{}', { msgID: id });
    const repeat = await js.publish(`${namespace}${eventSubject(SERVICE, 'parcel', 'deleted')}`, '{}', { msgID: id });
    expect(first.duplicate).toBe(false);
    expect(repeat.duplicate).toBe(true);
    expect(repeat.seq).toBe(first.seq);
  });

  it('the consumer handles a message id once even when the stream kept it twice (published again after the window)', async () => {
    const jsm = await jetstreamManager(admin);
    const stream = `OUTBOX_TEST_${randomBytes(4).toString('hex')}`;
    const testSubject = `outboxtest.${stream}`;
    await jsm.streams.add({ name: stream, subjects: [testSubject], storage: StorageType.Memory, duplicate_window: nanos(200) });
    try {
      const js = jetstream(admin);
      const payload = JSON.stringify({ key: 'late-repeat' });
      await js.publish(testSubject, payload, { msgID: 'late-repeat-id' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const again = await js.publish(testSubject, payload, { msgID: 'late-repeat-id' });
      expect(again.duplicate).toBe(false);
      expect((await jsm.streams.info(stream)).state.messages).toBe(2);

      await startConsumer('late', stream, testSubject);
      await until(
        async () => (await jsm.consumers.info(stream, 'late')).num_ack_pending === 0 && (await jsm.consumers.info(stream, 'late')).num_pending === 0,
        'both deliveries acked',
      );
      expect((await handled()).filter((row) => row.label === 'late-repeat')).toEqual([{ label: 'late-repeat', message_id: 'late-repeat-id' }]);
    } finally {
      await jsm.streams.delete(stream);
    }
  });
});

describe("the consumer's ack wait", () => {
  /** A stream of its own per test, so its durables see only the test's messages. */
  async function withStream(run: (stream: string, testSubject: string) => Promise<void>): Promise<void> {
    const jsm = await jetstreamManager(admin);
    const stream = `ACKWAIT_TEST_${randomBytes(4).toString('hex')}`;
    const testSubject = `ackwaittest.${stream}`;
    await jsm.streams.add({ name: stream, subjects: [testSubject], storage: StorageType.Memory });
    try {
      await run(stream, testSubject);
    } finally {
      await jsm.streams.delete(stream);
    }
  }
  const publish = (testSubject: string, key: string) => jetstream(admin).publish(testSubject, JSON.stringify({ key }), { msgID: `${key}-id` });
  const record = (tx: EntityManager, event: ReceivedEvent) =>
    tx.query(`INSERT INTO ${SERVICE}.handled (label, message_id) VALUES ($1, $2)`, [(event.payload as { key: string }).key, event.messageId]);
  const handledOf = async (label: string) => (await handled()).filter((row) => row.label === label);
  const consumerOf = (stream: string, testSubject: string, durable: string, handle: EventConsumerOptions['handle'], more: Partial<EventConsumerOptions> = {}) =>
    new EventConsumer({ dataSource, nats: admin, stream, durable, filterSubject: testSubject, handle, ...more });

  it('keeps an event whose handler runs 3× the ack wait: heartbeats, one delivery, handled once', async () => {
    await withStream(async (stream, testSubject) => {
      const jsm = await jetstreamManager(admin);
      const ackWaitMs = 600;
      let calls = 0;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const consumer = consumerOf(
        stream,
        testSubject,
        'slow',
        async (tx, event) => {
          calls++;
          await released;
          await record(tx, event);
        },
        { ackWaitMs },
      );
      await consumer.start();
      started.push(consumer);
      expect((await jsm.consumers.info(stream, 'slow')).config.ack_wait).toBe(nanos(ackWaitMs));
      await publish(testSubject, 'slow-event');
      await until(async () => calls === 1, 'the slow handler to start', 5_000);
      // Still running after 3× the ack wait: no second delivery.
      await new Promise((resolve) => setTimeout(resolve, 3 * ackWaitMs));
      try {
        const during = await jsm.consumers.info(stream, 'slow');
        expect(during.num_ack_pending).toBe(1);
        expect(during.num_redelivered).toBe(0);
        expect(during.delivered.consumer_seq).toBe(1);
      } finally {
        release();
      }
      await until(async () => (await jsm.consumers.info(stream, 'slow')).num_ack_pending === 0, 'the slow event acked', 10_000);
      const after = await jsm.consumers.info(stream, 'slow');
      expect(after.delivered.consumer_seq).toBe(1);
      expect(calls).toBe(1);
      expect(await handledOf('slow-event')).toEqual([{ label: 'slow-event', message_id: 'slow-event-id' }]);
    });
  }, 30_000);

  it('gives the event of a consumer that died mid-handling to the next one after the default ack wait (5 s), not 30 s', async () => {
    await withStream(async (stream, testSubject) => {
      const dyingNats = await connectTestNats('admin');
      let diedAt = 0;
      const dying = consumerOf(
        stream,
        testSubject,
        'crash',
        async () => {
          // As a killed process: its connection goes without an ack or nak, its transaction rolls back.
          diedAt = Date.now();
          await dyingNats.close();
          throw new Error('killed mid-handling');
        },
        { nats: dyingNats },
      );
      await dying.start();
      await publish(testSubject, 'crash-event');
      await until(async () => diedAt > 0, 'the first consumer to die', 5_000);
      let handledAt = 0;
      const successor = consumerOf(stream, testSubject, 'crash', async (tx, event) => {
        await record(tx, event);
        handledAt = Date.now();
      });
      await successor.start();
      started.push(successor);
      await until(async () => handledAt > 0, 'the successor to handle the event', 20_000);
      const recoveryMs = handledAt - diedAt;
      console.log(`event of a dead consumer handled again after ${recoveryMs} ms (ack wait ${DEFAULT_ACK_WAIT_MS} ms)`);
      expect(DEFAULT_ACK_WAIT_MS).toBe(5000);
      // It waits out the ack wait (the server knows no better), then comes at once.
      expect(recoveryMs).toBeGreaterThanOrEqual(DEFAULT_ACK_WAIT_MS - 500);
      expect(recoveryMs).toBeLessThan(3 * DEFAULT_ACK_WAIT_MS);
      expect(await handledOf('crash-event')).toEqual([{ label: 'crash-event', message_id: 'crash-event-id' }]);
    });
  }, 30_000);

  it("gives a durable made with JetStream's default ack wait (30 s) the new one when it starts, keeping its place", async () => {
    await withStream(async (stream, testSubject) => {
      const jsm = await jetstreamManager(admin);
      // The durable as the consumer made it before, with one event handled and acked.
      await jsm.consumers.add(stream, {
        durable_name: 'upgraded',
        filter_subject: testSubject,
        ack_policy: AckPolicy.Explicit,
        max_ack_pending: 1,
        deliver_policy: DeliverPolicy.All,
      });
      expect((await jsm.consumers.info(stream, 'upgraded')).config.ack_wait).toBe(nanos(30_000));
      await publish(testSubject, 'before-upgrade');
      const old = await jetstream(admin).consumers.get(stream, 'upgraded');
      const first = await old.next({ expires: 5_000 });
      expect(first?.seq).toBe(1);
      await first!.ackAck();

      await publish(testSubject, 'after-upgrade');
      const labels: string[] = [];
      const consumer = consumerOf(stream, testSubject, 'upgraded', async (tx, event) => {
        labels.push((event.payload as { key: string }).key);
        await record(tx, event);
      });
      await consumer.start();
      started.push(consumer);
      expect((await jsm.consumers.info(stream, 'upgraded')).config.ack_wait).toBe(nanos(DEFAULT_ACK_WAIT_MS));
      await until(async () => labels.length === 1, 'the event after the upgrade', 5_000);
      expect(labels).toEqual(['after-upgrade']);
    });
  }, 30_000);
});
