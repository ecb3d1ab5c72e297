import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { users, type Actor } from '@freight/contracts';
import { NatsRpcClient, natsMicroserviceOptions, parseRequestKey } from '@freight/server';
import { startNatsCluster, type NatsCluster } from './nats-cluster.js';
import { uniqueNamespace } from './nats.js';
import { until } from './until.js';

// A replica of a service on a NATS node that enters lame duck mode (how a node is restarted,
// docs/adr/0051-drain-and-probes.md) moves to another node before that node closes its
// connection: a request routed to it then would be lost and its caller would wait out the time-out.

const GRACE_S = 5;

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
  const namespace = uniqueNamespace();
  const key = parseRequestKey(randomBytes(32).toString('base64'));
  let cluster: NatsCluster | undefined;
  let service: INestMicroservice | undefined;
  let caller: NatsRpcClient | undefined;

  afterAll(async () => {
    await caller?.close();
    await service?.close();
    await cluster?.stop();
  });

  it('subscribes on another node and drains its old connection before the node closes it, failing no request', async () => {
    cluster = await startNatsCluster({ size: 2, graceSeconds: GRACE_S });
    const { nodes } = cluster;
    const nats = { NATS_URL: cluster.url, NATS_NAMESPACE: namespace, NATS_REQUEST_TIMEOUT_MS: 5000 };
    service = await NestFactory.createMicroservice(EchoModule, {
      ...natsMicroserviceOptions('directory', { ...nats, GATEWAY_REQUEST_KEY: key }),
      logger: false,
    });
    await service.listen();
    const name = `${namespace}directory`;
    const [home] = await until(
      async () => ((await cluster!.nodesHolding(name, true)).length ? cluster!.nodesHolding(name, true) : undefined),
      'the replica subscribed',
    );
    const other = nodes.find((node) => node !== home)!;
    // The caller (the gateway) on the other node: only the service's connection is in the way.
    caller = new NatsRpcClient({ ...nats, NATS_URL: other.url, DIRECTORY_REQUEST_KEY: key }, 'lame-duck-test');
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
      await until(async () => answered > 50 || undefined, 'the first answers');
      const homeExited = new Promise((resolve) => home.process.once('exit', resolve));
      const signalled = Date.now();
      home.process.kill('SIGUSR2');
      // Within the grace period the node closes no connection: a replica that moved did it itself.
      await until(async () => ((await cluster!.nodesHolding(name, true)).includes(other) ? true : undefined), 'the replica on the other node', GRACE_S * 1000);
      await until(async () => (!(await cluster!.nodesHolding(name)).includes(home) ? true : undefined), 'the old connection drained', GRACE_S * 1000);
      expect(Date.now() - signalled).toBeLessThan(GRACE_S * 1000);
      await homeExited;
      const before = answered;
      await until(async () => answered > before + 50 || undefined, 'answers after the node left');
    } finally {
      calling = false;
      await Promise.all(loops);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
