import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName } from '@freight/contracts';
import { connectTestNats, until } from '@freight/server-testing';
import { accountsQuery } from '../testing/accounts.js';
import { stackForFile, statusCounts, type Reply } from '../testing/gateway-stack.js';
import { jobBody, seedJobWorld, shipmentQuery, type JobWorld } from '../testing/shipments.js';

// Job and voucher numbers with two processes of the shipment service, and two of the accounts
// service, each pair on one database (ADR 28): the numbers must come from the counter row's lock,
// not from one process writing one group at a time. Every row records which process wrote it (the
// session's application_name: the replica's PGAPPNAME), so the test knows both wrote at once.
// The events of those creations, relayed by two outbox relays per service (ADR 21, 53): each one
// published once, as the wire and the stream see it; every outbox row records which relay sent it.
const shared = stackForFile();
const { call } = shared;
let world: JobWorld;
const CREATIONS = 300;
const REPLICA = 'replica';

type Writers = Record<string, number>;
const addJobs = (count: number, tag: string) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      call('POST', '/api/shipments/adminadd', {
        token: world.admin.token,
        body: jobBody('emma', { remarks: `${tag} ${i}`, direction: i % 2 ? 'Export' : 'Import' }),
      }),
    ),
  );
const addCredits = (count: number, tag: string) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      call('POST', '/api/credits/add', {
        token: world.head.token,
        body: { consigneeName: `${tag} payer ${i}`, paymentType: 'Cash', amount: '1.00', remarks: `${tag} ${i}` },
      }),
    ),
  );
const jobNumbers = (tag: string) =>
  shipmentQuery<{ n: number; by: string }>(shared, `SELECT job_number AS n, written_by AS by FROM shipment.job WHERE remarks LIKE $1 ORDER BY 1`, [`${tag} %`]);
const voucherNumbers = (tag: string) =>
  accountsQuery<{ n: number; by: string }>(shared, `SELECT credit_sr AS n, written_by AS by FROM accounts.credit WHERE remarks LIKE $1 ORDER BY 1`, [
    `${tag} %`,
  ]);
const queryOf = { shipment: shipmentQuery, accounts: accountsQuery } as const;
type Producer = keyof typeof queryOf;
const eventsOf = (service: Producer) => `${shared.stack.namespace}events.${service}.>`;
/** Every publish of the namespace's events with its Nats-Msg-Id, as the server passed it on: a plain subscription also sees a repeat the stream's duplicate window drops. */
const published: Record<Producer, string[]> = { shipment: [], accounts: [] };
/** The last outbox position of each service before the subscription started: every later row must be seen published. */
const before: Record<Producer, number> = { shipment: 0, accounts: 0 };
let admin: NatsConnection;

const writers = (rows: { by: string }[]) => rows.reduce<Writers>((counts, row) => ({ ...counts, [row.by]: (counts[row.by] ?? 0) + 1 }), {});
const consecutive = (before: number, count: number) => Array.from({ length: count }, (_, i) => before + i + 1);

/**
 * Until the replica takes its share of requests: "ready" is its health answer, and its other
 * subscriptions reach the queue group a moment later; small bursts until it wrote one row (on the
 * shared 2 cores at a load average of 25, 15 s after it was ready).
 */
const replicaServing = (send: (count: number, tag: string) => Promise<Reply[]>, rows: (tag: string) => Promise<{ by: string }[]>) =>
  until(
    async () => {
      await send(10, 'warm-up');
      return writers(await rows('warm-up'))[REPLICA] ? true : undefined;
    },
    'the replica to take requests',
    60_000,
  );

beforeAll(async () => {
  world = await seedJobWorld(shared);
  const writerColumn = (table: string) => `ALTER TABLE ${table} ADD COLUMN written_by text DEFAULT current_setting('application_name')`;
  admin = await connectTestNats('admin');
  for (const service of ['shipment', 'accounts'] as const) {
    admin.subscribe(eventsOf(service), { callback: (_, msg) => void published[service].push(msg.headers?.get('Nats-Msg-Id') ?? '(none)') });
    const query = (sql: string) => queryOf[service](shared, sql);
    await query(`ALTER TABLE ${service}.outbox ADD COLUMN sent_by text`);
    await query(
      `CREATE FUNCTION ${service}.outbox_sent_by() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.sent_by := current_setting('application_name'); RETURN NEW; END $$`,
    );
    await query(`CREATE TRIGGER outbox_sent_by BEFORE UPDATE OF sent_at ON ${service}.outbox FOR EACH ROW EXECUTE FUNCTION ${service}.outbox_sent_by()`);
  }
  await admin.flush(); // the subscriptions are in place: every row written from now on is seen published
  for (const service of ['shipment', 'accounts'] as const) {
    before[service] = (await queryOf[service]<{ n: number }>(shared, `SELECT coalesce(max(position), 0)::int AS n FROM ${service}.outbox`))[0]!.n;
  }
  await Promise.all([
    shared.stack.services.startReplica('shipment', { PGAPPNAME: REPLICA }),
    shared.stack.services.startReplica('accounts', { PGAPPNAME: REPLICA }),
    shipmentQuery(shared, writerColumn('shipment.job')),
    accountsQuery(shared, writerColumn('accounts.credit')),
    // A consignee of its own for every credit: a credit locks its consignee's row, which would queue
    // the credits of one consignee whatever the voucher counter does.
    accountsQuery(
      shared,
      `INSERT INTO accounts.consignee (id, name, from_directory)
       SELECT gen_random_uuid(), tag || ' payer ' || i, true FROM unnest(ARRAY['warm-up', 'replicas']) AS tag, generate_series(0, $1 - 1) AS i`,
      [CREATIONS],
    ),
  ]);
  await Promise.all([replicaServing(addJobs, jobNumbers), replicaServing(addCredits, voucherNumbers)]);
}, 120_000);

afterAll(() => admin?.close());

it('gives concurrent job creations through two shipment processes consecutive numbers: no gap, no duplicate', async () => {
  const before = (await call('POST', '/api/shipmentcounter/get', { token: world.head.token })).body.counter as number;
  const replies = await addJobs(CREATIONS, 'replicas');
  expect(statusCounts(replies)).toEqual({ 201: CREATIONS });
  const rows = await jobNumbers('replicas');
  expect(Object.keys(writers(rows)).length).toBe(2);
  expect(rows.map((row) => row.n)).toEqual(consecutive(before, CREATIONS));
  expect(replies.map((reply) => Number(reply.body.shipment.jobNo.slice(4))).sort((a, b) => a - b)).toEqual(consecutive(before, CREATIONS));
  expect((await call('POST', '/api/shipmentcounter/get', { token: world.head.token })).body.counter).toBe(before + CREATIONS);
});

it('gives concurrent credits through two accounts processes consecutive voucher numbers: no gap, no duplicate', async () => {
  const before = (await call('POST', '/api/vouchercounter/get', { token: world.head.token })).body.counter as number;
  const replies = await addCredits(CREATIONS, 'replicas');
  expect(statusCounts(replies)).toEqual({ 201: CREATIONS });
  const rows = await voucherNumbers('replicas');
  expect(Object.keys(writers(rows)).length).toBe(2);
  expect(rows.map((row) => row.n)).toEqual(consecutive(before, CREATIONS));
  expect(replies.map((reply) => reply.body.credit.credit_sr as number).sort((a, b) => a - b)).toEqual(consecutive(before, CREATIONS));
  expect((await call('POST', '/api/vouchercounter/get', { token: world.head.token })).body.counter).toBe(before + CREATIONS);
});

describe('two outbox relays per service, under those concurrent creations', () => {
  /** The namespace's events as the service's stream stored them: each message's Nats-Msg-Id. */
  async function stored(service: Producer): Promise<string[]> {
    const consumer = await jetstream(admin).consumers.get(eventStreamName(service), { filter_subjects: eventsOf(service) });
    const ids: string[] = [];
    for await (const msg of await consumer.consume()) {
      ids.push(msg.headers?.get('Nats-Msg-Id') ?? `#${msg.seq}`);
      if (msg.info.pending === 0) break;
    }
    return ids;
  }
  /** How many sequences the stream gave the namespace's subjects of the service. */
  async function sequences(service: Producer): Promise<number> {
    const info = await (await jetstreamManager(admin)).streams.info(eventStreamName(service), { subjects_filter: eventsOf(service) });
    return Object.values(info.state.subjects ?? {}).reduce((sum, count) => sum + count, 0);
  }
  const repeated = (ids: string[]) => [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  let senders = new Set<string | null>();

  it.each(['shipment', 'accounts'] as const)(
    'publish each %s event exactly once: both relays sent, nothing repeated on the wire or in the stream',
    async (service) => {
      const rows = await until(async () => {
        const all = await queryOf[service]<{ id: string; position: number; by: string | null; sent: boolean }>(
          shared,
          `SELECT id, position::int AS position, sent_by AS by, sent_at IS NOT NULL AS sent FROM ${service}.outbox ORDER BY position`,
        );
        return all.every((row) => row.sent) ? all : undefined;
      }, `every ${service} outbox row relayed`);
      const ids = rows.map((row) => row.id).sort();
      const later = rows.filter((row) => row.position > before[service]);
      expect(later.length).toBeGreaterThanOrEqual(CREATIONS);
      // Each row sent by one relay. Which one is not fixed: a relay woken while busy goes on at once and may keep the
      // turn while it has work (docs/adr/0061-events-keep-up.md), so a short burst can go through one relay alone.
      expect(later.filter((row) => row.by === null)).toEqual([]);
      if (service === 'shipment') senders = new Set(later.map((row) => row.by));

      // On the wire: every row written while the test listened was published once, none twice (not even a repeat the stream would drop).
      await until(async () => (later.every((row) => published[service].includes(row.id)) ? true : undefined), `every ${service} event seen published`);
      expect(repeated(published[service])).toEqual([]);
      expect(published[service].filter((id) => !ids.includes(id))).toEqual([]);
      // In the stream: one message per row, and as many sequences as rows.
      const inStream = await stored(service);
      expect(repeated(inStream)).toEqual([]);
      expect(inStream.sort()).toEqual(ids);
      expect(await sequences(service)).toBe(rows.length);
    },
  );

  it("had both of the shipment service's relays send (its burst is the longer: each job's events), locked against each other", () => {
    expect(senders.size).toBe(2);
  });
});
