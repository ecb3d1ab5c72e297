// The directory's events (ADR 21): every change of a branch, a user, a consignee or a shipper, written in the change's
// transaction and relayed to its JetStream stream; a refused change writes none; no password
// hash ever leaves in an event.
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { branches, consignees, eventStreamName, shippers, users, type ChangeEvent, type UserCreate } from '@freight/contracts';
import { connectTestNats, until } from '@freight/server-testing';
import { errorOf, headActor as actor, startDirectory, type DirectoryHarness } from './testing/directory-harness.js';

/** Who made the changes, as the master-data events name them. */
const by = { id: actor.id, username: actor.username };

let h: DirectoryHarness;
let admin: NatsConnection;

beforeAll(async () => {
  h = await startDirectory({ pollMs: 50 });
  admin = await connectTestNats('admin');
}, 60_000);
afterAll(async () => {
  await admin?.close();
  await h?.close();
});

const newUser = (over: Partial<UserCreate> = {}): UserCreate => ({
  fullName: 'Kamal Silva',
  username: 'kamal',
  email: 'kamal@example.com',
  password: 'correct-horse-7',
  branchCity: 'Galle',
  contact: '+94 77 765 4321',
  role: 'Employee',
  department: 'Export',
  ...over,
});

/** The next `count` events of this test's namespace on the directory's stream, as published. */
async function published(count: number): Promise<{ subject: string; payload: ChangeEvent<Record<string, unknown>> }[]> {
  const stream = eventStreamName('directory');
  const name = `${h.config.NATS_NAMESPACE.slice(0, -1)}_reader`;
  const filter_subject = `${h.config.NATS_NAMESPACE}events.directory.>`;
  await (
    await jetstreamManager(admin)
  ).consumers.add(stream, { durable_name: name, filter_subject, ack_policy: AckPolicy.None, inactive_threshold: 60_000_000_000 });
  const consumer = await jetstream(admin).consumers.get(stream, name);
  const events: { subject: string; payload: ChangeEvent<Record<string, unknown>> }[] = [];
  while (events.length < count) {
    const msg = await consumer.next({ expires: 10_000 });
    if (!msg) throw new Error(`Only ${events.length} of ${count} events were published`);
    events.push({ subject: msg.subject.slice(h.config.NATS_NAMESPACE.length), payload: msg.json() });
  }
  return events;
}

describe('directory events', () => {
  it('are published for every change of a branch and a user, in order, with the old key and the records before and after', async () => {
    const B = branches.subjects;
    const U = users.subjects;
    const galle = { BranchCity: 'Galle', Location: 'Fort, Galle', Contact: '+94 91 222 3333', Code: 'GAL' };
    await h.client.request(B.add, { actor, body: galle });
    const { user } = await h.client.request(U.add, { actor, body: newUser() });
    const { password: _password, username: _username, ...rest } = newUser();
    await h.client.request(U.update, {
      actor,
      query: { term: 'kamal', updateterm: 'kamal.silva' },
      body: { ...rest, username: 'kamal.silva', password: 'another-horse-9' },
    });
    await h.client.request(U.delete, { actor, params: { username: 'kamal.silva' } });
    await h.client.request(B.update, { actor, params: { BranchCity: 'Galle' }, body: { ...galle, Location: 'Lighthouse St, Galle' } });
    await h.client.request(B.delete, { actor, params: { BranchCity: 'Galle' } });

    const events = await published(6);
    expect(events.map((e) => e.subject)).toEqual([
      'events.directory.branch.created',
      'events.directory.user.created',
      'events.directory.user.updated',
      'events.directory.user.deleted',
      'events.directory.branch.updated',
      'events.directory.branch.deleted',
    ]);
    expect(events[0]!.payload).toEqual({ key: 'Galle', after: { _id: expect.any(String), ...galle }, by });
    expect(events[1]!.payload).toEqual({ key: 'kamal', after: user });
    // A rename: the key is the old username, so a copy elsewhere finds the row it renames.
    expect(events[2]!.payload).toEqual({ key: 'kamal', before: user, after: { ...user, username: 'kamal.silva' } });
    expect(events[3]!.payload).toEqual({ key: 'kamal.silva', before: { ...user, username: 'kamal.silva' } });
    expect(events[4]!.payload).toMatchObject({ key: 'Galle', before: { Location: 'Fort, Galle' }, after: { Location: 'Lighthouse St, Galle' } });
    expect(events[5]!.payload).toMatchObject({ key: 'Galle', before: { BranchCity: 'Galle' } });
    // Neither the password nor its hash travels.
    const stored = await h.adminQuery<{ payload: unknown }>('SELECT payload FROM directory.outbox');
    expect(JSON.stringify([events, stored])).not.toMatch(/password|argon|horse/i);
    // The relay marks its rows sent once the stream has them (docs/adr/0061-events-keep-up.md): its commit may come after the events are read.
    await until(
      async () => ((await h.adminQuery('SELECT 1 FROM directory.outbox WHERE sent_at IS NULL')).length === 0 ? true : undefined),
      'every row marked sent',
    );
  });

  it('are written for consignees and shippers too, with the records as the replies show them and never a password or its hash', async () => {
    const secrets = ['monsoon-teacup-41', 'monsoon-teacup-42', 'lagoon-teacup-43', 'lagoon-teacup-44'];
    const C = consignees.subjects;
    const S = shippers.subjects;
    const client = { username: 'events.client', email: 'accounts@events.example', handlingPersonName: 'Nimal' };
    const { consignee } = await h.client.request(C.add, {
      actor,
      body: { consigneeName: 'Events Traders', ...client, password: secrets[0], openingBalance: '10.00' },
    } as never);
    const id = { consignee_id: consignee.consignee_id };
    const { consignee: changed } = await h.client.request(C.update, {
      actor,
      params: id,
      body: { updateData: { consigneeName: 'Events Traders', ...client, password: secrets[1], openingBalance: '12.50' } },
    } as never);
    await h.client.request(C.delete, { actor, params: id });
    const shipperBody = {
      shipperName: 'Events Shipping',
      ...client,
      username: 'events.shipper',
      address: 'Kandy Road',
      mobile: '081 222 3333',
      password: secrets[2],
    };
    const { shipper } = await h.client.request(S.add, { actor, body: shipperBody } as never);
    await h.client.request(S.update, {
      actor,
      params: { shipper_id: shipper.shipper_id },
      body: { updateData: { ...shipperBody, password: secrets[3] } },
    } as never);

    const rows = await h.adminQuery<{ subject: string; payload: ChangeEvent }>(
      `SELECT subject, payload FROM directory.outbox WHERE subject ~ '^events\\.directory\\.(consignee|shipper)\\.' ORDER BY position`,
    );
    expect(rows.map((row) => row.subject)).toEqual([
      'events.directory.consignee.created',
      'events.directory.consignee.updated',
      'events.directory.consignee.deleted',
      'events.directory.shipper.created',
      'events.directory.shipper.updated',
    ]);
    // Who made each change, so a copy that records changes names them (the accounts ledger).
    expect(rows[0]!.payload).toEqual({ key: consignee.consignee_id, after: consignee, by });
    expect(rows[1]!.payload).toEqual({ key: consignee.consignee_id, before: consignee, after: changed, by });
    expect(rows[2]!.payload).toEqual({ key: consignee.consignee_id, before: changed, by });
    expect(rows[3]!.payload).toEqual({ key: shipper.shipper_id, after: shipper, by });
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`password|argon|${secrets.join('|')}`, 'i'));
  });

  it('are not written for a change that is refused or rolled back', async () => {
    const count = async () => (await h.adminQuery<{ n: number }>('SELECT count(*)::int AS n FROM directory.outbox'))[0]!.n;
    const before = await count();
    const colombo = { BranchCity: 'Colombo', Location: 'Fort', Contact: '+94 11 234 5678', Code: 'CMB' };
    await h.client.request(branches.subjects.add, { actor, body: colombo });
    // Refused by a check, and by the unique index after the insert (a race the check missed is the same 409).
    await expect(errorOf(h.client.request(branches.subjects.add, { actor, body: { ...colombo, Code: 'CM2' } }))).resolves.toMatchObject({ code: 'CONFLICT' });
    await h.adminQuery(
      `CREATE FUNCTION directory.fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE unique_violation USING CONSTRAINT = 'ux_branch_code'; END $$`,
    );
    await h.adminQuery(`CREATE TRIGGER fail_after_insert AFTER INSERT ON directory.outbox FOR EACH ROW EXECUTE FUNCTION directory.fail_insert()`);
    try {
      await expect(errorOf(h.client.request(branches.subjects.add, { actor, body: { ...colombo, BranchCity: 'Kandy', Code: 'KDY' } }))).resolves.toMatchObject({
        code: 'CONFLICT',
      });
    } finally {
      await h.adminQuery('DROP TRIGGER fail_after_insert ON directory.outbox');
    }
    await expect(errorOf(h.client.request(users.subjects.add, { actor, body: newUser({ branchCity: 'Nowhere' }) }))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await count()).toBe(before + 1);
    await expect(errorOf(h.client.request(branches.subjects.get, { actor, params: { BranchCity: 'Kandy' } }))).resolves.toMatchObject({ code: 'NOT_FOUND' });
  });
});
