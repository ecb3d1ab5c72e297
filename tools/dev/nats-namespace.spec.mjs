import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import {
  EventConsumer,
  EventConsumers,
  createProcessedEventsTable,
  createServiceDataSource,
  durableName,
  dropProcessedEventsTable,
  ensureEventStream,
  eventStreamConfig,
  migration,
  serviceInboxPrefix,
} from '@freight/server-database';
import { createTestDatabase } from '@freight/server-testing';
import { EVENT_CONSUMERS, eventStream, pdfLeaseBucket, revocationBucket } from './nats-config.mjs';
import { startLocalNats } from './nats.mjs';
import { SERVICES } from './services.mjs';

// The nats-server `npm start` runs, configured as it configures it (startLocalNats), with and
// without NATS_NAMESPACE (ADR 5): every consuming service reads its producers' events through the
// real durable consumer into Postgres, and the gateway's identity does what its revocation bucket
// needs and no other JetStream (ADR 9): it cannot create a stream that would record requests.
const SCHEMA = 'grants';
let database;
let dataSource;

beforeAll(async () => {
  database = await createTestDatabase({ service: SCHEMA });
  const table = migration(
    'ProcessedEvents1796000000000',
    (q) => createProcessedEventsTable(q, SCHEMA),
    (q) => dropProcessedEventsTable(q, SCHEMA),
  );
  dataSource = await createServiceDataSource({ url: database.serviceUrl, schema: SCHEMA, entities: [], migrations: [table], poolSize: 2 });
}, 30_000);

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe.each([
  ['without a namespace', ''],
  ['with NATS_NAMESPACE', 'acme'],
])('npm start’s nats-server %s', (_label, token) => {
  const namespace = token ? `${token}.` : '';
  const dir = mkdtempSync(join(tmpdir(), 'freight-namespace-'));
  const opened = [];
  let server;
  let nats;

  const connectAs = async (name, inboxPrefix) => {
    const nc = await connect({ servers: nats.url, user: name, pass: nats.passwords[name], ...(inboxPrefix ? { inboxPrefix } : {}) });
    opened.push(nc);
    return nc;
  };

  beforeAll(async () => {
    nats = await startLocalNats({
      dir,
      services: SERVICES,
      namespace: token,
      spawnServer: (binary, args) => {
        server = spawn(binary, args, { stdio: 'ignore' });
        return { done: false };
      },
    });
  }, 30_000);

  afterAll(async () => {
    await Promise.allSettled(opened.map((nc) => nc.close()));
    // The server writes its store until it has exited: removing the folder before that races it.
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets every consuming service read its producers’ events through its durables', async () => {
    const consumers =
      /** @type {{ service: import('@freight/contracts').ServiceName, producer: import('@freight/contracts').ServiceName, durable: string }[]} */ (
        Object.entries(EVENT_CONSUMERS).flatMap(([service, list]) => list.map((c) => ({ service, ...c })))
      );
    const received = new Map();
    const running = [];
    try {
      for (const { service, producer, durable } of consumers) {
        // The producer creates its stream and publishes, as its outbox relay does.
        const publisher = await connectAs(producer, serviceInboxPrefix(producer));
        await ensureEventStream(publisher, eventStreamConfig(producer));
        const subject = `${namespace}events.${producer}.${durable}.created`;
        await jetstream(publisher).publish(subject, JSON.stringify({ key: durable }), { msgID: `${token}-${durable}` });
        const consumer = new EventConsumer({
          dataSource,
          nats: await connectAs(service, serviceInboxPrefix(service)),
          stream: eventStream(producer),
          durable: durableName(service, durable.slice(service.length + 1), namespace),
          filterSubject: subject,
          handle: async (_tx, event) => void received.set(durable, event.subject),
        });
        await consumer.start();
        running.push(consumer);
      }
      const deadline = Date.now() + 10_000;
      while (received.size < consumers.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(Object.fromEntries(received)).toEqual(
        Object.fromEntries(consumers.map(({ producer, durable }) => [durable, `${namespace}events.${producer}.${durable}.created`])),
      );
    } finally {
      await Promise.all(running.map((consumer) => consumer.stop()));
    }
  }, 30_000);

  it('fails a service’s start, clearly, when its durable is not granted (another namespace): it never runs without its events', async () => {
    const other = 'other.';
    const config = { NATS_URL: nats.url, NATS_USER: 'shipment', NATS_PASSWORD: nats.passwords.shipment, NATS_NAMESPACE: other };
    const consumers = new EventConsumers('shipment', 'directory', config);
    const durable = durableName('shipment', 'directory', other);
    await expect(
      consumers.start([{ dataSource, stream: eventStream('directory'), durable, filterSubject: `${other}events.directory.>`, handle: async () => undefined }]),
    ).rejects.toThrow(
      `NATS refuses the durable consumer ${durable} (Permissions Violation for Publish to "$JS.API.CONSUMER.CREATE.EVENTS_DIRECTORY.${durable}`,
    );
  });

  it('lets the gateway keep its revocation and PDF slot buckets, and refuses it a stream of its own making', async () => {
    const gateway = await connectAs('gateway');
    // What the gateway's RevocationService does: create the bucket, read its status, watch it, put.
    const kv = await new Kvm(gateway).create(revocationBucket(namespace), { history: 1, ttl: 60_000 });
    expect((await kv.status()).values).toBe(0);
    const watcher = await kv.watch({ key: '>' });
    await kv.put('a-token-id', String(Date.now() + 60_000));
    for await (const entry of watcher) {
      expect([entry.operation, entry.key]).toEqual(['PUT', 'a-token-id']);
      break;
    }
    // What its PdfLeases does: create the bucket, take a slot (a second take finds it held), give it back, take it again.
    const slots = await new Kvm(gateway).create(pdfLeaseBucket(namespace), { history: 1, ttl: 60_000 });
    const taken = await slots.create('a-user-id.0', '');
    await expect(slots.create('a-user-id.0', '')).rejects.toThrow(/wrong last sequence/);
    await slots.delete('a-user-id.0', { previousSeq: taken });
    expect(await slots.create('a-user-id.0', '')).toBeGreaterThan(taken);
    // A stream that would keep every request about users to the directory (their passwords included).
    const jsm = await jetstreamManager(gateway, { checkAPI: false });
    await expect(jsm.streams.add({ name: 'RECORDER', subjects: [`${namespace}directory.user.>`] })).rejects.toThrow(
      /Permissions Violation for Publish to "\$JS\.API\.STREAM\.CREATE\.RECORDER"/,
    );
    // Nor another bucket (a stream by another name).
    await expect(new Kvm(gateway).create('recorder')).rejects.toThrow(/Permissions Violation/);
  }, 30_000);
});
