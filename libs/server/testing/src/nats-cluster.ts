import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { until } from './until.js';

/** A node of a test cluster: its client URL, its monitoring address, its process. */
export interface NatsNode {
  name: string;
  url: string;
  monitor: string;
  process: ChildProcess;
}

export interface NatsCluster {
  /** The nodes started so far. */
  nodes: NatsNode[];
  /** Every node's client URL (started or not), comma-separated: a NATS_URL. */
  url: string;
  /** The nodes whose connections include one named `name` (with at least one subscription when `subscribed`). */
  nodesHolding(name: string, subscribed?: boolean): Promise<NatsNode[]>;
  /** Starts the nodes that `started` left out; answers once every node routes to every other and JetStream has its leader. */
  startOthers(): Promise<void>;
  stop(): Promise<void>;
}

/** What the monitoring endpoints (routez, connz) answer that the tests read. */
interface Monitor {
  num_routes?: number;
  meta_cluster?: { leader?: string };
  connections?: { name?: string; subscriptions_list?: string[] }[];
}

async function monitor(url: string): Promise<Monitor | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok ? ((await response.json()) as Monitor) : undefined;
  } catch {
    return undefined;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as AddressInfo) ?? {};
      probe.close(() => resolve(port));
    });
  });

/**
 * A NATS cluster of `size` nodes on loopback for one test, without accounts (the run's shared NATS,
 * tools/jest/nats-setup.js, is a single node): JetStream in a temporary folder, a monitoring port
 * each, and lame duck mode as the generated cluster configuration has it (tools/dev/nats-config.mjs),
 * with `graceSeconds` before a node in lame duck mode starts closing its clients' connections.
 * Answers once every node routes to every other and JetStream has its leader. With `started` below
 * `size`, only that many nodes start, and it answers once they take connections: fewer than a
 * majority elect no JetStream leader, so JetStream answers nothing (as in a cluster that has just
 * started) until `startOthers()`.
 */
export async function startNatsCluster({
  size = 3,
  graceSeconds = 1,
  started = size,
}: { size?: number; graceSeconds?: number; started?: number } = {}): Promise<NatsCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'freight-nats-cluster-'));
  const ports: { client: number; route: number; http: number }[] = [];
  for (let i = 0; i < size; i++) ports.push({ client: await freePort(), route: await freePort(), http: await freePort() });
  const routes = ports.map(({ route }) => `"nats-route://127.0.0.1:${route}"`).join(', ');
  const specs = ports.map(({ client, route, http }, i) => {
    const name = `node-${i + 1}`;
    const config = join(dir, `${name}.conf`);
    writeFileSync(
      config,
      [
        `server_name: ${name}`,
        `listen: "127.0.0.1:${client}"`,
        `http: "127.0.0.1:${http}"`,
        `jetstream { store_dir: ${JSON.stringify(join(dir, name))} }`,
        `lame_duck_grace_period: "${graceSeconds}s"`,
        'lame_duck_duration: "30s"',
        // A name of its own: a node that reaches another test's cluster (a port taken over while one of
        // these nodes was not started yet) is refused rather than joined.
        `cluster { name: ${basename(dir)}, listen: "127.0.0.1:${route}", routes: [${routes}] }`,
      ].join('\n'),
    );
    return { name, url: `nats://127.0.0.1:${client}`, monitor: `http://127.0.0.1:${http}`, config };
  });
  const nodes: NatsNode[] = [];
  const start = (which: typeof specs) => {
    for (const { config, ...node } of which) nodes.push({ ...node, process: spawn('nats-server', ['-c', config], { stdio: 'ignore' }) });
  };
  const whole = () =>
    until(async () => {
      const routed = await Promise.all(nodes.map(async (node) => ((await monitor(`${node.monitor}/routez`))?.num_routes ?? 0) >= size - 1));
      // JetStream answers once the nodes have elected the leader of its metadata.
      const led = await Promise.all(nodes.map(async (node) => Boolean((await monitor(`${node.monitor}/jsz`))?.meta_cluster?.leader)));
      return (routed.every(Boolean) && led.every(Boolean)) || undefined;
    }, `a NATS cluster of ${size} routed nodes with a JetStream leader`);
  const stop = async () => {
    await Promise.all(
      nodes.map(({ process }) => {
        if (process.exitCode !== null || process.signalCode !== null) return undefined;
        const exited = new Promise((resolve) => process.once('exit', resolve));
        process.kill('SIGKILL');
        return exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  start(specs.slice(0, started));
  const answering = () =>
    until(
      async () => (await Promise.all(nodes.map((node) => monitor(`${node.monitor}/varz`)))).every(Boolean) || undefined,
      `${started} of ${size} NATS nodes`,
    );
  try {
    await (started < size ? answering() : whole());
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    nodes,
    url: specs.map((node) => node.url).join(','),
    async nodesHolding(name, subscribed = false) {
      const holding: NatsNode[] = [];
      for (const node of nodes) {
        const connection = (await monitor(`${node.monitor}/connz?subs=1`))?.connections?.find((c) => c.name === name);
        if (connection && (!subscribed || (connection.subscriptions_list ?? []).length > 0)) holding.push(node);
      }
      return holding;
    },
    async startOthers() {
      start(specs.slice(nodes.length));
      await whole();
    },
    stop,
  };
}
