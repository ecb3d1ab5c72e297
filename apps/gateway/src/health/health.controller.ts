import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import { SERVICES, healthSubject, type HealthReply, type ProbeReply } from '@freight/contracts';
import { Route } from '../http/route.decorator.js';
import { GatewayDrain } from './drain.service.js';

/** Short, so a health probe answers quickly even when a service hangs. */
export const HEALTH_TIMEOUT_MS = 1000;

@Controller()
export class HealthController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly drain: GatewayDrain,
  ) {}

  /** Liveness: the process runs and answers (docs/adr/0051-drain-and-probes.md). */
  @Route('healthLive')
  live(): ProbeReply {
    return { status: 'up' };
  }

  /** Readiness: 503 from the moment a drain starts, or while NATS does not answer; the services are each their own probes' business. */
  @Route('healthReady')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ProbeReply> {
    const status = this.drain.draining ? 'draining' : (await this.rpc.ping(HEALTH_TIMEOUT_MS)) ? 'ready' : 'nats down';
    if (status !== 'ready') void reply.status(503);
    return { status };
  }

  /** 200 when NATS and every service (with its database) answer; 503 with the same body otherwise. */
  @Route('health')
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReply> {
    const [nats, ...services] = await Promise.all([
      this.rpc.ping(HEALTH_TIMEOUT_MS),
      ...SERVICES.map((service) =>
        this.rpc.request(healthSubject(service), {}, { timeoutMs: HEALTH_TIMEOUT_MS }).then(
          (health) => health.database === 'up',
          () => false,
        ),
      ),
    ]);
    const healthy = nats && services.every(Boolean);
    if (!healthy) void reply.status(503);
    return {
      status: healthy ? 'up' : 'degraded',
      gateway: 'up',
      nats: nats ? 'up' : 'down',
      services: Object.fromEntries(SERVICES.map((service, i) => [service, services[i] ? 'up' : 'down'])),
    };
  }
}
