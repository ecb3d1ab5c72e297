import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { startLocalNats } from './nats.mjs';
import { waitFor } from './net.mjs';
import { SERVICES } from './services.mjs';

// npm start's three-node NATS cluster (docs/adr/0049-cluster-mode.md): a stream on three
// replicas keeps taking and keeping messages when one node is killed.
const dir = mkdtempSync(join(tmpdir(), 'nats-cluster-'));
const servers = new Map();
let nats;
let nc;

beforeAll(async () => {
  nats = await startLocalNats({
    dir,
    services: SERVICES,
    nodes: 3,
    spawnServer: (binary, args, name) => {
      const child = spawn(binary, args, { stdio: 'ignore' });
      const handle = { done: false, child };
      child.once('exit', () => (handle.done = true));
      servers.set(name, handle);
      return handle;
    },
  });
  nc = await connect({ servers: nats.urls, user: 'admin', pass: nats.passwords.admin });
}, 60_000);

afterAll(async () => {
  await nc?.close().catch(() => {});
  for (const { child } of servers.values()) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('the local NATS cluster', () => {
  it('runs three named nodes, each with its own client port and folder', () => {
    expect([...servers.keys()]).toEqual(['nats-1', 'nats-2', 'nats-3']);
    expect(new Set(nats.urls).size).toBe(3);
    expect(nats.url).toBe(nats.urls.join(','));
  });

  it('keeps a stream of three replicas writable and whole when a node is killed', async () => {
    // The cluster elects its JetStream leader a moment after the routes are up: no API check before then.
    const jsm = await jetstreamManager(nc, { checkAPI: false });
    await waitFor(async () => jsm.streams.add({ name: 'CLUSTER_CHECK', subjects: ['cluster.check'], num_replicas: 3 }), {
      timeoutMs: 30_000,
      what: 'a stream of three replicas',
    });
    const js = jetstream(nc);
    await js.publish('cluster.check', 'before');
    const info = await jsm.streams.info('CLUSTER_CHECK');
    expect(1 + (info.cluster?.replicas?.length ?? 0)).toBe(3);

    servers.get('nats-1').child.kill('SIGKILL');
    await waitFor(async () => js.publish('cluster.check', 'after', { msgID: 'after-1' }), { timeoutMs: 30_000, what: 'a publish with a node down' });
    const after = await waitFor(async () => jsm.streams.info('CLUSTER_CHECK'), { timeoutMs: 30_000, what: 'the stream info' });
    expect(after.state.messages).toBe(2);
  }, 90_000);
});
