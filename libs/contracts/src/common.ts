import type { ServiceName } from './services.js';
import { z } from 'zod/mini';

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.optional(z.record(z.string(), z.string())),
});

export const namesReplySchema = z.array(z.string());

export const healthReplySchema = z.object({
  status: z.enum(['up', 'degraded']),
  gateway: z.literal('up'),
  nats: z.enum(['up', 'down']),
  services: z.record(z.string(), z.enum(['up', 'down'])),
});
export type HealthReply = z.infer<typeof healthReplySchema>;

/** The gateway's probes (docs/adr/0051-drain-and-probes.md): live while the process runs; ready, or why not. */
export const probeReplySchema = z.object({ status: z.enum(['up', 'ready', 'draining', 'nats down']) });
export type ProbeReply = z.infer<typeof probeReplySchema>;

/** What each service answers on `<service>.health`. */
export interface ServiceHealth {
  service: ServiceName;
  database: 'up' | 'down';
}
