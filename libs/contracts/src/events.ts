import { z } from 'zod/mini';
import type { ServiceName } from './services.js';

/**
 * Events (ADR 21): every change a service makes to a record it owns is published on JetStream
 * as `events.<service>.<thing>.<created|updated|deleted>`, written through the service's outbox
 * in the change's own transaction. Each producing service owns one stream, `EVENTS_<SERVICE>`,
 * that holds its subjects (and their one-token-namespaced form, for tests sharing a server).
 */
export const CHANGES = ['created', 'updated', 'deleted'] as const;
export type Change = (typeof CHANGES)[number];

/** First token of every event subject; no service may be named so (tools/dev/services.mjs). */
export const EVENTS_TOKEN = 'events';

/** `events.directory.branch.updated` */
export function eventSubject(service: ServiceName, thing: string, change: Change): string {
  return `${EVENTS_TOKEN}.${service}.${thing}.${change}`;
}

/** The JetStream stream of `service`'s events (the name tools/dev/nats-config.mjs grants it). */
export function eventStreamName(service: ServiceName): string {
  return `EVENTS_${service.toUpperCase()}`;
}

/**
 * The payload of a change event. `key` is the record's natural key BEFORE the change (for a
 * create, its key), so a copy kept elsewhere finds the row to change even when the update is
 * a rename; `before` is the record as it was (updated, deleted), `after` as it now is
 * (created, updated), each as the service's replies show it (never a secret such as a
 * password hash).
 */
export interface ChangeEvent<R = unknown> {
  key: string;
  before?: R;
  after?: R;
  /** Who made the change (a staff user): a copy that records changes names them (the accounts ledger, ADR 34). */
  by?: { id: string; username: string };
}

export const changeEventSchema = z.object({
  key: z.string(),
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
  by: z.optional(z.object({ id: z.string(), username: z.string() })),
});
