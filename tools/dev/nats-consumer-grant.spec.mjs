import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EVENT_CONSUMERS, eventStream } from './nats-config.mjs';
import { startLocalNats } from './nats.mjs';
import { SERVICES } from './services.mjs';

// The grant of a consuming service as `npm start` and Kubernetes configure it (ADR 21), on a real
// nats-server: its own durable works end to end (create, pull, ack), any other name is refused.
const { producer, durable } = EVENT_CONSUMERS.notification[0];
const stream = eventStream(producer);
const dir = mkdtempSync(join(tmpdir(), 'freight-grant-'));
let server;
let admin;
let service;

beforeAll(async () => {
  const nats = await startLocalNats({
    dir,
    services: SERVICES,
    spawnServer: (binary, args) => {
      server = spawn(binary, args, { stdio: 'ignore' });
      return { done: false };
    },
  });
  admin = await connect({ servers: nats.url, user: 'admin', pass: nats.passwords.admin });
  await (await jetstreamManager(admin)).streams.add({ name: stream, subjects: [`events.${producer}.>`] });
  await jetstream(admin).publish(`events.${producer}.consignee.created`, '{}');
  await jetstream(admin).publish(`events.${producer}.mail.requested`, '{}');
  service = await connect({ servers: nats.url, user: 'notification', pass: nats.passwords.notification, inboxPrefix: '_INBOX_notification' });
}, 30_000);

afterAll(async () => {
  await service?.close();
  await admin?.close();
  // The server writes its store until it has exited: removing the folder before that races it.
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = once(server, 'exit');
    server.kill();
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Creates the durable as the service, takes one message and acks it; answers what happened. */
async function consumeAs(name, filter_subject = `events.${producer}.consignee.>`) {
  try {
    const jsm = await jetstreamManager(service, { checkAPI: false });
    await jsm.consumers.add(stream, { durable_name: name, filter_subject, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All });
    const messages = await (await jetstream(service).consumers.get(stream, name)).fetch({ max_messages: 1, expires: 2000 });
    for await (const message of messages) {
      await message.ackAck();
      return `acked ${message.subject}`;
    }
    return 'no message';
  } catch (error) {
    return error.message;
  }
}

it('lets the notification service consume and ack through its own durables only', async () => {
  await expect(consumeAs(durable)).resolves.toBe(`acked events.${producer}.consignee.created`);
  const mail = EVENT_CONSUMERS.notification.find((consumer) => consumer.durable === 'notification_mail_directory');
  await expect(consumeAs(mail.durable, `events.${mail.producer}.mail.requested`)).resolves.toBe(`acked events.${producer}.mail.requested`);
  await expect(consumeAs('another_durable')).resolves.toMatch(/^Permissions Violation for Publish to "\$JS\.API\.CONSUMER\.CREATE/);
}, 20_000);
