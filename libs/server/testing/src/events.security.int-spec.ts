// NATS permissions of events (ADR 21) on the real test server: a service publishes only its own
// events into its own stream, and the gateway none. A control shows each refused publish is
// refused for its subject, not for some other reason.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventStreamName } from '@freight/contracts';
import { ensureEventStream, eventStreamConfig, serviceInboxPrefix } from '@freight/server-database';
import { connectTestNats, permissionViolations, testNats, uniqueNamespace, violationsAfter } from './nats.js';

const namespace = uniqueNamespace();
const opened: NatsConnection[] = [];
afterAll(() => Promise.allSettled(opened.map((nc) => nc.close())));

/** A connection as `name` whose permission errors are collected in `violations`. */
async function connectAs(name: string, inboxPrefix?: string): Promise<{ nc: NatsConnection; violations: string[] }> {
  const nats = testNats();
  const nc = await connect({ servers: nats.url, user: name, pass: nats.passwords[name], ...(inboxPrefix ? { inboxPrefix } : {}) });
  opened.push(nc);
  return { nc, violations: permissionViolations(nc) };
}

async function reported(violations: string[], pattern: RegExp): Promise<void> {
  expect(await violationsAfter(violations, pattern)).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
}

describe('event permissions', () => {
  it('a service publishes its own events into its own stream, and cannot publish into another service’s events', async () => {
    const { nc, violations } = await connectAs('directory', serviceInboxPrefix('directory'));
    await ensureEventStream(nc, eventStreamConfig('directory'));
    // Control: its own event is stored and acknowledged.
    const ack = await jetstream(nc).publish(`${namespace}events.directory.user.created`, '{}');
    expect(ack.stream).toBe(eventStreamName('directory'));
    nc.publish(`${namespace}events.shipment.job.created`, '{}');
    nc.publish('events.shipment.job.created', '{}');
    await nc.flush();
    await reported(violations, new RegExp(`Publish to "${namespace.replace('.', '\\.')}events\\.shipment\\.job\\.created"`));
    await reported(violations, /Publish to "events\.shipment\.job\.created"/);
  });

  it('a service cannot delete or purge its stream, nor listen on the common inbox', async () => {
    const { nc, violations } = await connectAs('directory', serviceInboxPrefix('directory'));
    nc.publish(`$JS.API.STREAM.DELETE.${eventStreamName('directory')}`, '');
    nc.publish(`$JS.API.STREAM.PURGE.${eventStreamName('directory')}`, '');
    nc.subscribe('_INBOX.>');
    await nc.flush();
    await reported(violations, /Publish to "\$JS\.API\.STREAM\.DELETE/);
    await reported(violations, /Publish to "\$JS\.API\.STREAM\.PURGE/);
    await reported(violations, /Subscription to "_INBOX\.>"/);
    const admin = await connectTestNats('admin');
    opened.push(admin);
    await expect((await jetstreamManager(admin)).streams.info(eventStreamName('directory'))).resolves.toBeDefined();
  });

  it('the gateway cannot publish a service’s events (its `*.directory.>` would match them) nor manage the event streams', async () => {
    const { nc, violations } = await connectAs('gateway');
    nc.publish('events.directory.user.deleted', '{}');
    nc.publish(`${namespace}events.directory.user.deleted`, '{}');
    nc.publish(`$JS.API.STREAM.DELETE.${eventStreamName('directory')}`, '');
    nc.publish(`$JS.API.CONSUMER.MSG.NEXT.${eventStreamName('directory')}.shipment`, '');
    // Control: the gateway's own JetStream use (its revocation bucket) still goes through.
    await expect(nc.request('$JS.API.INFO', '', { timeout: 2000 })).resolves.toBeDefined();
    await reported(violations, /Publish to "events\.directory\.user\.deleted"/);
    await reported(violations, new RegExp(`Publish to "${namespace.replace('.', '\\.')}events\\.directory\\.user\\.deleted"`));
    await reported(violations, /Publish to "\$JS\.API\.STREAM\.DELETE\.EVENTS_DIRECTORY"/);
    await reported(violations, /Publish to "\$JS\.API\.CONSUMER\.MSG\.NEXT\.EVENTS_DIRECTORY\.shipment"/);
  });
});
