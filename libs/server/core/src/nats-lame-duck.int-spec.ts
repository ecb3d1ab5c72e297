import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { users, type Actor } from '@freight/contracts';
import { NatsRpcClient, natsMicroserviceOptions } from './nats.js';

// A replica of a service on a NATS node that enters lame duck mode (how a node is restarted,
// docs/adr/0051-drain-and-probes.md) moves to another node before that node closes its
// connection: a request routed to it then would be lost and its caller would wait out the
// time-out. A cluster of two nodes of its own, without accounts, so the test picks the nodes.

const GRACE_S = 5;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Node {
  url: string;
  monitor: string;
  process: ChildProcess;
}

/** Two routed nats-servers on loopback, each with its monitoring port; lame duck after GRACE_S seconds. */
async function startCluster(dir: string): Promise<Node[]> {
  const ports = await Promise.all([0, 1].map(async () => ({ client: await freePort(), route: await freePort(), http: await freePort() })));
  const routes = ports.map(({ route }) => `"nats-route://127.0.0.1:${route}"`).join(', ');
  const nodes = ports.map(({ client, route, http }, i) => {
    const config = join(dir, `node-${i}.conf`);
    writeFileSync(
      config,
      [
        `server_name: node-${i}`,
        `listen: "127.0.0.1:${client}"`,
        `http: "127.0.0.1:${http}"`,
        `lame_duck_grace_period: "${GRACE_S}s"`,
        'lame_duck_duration: "30s"',
        `cluster { name: lame-duck-test, listen: "127.0.0.1:${route}", routes: [${routes}] }`,
      ].join('\n'),
    );
    return { url: `nats://127.0.0.1:${client}`, monitor: `http://127.0.0.1:${http}`, process: spawn('nats-server', ['-c', config], { stdio: 'ignore' }) };
  });
  // Routed both ways: each node sees the other.
  await waitFor(
    async () => (await Promise.all(nodes.map(async (node) => ((await json(`${node.monitor}/routez`))?.num_routes ?? 0) >= 1))).every(Boolean),
    'the cluster routes',
  );
  return nodes;
}

/** What the monitoring endpoints (routez, connz) answer that the test reads. */
interface Monitor {
  num_routes?: number;
  connections?: { name?: string; subscriptions_list?: string[] }[];
}

/** A monitoring endpoint's answer, or undefined while the node does not answer. */
async function json(url: string): Promise<Monitor | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as Monitor) : undefined;
  } catch {
    return undefined;
  }
}

async function waitFor(probe: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/** How many subscriptions the connection named `name` holds on `node` (undefined: not connected there). */
async function subscriptionsOn(node: Node, name: string): Promise<number | undefined> {
  const connz = await json(`${node.monitor}/connz?subs=1`);
  const connection = (connz?.connections ?? []).find((c) => c.name === name);
  return connection === undefined ? undefined : (connection.subscriptions_list ?? []).length;
}

@Controller()
class EchoController {
  @MessagePattern(users.subjects.get)
  async get(@Payload() { params }: { params: { username: string } }) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { username: params.username };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const actor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };

describe('a service replica on a NATS node going lame duck', () => {
  const dir = mkdtempSync(join(tmpdir(), 'freight-lame-duck-'));
  const namespace = `t${randomBytes(5).toString('hex')}.`;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  let nodes: Node[] = [];
  let service: INestMicroservice | undefined;
  let caller: NatsRpcClient | undefined;

  afterAll(async () => {
    await caller?.close();
    await service?.close();
    for (const node of nodes) node.process.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('subscribes on another node and drains its old connection before the node closes it, failing no request', async () => {
    nodes = await startCluster(dir);
    const nats = { NATS_URL: nodes.map((node) => node.url).join(','), NATS_NAMESPACE: namespace, NATS_REQUEST_TIMEOUT_MS: 5000 };
    service = await NestFactory.createMicroservice(EchoModule, {
      ...natsMicroserviceOptions('directory', { ...nats, GATEWAY_PUBLIC_KEY: publicKey }),
      logger: false,
    });
    await service.listen();
    const name = `${namespace}directory`;
    let home = nodes[0];
    await waitFor(async () => {
      for (const node of nodes) if (((await subscriptionsOn(node, name)) ?? 0) > 0) home = node;
      return ((await subscriptionsOn(home, name)) ?? 0) > 0;
    }, 'the replica subscribed');
    const other = home === nodes[0] ? nodes[1] : nodes[0];
    // The caller (the gateway) on the other node: only the service's connection is in the way.
    caller = new NatsRpcClient({ ...nats, NATS_URL: other.url, GATEWAY_SIGNING_KEY: privateKey }, 'lame-duck-test');
    const rpc = caller;

    let calling = true;
    const failures: string[] = [];
    let answered = 0;
    const loops = Array.from({ length: 6 }, async (_, loop) => {
      for (let i = 0; calling; i++) {
        const username = `user-${loop}-${i}`;
        try {
          const reply = await rpc.request(users.subjects.get, { actor, params: { username } });
          if (reply.username === username) answered++;
          else failures.push(`${username}: answered ${JSON.stringify(reply)}`);
        } catch (error) {
          failures.push(`${username}: ${String(error)}`);
        }
      }
    });
    try {
      await waitFor(async () => answered > 50, 'the first answers');
      const homeExited = new Promise((resolve) => home.process.once('exit', resolve));
      home.process.kill('SIGUSR2');
      // Before the grace period ends the node closes no connection: a replica that moved did it itself.
      const movedMs = await waitFor(async () => ((await subscriptionsOn(other, name)) ?? 0) > 0, 'the replica on the other node', GRACE_S * 1000);
      const leftMs = await waitFor(async () => (await subscriptionsOn(home, name)) === undefined, 'the old connection drained', GRACE_S * 1000);
      expect(movedMs).toBeLessThan(GRACE_S * 1000);
      expect(leftMs).toBeLessThan(GRACE_S * 1000);
      await homeExited;
      const before = answered;
      await waitFor(async () => answered > before + 50, 'answers after the node left');
    } finally {
      calling = false;
      await Promise.all(loops);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
