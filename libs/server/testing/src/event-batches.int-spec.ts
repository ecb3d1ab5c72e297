// The idempotent consumer's batches and turns (docs/adr/0061-events-keep-up.md) against the real
// Postgres and NATS with JetStream: events applied many to a transaction, one replica at a time,
// in stream order, after a crash too.
import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EventConsumer, createProcessedEventsTable, serviceDataSourceOptions, type EventConsumerOptions } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startNatsCluster, type NatsCluster } from './nats-cluster.js';
import { connectTestNats } from './nats.js';
import { until } from './until.js';

const SCHEMA = 'directory';
let db: TestDatabase;
let dataSource: DataSource;
let admin: NatsConnection;
const started: { stop(): Promise<void> }[] = [];
const streams: string[] = [];
/** The replicas' own connections. */
const connections: NatsConnection[] = [];
const replicaNats = async () => {
  const nats = await connectTestNats('admin');
  connections.push(nats);
  return nats;
};

beforeAll(async () => {
  db = await createTestDatabase({ service: SCHEMA });
  dataSource = await new DataSource(serviceDataSourceOptions({ url: db.serviceUrl, schema: SCHEMA, entities: [], migrations: [] })).initialize();
  const runner = dataSource.createQueryRunner();
  await createProcessedEventsTable(runner, SCHEMA);
  // What each consumer applied, in the order it committed (`position`), with its transaction and who applied it.
  await runner.query(`CREATE TABLE ${SCHEMA}.applied (
    position bigint GENERATED ALWAYS AS IDENTITY, n int NOT NULL, by text NOT NULL, tx bigint NOT NULL DEFAULT txid_current())`);
  // A copy kept by the events: each record's last value.
  await runner.query(`CREATE TABLE ${SCHEMA}.record (id int PRIMARY KEY, value int NOT NULL)`);
  await runner.release();
  admin = await connectTestNats('admin');
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(started.map((s) => s.stop()));
  const jsm = await jetstreamManager(admin);
  await Promise.allSettled(streams.map((stream) => jsm.streams.delete(stream)));
  await Promise.allSettled([admin?.close(), ...connections.map((nats) => nats.close()), dataSource?.destroy()]);
  await db?.drop();
});

/** A stream of its own per test, and a function publishing `{n, id}` events to it. */
async function newStream(): Promise<{ stream: string; subject: string; publish: (n: number, id?: number) => Promise<unknown> }> {
  const stream = `BATCHES_TEST_${randomBytes(4).toString('hex')}`;
  const subject = `batchestest.${stream}`;
  await (await jetstreamManager(admin)).streams.add({ name: stream, subjects: [subject], storage: StorageType.Memory });
  streams.push(stream);
  const js = jetstream(admin);
  return { stream, subject, publish: (n, id = n) => js.publish(subject, JSON.stringify({ n, id }), { msgID: `${stream}-${n}` }) };
}

/** A consumer of the durable that records each event (`by` names it) and keeps the record copy. */
async function consumer(
  stream: string,
  subject: string,
  by: string,
  more: Partial<EventConsumerOptions> & { nats?: NatsConnection } = {},
): Promise<EventConsumer> {
  const c = new EventConsumer({
    dataSource,
    nats: admin,
    stream,
    durable: 'copy',
    filterSubject: subject,
    handle: async (tx, event) => {
      const { n, id } = event.payload as { n: number; id: number };
      await tx.query(`INSERT INTO ${SCHEMA}.applied (n, by) VALUES ($1, $2)`, [n, by]);
      await tx.query(`INSERT INTO ${SCHEMA}.record (id, value) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET value = excluded.value`, [id, n]);
    },
    ...more,
  });
  await c.start();
  started.push(c);
  return c;
}

const applied = async (from: number, to: number) =>
  dataSource.query<{ n: number; by: string; tx: string }[]>(`SELECT n, by, tx FROM ${SCHEMA}.applied WHERE n BETWEEN $1 AND $2 ORDER BY position`, [from, to]);
const appliedAll = (from: number, to: number) =>
  until(async () => {
    const rows = await applied(from, to);
    return rows.length >= to - from + 1 ? rows : undefined;
  }, `events ${from}–${to} applied`);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('a durable consumer', () => {
  it('applies a burst of events many to a transaction, each once, in stream order', async () => {
    const { stream, subject, publish } = await newStream();
    await Promise.all(range(1, 300).map((n) => publish(n)));
    await consumer(stream, subject, 'only');
    const rows = await appliedAll(1, 300);
    expect(rows.map((row) => row.n)).toEqual(range(1, 300));
    // Ten events a transaction at least, on average (one each before).
    expect(new Set(rows.map((row) => row.tx)).size).toBeLessThanOrEqual(30);
  });

  it('with two replicas on one durable, one applies at a time: the copy takes every change in stream order', async () => {
    const { stream, subject, publish } = await newStream();
    // Two replicas, each with a connection of its own, then 600 changes of 5 records while both run.
    await consumer(stream, subject, 'first', { nats: await replicaNats() });
    await consumer(stream, subject, 'second', { nats: await replicaNats() });
    for (let n = 1001; n <= 1600; n += 50) await Promise.all(range(n, n + 49).map((k) => publish(k, k % 5)));
    const rows = await appliedAll(1001, 1600);
    expect(rows.map((row) => row.n)).toEqual(range(1001, 1600));
    expect(new Set(rows.map((row) => row.by)).size).toBe(1);
    const records = await dataSource.query<{ id: number; value: number }[]>(`SELECT id, value FROM ${SCHEMA}.record WHERE id < 5 ORDER BY id`);
    expect(records).toEqual(range(0, 4).map((id) => ({ id, value: 1595 + (id === 0 ? 5 : id) })));
  });

  it('leaves no event of a burst waiting in hand: every event is delivered once, none again after its ack wait', async () => {
    const { stream, subject, publish } = await newStream();
    await consumer(stream, subject, 'bursts', { ackWaitMs: 1000 });
    let n = 2000;
    for (const size of [1, 7, 50, 3, 120, 2, 64, 1, 30, 9]) {
      await Promise.all(range(n + 1, n + size).map((k) => publish(k)));
      n += size;
      await appliedAll(2001, n);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500)); // an ack wait: any event held in hand would come again
    const info = await (await jetstreamManager(admin)).consumers.info(stream, 'copy');
    expect(info.delivered.consumer_seq).toBe(n - 2000);
    expect(info.num_ack_pending).toBe(0);
    expect((await applied(2001, n)).map((row) => row.n)).toEqual(range(2001, n));
  });

  it("holds every durable's turn of one data source on one connection of its pool, and applies each durable's events", async () => {
    const streams = await Promise.all([newStream(), newStream(), newStream()]);
    for (const [i, { stream, subject }] of streams.entries()) await consumer(stream, subject, `durable-${i}`);
    await Promise.all(streams.map(({ publish }, i) => Promise.all(range(4001 + i * 100, 4050 + i * 100).map((k) => publish(k)))));
    for (const i of [0, 1, 2]) await appliedAll(4001 + i * 100, 4050 + i * 100);
    // The turns are advisory locks; every consumer started in this file holds its own, all in one session.
    const holders = await dataSource.query<{ pid: number }[]>(
      `SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(holders).toHaveLength(1);
  });

  it('taking over from a consumer that died holding events, waits for them: none is applied after a later one', async () => {
    const { stream, subject, publish } = await newStream();
    const dyingNats = await replicaNats();
    // The first consumer dies (its connection gone, nothing acked) while it applies its first batch.
    await consumer(stream, subject, 'dying', {
      nats: dyingNats,
      handle: async () => {
        await dyingNats.close();
        throw new Error('killed mid-batch');
      },
    });
    await Promise.all(range(3001, 3040).map((k) => publish(k, 10 + (k % 3))));
    await until(async () => (dyingNats.isClosed() ? true : undefined), 'the first consumer to die');
    // Later changes of the same records, then the next replica.
    await Promise.all(range(3041, 3080).map((k) => publish(k, 10 + (k % 3))));
    await consumer(stream, subject, 'next');
    const rows = await appliedAll(3001, 3080);
    expect(rows.map((row) => row.n)).toEqual(range(3001, 3080));
    const records = await dataSource.query<{ id: number; value: number }[]>(`SELECT id, value FROM ${SCHEMA}.record WHERE id BETWEEN 10 AND 12 ORDER BY id`);
    expect(records).toEqual([
      { id: 10, value: 3078 },
      { id: 11, value: 3079 },
      { id: 12, value: 3080 },
    ]);
  }, 30_000);
});

describe('a durable consumer in a NATS cluster', () => {
  let cluster: NatsCluster | undefined;
  let nats: NatsConnection | undefined;

  afterAll(async () => {
    await Promise.allSettled(started.splice(0).map((s) => s.stop()));
    await nats?.close();
    await cluster?.stop();
  }, 30_000);

  // The durable's leader moves (a node restarted, a new election) and the pull the consumer left
  // on the old leader is gone with it: the consumer must ask again soon, not after JetStream's
  // default 30 s of missed heartbeats, or every copy of the service stays stale meanwhile.
  it('goes on within seconds when its durable gets a new leader', async () => {
    cluster = await startNatsCluster({ size: 3 });
    nats = await connect({ servers: cluster.url.split(','), name: 'leader-test' });
    const stream = `LEADER_TEST_${randomBytes(4).toString('hex')}`;
    const subject = `leadertest.${stream}`;
    await (await jetstreamManager(nats)).streams.add({ name: stream, subjects: [subject], num_replicas: 3 });
    const js = jetstream(nats);
    const publish = (n: number) => js.publish(subject, JSON.stringify({ n, id: n }), { msgID: `${stream}-${n}` });
    await consumer(stream, subject, 'cluster', { nats });
    await publish(5001);
    await appliedAll(5001, 5001);
    for (const [round, n] of [5002, 5003, 5004].entries()) {
      const before = (await (await jetstreamManager(nats)).consumers.info(stream, 'copy')).cluster?.leader;
      const answer = (await nats.request(`$JS.API.CONSUMER.LEADER.STEPDOWN.${stream}.copy`)).json<{ success?: boolean }>();
      expect(answer).toMatchObject({ success: true });
      await until(async () => {
        const leader = (await (await jetstreamManager(nats!)).consumers.info(stream, 'copy').catch(() => undefined))?.cluster?.leader;
        return leader && leader !== before ? leader : undefined;
      }, `round ${round}: a new leader of the durable`);
      await publish(n);
      await until(async () => ((await applied(n, n)).length ? true : undefined), `event ${n} applied after the leader moved`, 15_000);
    }
  }, 90_000);
});
