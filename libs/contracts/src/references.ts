import { z } from 'zod/mini';
import { KEY_MAX_LENGTH } from './params.js';
import { REFERENCEABLE, serviceRegistry, type Referenceable, type ServiceName } from './services.js';

/*
 * Master data that other services' rows use (ADR 26, amended by ADR 30). A service that keeps
 * copies of directory records lists their resource names under `references` in the service
 * registry and answers `<service>.references.count` with how many of its *active* rows use one
 * (open jobs). Before a delete of such a record the gateway asks every listed service, and
 * refuses the delete with 409 when any row uses it.
 */

/** `<service>.references.count`: the record by the natural key its delete URL names (a consignee's id, a yard's name, a user's username). */
export const referenceCountRequestSchema = z.object({
  thing: z.enum(REFERENCEABLE),
  key: z.string().check(z.trim(), z.minLength(1, 'key is required'), z.maxLength(KEY_MAX_LENGTH)),
});
export type ReferenceCountRequest = z.infer<typeof referenceCountRequestSchema>;

/** How many of the service's active rows use the record, and what they are called (`job`, `jobs`). */
export const referenceCountSchema = z.object({ count: z.int(), one: z.string(), many: z.string() });
export type ReferenceCount = z.infer<typeof referenceCountSchema>;

/** The services whose rows may use records of `thing` (their registry entries' `references`). */
export function referencingServices(thing: string): ServiceName[] {
  return serviceRegistry()
    .filter((service) => (service.references ?? []).includes(thing as Referenceable))
    .map((service) => service.name);
}

/** 409 for a delete of a used record: "This consignee is used by 3 jobs and cannot be deleted." */
export function inUseMessage(singular: string, counts: readonly ReferenceCount[]): string {
  const used = counts.filter((c) => c.count > 0).map((c) => `${c.count} ${c.count === 1 ? c.one : c.many}`);
  const list = used.length > 1 ? `${used.slice(0, -1).join(', ')} and ${used.at(-1)}` : used[0];
  return `This ${singular} is used by ${list} and cannot be deleted.`;
}

/** 503 when a referencing service does not answer: an orphan is worse than a retry (ADR 26). */
export const referencesUnknownMessage = (singular: string) => `Could not check whether this ${singular} is still in use. Please try again in a moment.`;
