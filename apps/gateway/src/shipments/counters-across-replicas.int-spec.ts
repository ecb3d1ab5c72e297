import { until } from '@freight/server-testing';
import { accountsQuery } from '../testing/accounts.js';
import { stackForFile, statusCounts, type Reply } from '../testing/gateway-stack.js';
import { jobBody, seedJobWorld, shipmentQuery, type JobWorld } from '../testing/shipments.js';

// Job and voucher numbers with two processes of the shipment service, and two of the accounts
// service, each pair on one database (ADR 28): the numbers must come from the counter row's lock,
// not from one process writing one group at a time. Every row records which process wrote it (the
// session's application_name: the replica's PGAPPNAME), so the test knows both wrote at once.
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
const writers = (rows: { by: string }[]) => rows.reduce<Writers>((counts, row) => ({ ...counts, [row.by]: (counts[row.by] ?? 0) + 1 }), {});
const consecutive = (before: number, count: number) => Array.from({ length: count }, (_, i) => before + i + 1);

/**
 * Until the replica takes its share of requests: "ready" is its health answer, and its other
 * subscriptions reach the queue group a moment later; small bursts until it wrote one row.
 */
const replicaServing = (send: (count: number, tag: string) => Promise<Reply[]>, rows: (tag: string) => Promise<{ by: string }[]>) =>
  until(async () => {
    await send(10, 'warm-up');
    return writers(await rows('warm-up'))[REPLICA] ? true : undefined;
  }, 'the replica to take requests');

beforeAll(async () => {
  world = await seedJobWorld(shared);
  const writerColumn = (table: string) => `ALTER TABLE ${table} ADD COLUMN written_by text DEFAULT current_setting('application_name')`;
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
