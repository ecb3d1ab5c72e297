import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, type ServiceName } from '@freight/contracts';
import { builtEntry, connectTestNats, natsHealthReady, newConsignee, spawnService, testNatsConfig, until, type SpawnedService } from '@freight/server-testing';
import { stackForFile, statusCounts } from '../testing/gateway-stack.js';
import { PAYER, accountsQuery, balanceOf, invoice, pay, payerJobs, seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';

/*
 * The accounts service's events, both ways (ADR 21, 34): an event of the directory or the shipment
 * service that arrives twice changes nothing the second time; the service killed between a credit
 * and its event loses none and doubles none (the outbox publishes after a restart, under the same
 * message id).
 */
const shared = stackForFile();
const { call } = shared;
let world: AccountsWorld;
let admin: NatsConnection;
let restarted: SpawnedService | undefined;
const head = () => ({ token: shared.head.token });

beforeAll(async () => {
  world = await seedAccountsWorld(shared);
  admin = await connectTestNats('admin');
}, 120_000);

afterAll(async () => {
  await restarted?.stop();
  await admin?.close();
});

/** Every event of this test's namespace on `producer`'s stream under `subject` (without the namespace), as stored. */
async function storedEvents(producer: ServiceName, subject: string): Promise<JsMsg[]> {
  const stream = eventStreamName(producer);
  const name = `${shared.stack.namespace.slice(0, -1)}_${producer}_${Math.random().toString(36).slice(2, 8)}`;
  const jsm = await jetstreamManager(admin);
  const filter = `${shared.stack.namespace}${subject}`;
  const { state } = await jsm.streams.info(stream, { subjects_filter: filter });
  const total = Object.values(state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
  await jsm.consumers.add(stream, { durable_name: name, filter_subject: filter, ack_policy: AckPolicy.None });
  try {
    const consumer = await jetstream(admin).consumers.get(stream, name);
    const messages: JsMsg[] = [];
    while (messages.length < total) {
      const msg = await consumer.next({ expires: 5000 });
      if (!msg) break;
      messages.push(msg);
    }
    return messages;
  } finally {
    await jsm.consumers.delete(stream, name);
  }
}

/** The accounts copy's state that an event could change. */
const snapshot = async () => ({
  consignees: await accountsQuery(
    shared,
    `SELECT id, name, opening_balance::text, total_debit::text, total_credit::text, deleted_at FROM accounts.consignee ORDER BY id`,
  ),
  jobs: await accountsQuery(
    shared,
    `SELECT job_no, consignee_id, origin_port, shipper_name, bl_no, container_no, deleted_at FROM accounts.job ORDER BY job_no`,
  ),
  ledger: await accountsQuery(shared, `SELECT id, kind, amount::text FROM accounts.ledger ORDER BY id`),
});

/** Until the accounts service has handled the event with this message id. */
const handled = (messageId: string) =>
  until(
    async () => ((await accountsQuery(shared, `SELECT 1 FROM accounts.processed_events WHERE message_id = $1`, [messageId])).length ? true : undefined),
    `event ${messageId}`,
  );

describe('events that arrive twice', () => {
  it('a consignee opening balance change and a job event, each delivered again, change nothing the second time', async () => {
    const [job] = await payerJobs(shared, world, 1);
    // A change of the payer's opening balance in the directory: one ledger row moves the balance by the difference.
    const edit = await call('PUT', `/api/consignees/update/${world.payerId}`, {
      ...head(),
      body: { updateData: { ...newConsignee(PAYER.username), password: '', openingBalance: '1500.00' } },
    });
    expect(edit.status).toBe(200);
    await until(async () => ((await balanceOf(shared, world.payerId)) === '1500.00' ? true : undefined), 'the new opening balance');
    const before = await snapshot();
    expect(before.ledger.slice(-1)).toEqual([expect.objectContaining({ kind: 'opening balance', amount: '499.50' })]);

    const js = jetstream(admin);
    const again = [
      ...(await storedEvents('directory', 'events.directory.consignee.updated')).slice(-1),
      ...(await storedEvents('shipment', 'events.shipment.job.created')).filter((msg) => (msg.json() as { jobNo: string }).jobNo === job!.jobNo),
    ];
    expect(again).toHaveLength(2);
    for (const msg of again) {
      // The same message id: the stream itself drops it (its duplicate window).
      const same = await js.publish(msg.subject, msg.data, { msgID: msg.headers!.get('Nats-Msg-Id') });
      expect(same.duplicate).toBe(true);
      // A repeat that got past the stream (published again later, under another id): the copy applies it, and nothing changes.
      const id = crypto.randomUUID();
      await js.publish(msg.subject, msg.data, { msgID: id });
      await handled(id);
    }
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});

describe('a consignee renamed in the directory', () => {
  it('shows the new name on its invoices and credits, and is named by it from then on', async () => {
    const [job] = await payerJobs(shared, world, 1);
    await invoice(shared, job!.jobNo, { invoiceNo: 'INV-RN', invoiceAmount: '5.00', invoiceDate: '2026-11-26' });
    const paid = await pay(shared, { consigneeName: PAYER.name, paymentType: 'Cash', amount: '1.00' });
    const renamed = 'Consignee payer and sons';
    const edit = await call('PUT', `/api/consignees/update/${world.payerId}`, {
      ...head(),
      body: { updateData: { ...newConsignee(PAYER.username), consigneeName: renamed, password: '' } },
    });
    expect(edit.status).toBe(200);
    const credit = await until(async () => {
      const reply = await call('GET', `/api/credits/${paid._id}`, head());
      return reply.body.credit.consigneeName.consigneeName === renamed ? reply.body.credit : undefined;
    }, 'the new name on the credit');
    expect(credit.consigneeName._id).toBe(world.payerId);
    const invoices = await call(
      'GET',
      `/api/shipments/invoicedshipments?consigneeName=${encodeURIComponent(renamed)}&q=${encodeURIComponent('and sons')}`,
      head(),
    );
    expect(invoices.body.results.map((row: { jobNo: string; consignee: string }) => [row.jobNo, row.consignee])).toEqual([[job!.jobNo, renamed]]);
    expect((await call('POST', '/api/credits/add', { ...head(), body: { consigneeName: PAYER.name, paymentType: 'Cash', amount: '1.00' } })).status).toBe(400);
    // Back to the name the other tests use.
    await call('PUT', `/api/consignees/update/${world.payerId}`, { ...head(), body: { updateData: { ...newConsignee(PAYER.username), password: '' } } });
    await until(
      async () => ((await call('GET', `/api/accounts/balance/${world.payerId}`, head())).body.balance.consigneeName === PAYER.name ? true : undefined),
      'the name back',
    );
  }, 60_000);
});

describe('the service killed between a credit and its event', () => {
  it('loses no credit event and publishes none twice; balance and ledger stay exact', async () => {
    const accounts = shared.stack.services.byName.accounts;
    const startBalance = await balanceOf(shared, world.payerId);
    let done = 0;
    const sends = Array.from({ length: 40 }, () =>
      call('POST', '/api/credits/add', { ...head(), body: { consigneeName: PAYER.name, paymentType: 'Cash', amount: '2.00' } }).finally(() => done++),
    );
    // Killed once 10 credits are answered: the last ones' events may be unsent, others mid-transaction.
    await until(async () => (done >= 10 ? true : undefined), '10 credits answered', 30_000, 1);
    accounts.process.process.kill('SIGKILL');
    const replies = await Promise.all(sends);
    const unsentAtKill = await accountsQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM accounts.outbox WHERE sent_at IS NULL`);
    restarted = await spawnService({
      entry: builtEntry(accounts.entry, accounts.entry.entry),
      env: accounts.env,
      ready: natsHealthReady('accounts', testNatsConfig(shared.stack.namespace)),
      name: 'accounts (restarted)',
    });
    await until(
      async () =>
        (await accountsQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM accounts.outbox WHERE sent_at IS NULL`))[0]!.n === 0 ? true : undefined,
      'the outbox to be published',
    );

    const credits = await accountsQuery<{ id: string }>(shared, `SELECT id::text FROM accounts.credit WHERE deleted_at IS NULL AND amount = 2.00`);
    const answered = replies.filter((reply) => reply.status === 201).map((reply) => reply.body.credit._id as string);
    // Every credit answered is there; one that failed at the kill may be there too (its commit beat the kill), never half.
    expect(credits.map((c) => c.id)).toEqual(expect.arrayContaining(answered));
    const events = await storedEvents('accounts', 'events.accounts.credit.created');
    // This test's credits are the ones of 2.00.
    const keys = events
      .map((msg) => msg.json() as { key: string; after: { amount: string } })
      .filter((e) => e.after.amount === '2.00')
      .map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(credits.map((c) => c.id).sort());
    const ledger = await accountsQuery(shared, `SELECT credit_id FROM accounts.ledger WHERE kind = 'credit' AND credit_id = ANY($1::uuid[])`, [
      credits.map((c) => c.id),
    ]);
    expect(ledger).toHaveLength(credits.length);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    expect(cents(await balanceOf(shared, world.payerId))).toBe(cents(startBalance) - 200n * BigInt(credits.length));
    console.log(
      `killed after 10 credits: ${answered.length} of 40 answered 201 (${JSON.stringify(statusCounts(replies))}), ${credits.length} committed, ` +
        `${unsentAtKill[0]!.n} events unsent at the kill; ${keys.length} published after the restart, none twice`,
    );
  }, 120_000);
});
