import { setTimeout as sleep } from 'node:timers/promises';
import { startNatsCluster, uniqueNamespace, type NatsCluster } from '@freight/server-testing';
import type { GatewayConfig } from '../config/gateway.config.js';
import { LiveJobsService } from './live-jobs.service.js';

// The gateway reads where its live feed starts from JetStream before it listens. A NATS cluster that
// has just started answers no JetStream request until its nodes have elected a leader, and the gateway
// used to exit at the first one (cluster mode, docs/adr/0049-cluster-mode.md). Here one node of three
// runs: alone it elects no leader, so JetStream answers nothing until the test starts the other two.

describe('the live job feed starting while JetStream does not answer yet', () => {
  let cluster: NatsCluster | undefined;
  const feeds: LiveJobsService[] = [];
  /** The gateway's live feed with its own NATS connection, waiting up to `waitMs` for JetStream at start-up. */
  const feed = (waitMs: number) => {
    const config = { NATS_URL: cluster!.url, NATS_NAMESPACE: uniqueNamespace(), JETSTREAM_STARTUP_WAIT_MS: waitMs } as GatewayConfig;
    const live = new LiveJobsService(config);
    feeds.push(live);
    return live;
  };

  beforeAll(async () => {
    cluster = await startNatsCluster({ size: 3, started: 1 });
  });

  afterAll(async () => {
    for (const live of feeds) await live.onApplicationShutdown();
    await cluster?.stop();
  });

  it('gives up once JETSTREAM_STARTUP_WAIT_MS has passed, saying so (the gateway prints it and exits)', async () => {
    const began = Date.now();
    await expect(feed(2000).onModuleInit()).rejects.toThrow(
      /^JetStream did not answer within 2 s \(JETSTREAM_STARTUP_WAIT_MS\): the live job feed cannot start/,
    );
    expect(Date.now() - began).toBeGreaterThanOrEqual(2000);
  }, 30_000);

  it('starts once JetStream answers', async () => {
    const live = feed(30_000);
    let startedAt: number | undefined;
    const starting = live.onModuleInit().then(() => (startedAt = Date.now()));
    // Longer than a refusal takes: it is still waiting.
    await sleep(3000);
    expect(startedAt).toBeUndefined();
    const othersStartedAt = Date.now();
    await cluster!.startOthers();
    await starting;
    expect(startedAt).toBeGreaterThanOrEqual(othersStartedAt);
    // No job events yet (the shipment service makes their stream): the feed starts from the beginning.
    expect(live.sequence).toBe(0);
  }, 60_000);
});
