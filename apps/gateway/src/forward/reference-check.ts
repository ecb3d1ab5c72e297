import {
  REFERENCEABLE,
  inUseMessage,
  referencesUnknownMessage,
  referencingServices,
  resources,
  type ReferenceCount,
  type Referenceable,
  type Subject,
} from '@freight/contracts';
import { AppError, RemoteError, type NatsRpcClient } from '@freight/server';

/** What a delete route of referenced master data needs to ask: the thing, its key's path parameter, its name in sentences, who to ask. */
interface ReferencedDelete {
  thing: Referenceable;
  param: string;
  singular: string;
  services: string[];
}

/**
 * The delete subjects (`directory.consignee.delete`) of master data that some service's rows use
 * (its registry entry's `references`, ADR 30), with what to ask about them.
 */
const REFERENCED_DELETES: ReadonlyMap<string, ReferencedDelete> = new Map(
  REFERENCEABLE.flatMap((thing) => {
    const resource = resources[thing];
    const services = referencingServices(thing);
    const subject = (resource.subjects as Record<string, string>).delete;
    if (!subject || services.length === 0) return [];
    return [[subject, { thing, param: resource.naturalKey, singular: resource.texts.singular, services }] as const];
  }),
);

/**
 * Before a delete of master data that other services' rows use (ADR 26, 30): asks each of those
 * services how many of its active rows use the record, and refuses the delete with 409 naming the
 * count ("This consignee is used by 3 jobs and cannot be deleted.") when any does. A service that
 * does not answer makes it a 503: an orphaned job is worse than a retry. Other deletes pass.
 */
export async function assertUnreferenced(rpc: NatsRpcClient, subject: string, params: Record<string, string> | undefined): Promise<void> {
  const referenced = REFERENCED_DELETES.get(subject);
  const key = params?.[referenced?.param ?? ''];
  if (!referenced || key === undefined) return;
  let counts: ReferenceCount[];
  try {
    counts = await Promise.all(
      referenced.services.map(
        (service) => rpc.request(`${service}.references.count` as Subject, { thing: referenced.thing, key } as never) as Promise<ReferenceCount>,
      ),
    );
  } catch (error) {
    const code = error instanceof RemoteError ? error.body.code : undefined;
    if (code === 'SERVICE_UNAVAILABLE' || code === 'SERVICE_TIMEOUT') throw new AppError('SERVICE_UNAVAILABLE', referencesUnknownMessage(referenced.singular));
    throw error;
  }
  if (counts.some((c) => c.count > 0)) throw new AppError('CONFLICT', inUseMessage(referenced.singular, counts));
}
