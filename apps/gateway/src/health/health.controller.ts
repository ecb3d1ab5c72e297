import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import { SERVICES, healthSubject, type HealthReply } from '@freight/contracts';
import { Route } from '../http/route.decorator.js';

/** Short, so a health probe answers quickly even when a service hangs. */
export const HEALTH_TIMEOUT_MS = 1000;

@Controller()
export class HealthController {
  constructor(private readonly rpc: NatsRpcClient) {}

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
