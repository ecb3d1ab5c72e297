import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPOSITORY_ROOT, httpReady, spawnService, testGatewayKeyEnv, testNatsConfig, until, type SpawnedService } from '@freight/server-testing';
import { JWT_SECRET, HEAD, sleep, stackForFile, statusCounts, type Reply } from '../testing/gateway-stack.js';
import { jobBody, seedJobWorld, shipmentQuery, type JobWorld } from '../testing/shipments.js';

// Drain on SIGTERM (docs/adr/0051-drain-and-probes.md), with real processes: a service replica
// stopped under a steady stream of requests, and a gateway stopped with slow requests in flight
// and a live stream open.
const shared = stackForFile();
const { call } = shared;
let world: JobWorld;
const REPLICA = 'replica';

const freePort = async (): Promise<number> => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
};
const exitOf = (service: SpawnedService) =>
  new Promise<number | string>((resolve) => {
    const child = service.process;
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode!);
    else child.once('exit', (code, signal) => resolve(code ?? signal!));
  });
const probe = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return { status: response.status, body: (await response.json()) as { status: string } };
};

beforeAll(async () => {
  world = await seedJobWorld(shared);
  // Which process wrote a job: the session's application_name (the replica's PGAPPNAME).
  await shipmentQuery(shared, `ALTER TABLE shipment.job ADD COLUMN written_by text DEFAULT current_setting('application_name')`);
}, 60_000);

describe('a service replica stopped with SIGTERM under load', () => {
  it('answers every request it took, leaves no event in the outbox and exits 0, while the other replica takes the rest: no request fails', async () => {
    const healthPort = await freePort();
    const replica = await shared.stack.services.startReplica('shipment', { PGAPPNAME: REPLICA, HEALTH_PORT: String(healthPort) });
    const probes = `http://127.0.0.1:${healthPort}`;
    // The probe listener opens right after the service answers on NATS (what startReplica waits for).
    await until(() => probe(`${probes}/live`).catch(() => undefined), "the replica's probe listener");
    expect(await probe(`${probes}/live`)).toEqual({ status: 200, body: { status: 'up' } });
    expect(await probe(`${probes}/ready`)).toEqual({ status: 200, body: { status: 'ready' } });

    // A steady stream of job creations through the gateway, 6 at a time, until told to stop.
    const replies: Reply[] = [];
    let loading = true;
    let n = 0;
    const workers = Array.from({ length: 6 }, async () => {
      while (loading)
        replies.push(await call('POST', '/api/shipments/adminadd', { token: world.admin.token, body: jobBody('emma', { remarks: `drain ${n++}` }) }));
    });
    const byReplica = async () =>
      (await shipmentQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM shipment.job WHERE written_by = $1`, [REPLICA]))[0]!.n;
    // Stopped while it is busy: once it has written a few jobs.
    await until(async () => ((await byReplica()) >= 5 ? true : undefined), 'the replica to take requests');
    const exited = exitOf(replica);
    replica.process.kill('SIGTERM');
    const code = await exited;
    const unsentOfReplica = await shipmentQuery<{ n: number }>(
      shared,
      `SELECT count(*)::int AS n FROM shipment.outbox o JOIN shipment.job j ON j.job_no = o.payload->>'jobNo' WHERE j.written_by = $1 AND o.sent_at IS NULL`,
      [REPLICA],
    );
    await sleep(500);
    loading = false;
    await Promise.all(workers);

    expect(code).toBe(0);
    expect(statusCounts(replies)).toEqual({ 201: replies.length });
    expect(unsentOfReplica[0]!.n).toBe(0);
    // It was busy when it stopped, and the requests went on (to the other replica) after it.
    expect(await byReplica()).toBeGreaterThanOrEqual(5);
  }, 90_000);
});

describe('a gateway stopped with SIGTERM', () => {
  it('says not ready at once, answers the slow requests in flight, ends the live stream with a retry hint, exits 0', async () => {
    const port = await freePort();
    const nats = testNatsConfig(shared.stack.namespace);
    const base = `http://127.0.0.1:${port}`;
    const gateway = await spawnService({
      entry: join(REPOSITORY_ROOT, 'apps/gateway/dist/main.js'),
      env: {
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_PORT: String(port),
        JWT_SECRET,
        NATS_URL: nats.NATS_URL,
        NATS_USER: nats.NATS_USER!,
        NATS_PASSWORD: nats.NATS_PASSWORD!,
        NATS_NAMESPACE: shared.stack.namespace,
        NATS_REQUEST_TIMEOUT_MS: '15000',
        ...testGatewayKeyEnv(),
        DRAIN_DELAY_MS: '1500',
        DRAIN_TIMEOUT_MS: '20000',
        LOG_LEVEL: 'info',
      },
      ready: httpReady(`${base}/api/health/ready`),
      name: 'gateway',
    });
    const exited = exitOf(gateway);
    const shipment = shared.stack.services.byName.shipment.process.process;
    try {
      expect(await probe(`${base}/api/health/live`)).toEqual({ status: 200, body: { status: 'up' } });
      const signIn = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(HEAD),
      });
      const { token, user_id: headId } = (await signIn.json()) as { token: string; user_id: string };
      const authorization = `Bearer ${token}`;
      const bookingSheet = () =>
        fetch(`${base}/api/shipments/allbooklist/${headId}`, { headers: { authorization } }).then(async (r) => ({ status: r.status, body: await r.json() }));
      expect((await bookingSheet()).status).toBe(200);

      // A live stream, read to its end.
      const live = await fetch(`${base}/api/shipments/live`, { headers: { authorization, accept: 'text/event-stream' } });
      expect(live.status).toBe(200);
      const liveText = live.text();

      // The shipment service paused: the booking sheet requests wait in the gateway.
      shipment.kill('SIGSTOP');
      const slow = Array.from({ length: 5 }, () => bookingSheet());
      await sleep(300);
      gateway.process.kill('SIGTERM');
      await sleep(200);
      // Draining: not ready, though still answering until DRAIN_DELAY_MS has passed.
      expect(await probe(`${base}/api/health/ready`)).toEqual({ status: 503, body: { status: 'draining' } });
      expect(await probe(`${base}/api/health/live`)).toEqual({ status: 200, body: { status: 'up' } });
      // The listener closes after the delay; the requests in flight are still waiting for the service.
      await sleep(2000);
      expect(gateway.process.exitCode).toBeNull();
      shipment.kill('SIGCONT');

      expect((await Promise.all(slow)).map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
      const text = await liveText;
      expect(text).toMatch(/^id: \d+\nevent: ready\n/);
      expect(text).toMatch(/retry: \d+\n\n$/);
      expect(await exited).toBe(0);
      expect(gateway.logs()).toContain('Drained');
    } finally {
      shipment.kill('SIGCONT');
      await gateway.stop();
    }
  }, 90_000);
});
