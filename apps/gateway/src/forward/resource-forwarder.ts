import { Controller, Inject, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JsonReply, NatsRpcClient } from '@freight/server';
import { TOTAL_COUNT_HEADER, api, type ApiName, type ApiRoute, type Page, type Subject } from '@freight/contracts';
import { addRouteHandlers } from '../http/route-handlers.js';
import { parseRouteInput } from '../http/validation.js';
import { assertUnreferenced } from './reference-check.js';

/** Every route of the `api` table that a resource definition owns (it names a NATS subject), but the CSV exports (csv-exporter.ts). */
export const forwardedRoutes = (Object.keys(api) as ApiName[]).filter((name) => (api[name] as ApiRoute).subject !== undefined && !(api[name] as ApiRoute).csv);

/**
 * The one controller for every resource route (ADR 15). Per call: the guard has checked the
 * token and the role against the matrix; here the parts are validated with the route's
 * schemas (and its cross-part rules), and forwarded as they are, with the actor, to the
 * route's subject. The service answers the REST reply itself; a paged list answers
 * `{items, total}`, sent as the array (or under the route's `listKey`: `{data: [...]}`, beside any other field it answers) with the
 * total in X-Total-Count. A public route is forwarded without an actor. A service's JsonReply goes on
 * as its bytes (ContractReplyInterceptor sends them).
 */
async function forward(rpc: NatsRpcClient, route: ApiRoute, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const input = parseRouteInput(route, { params: request.params, query: request.query, body: request.body, headers: request.headers });
  // A public route's message has no actor; a per-address limit needs the caller's address.
  const message = { ...(request.auth && { actor: request.auth.actor }), ...input, ...(route.clientAddress && { ip: request.ip }) };
  if (message.idempotencyKey === undefined) delete message.idempotencyKey;
  // A delete of master data that jobs use is refused before it reaches the directory (ADR 30).
  if (route.method === 'DELETE')
    await assertUnreferenced(rpc, route.subject as string, input.params as Record<string, string> | undefined, request.auth?.actor);
  // A read, or a write with its idempotency key, is safe to send again when NATS lost it in transit.
  const resendable = route.method === 'GET' || message.idempotencyKey !== undefined;
  const answer: unknown = await rpc.requestJson(route.subject as Subject, message as never, { resendable });
  if (!route.paged) return answer;
  // The page as the service's bytes (docs/adr/0059-json-replies-passed-as-bytes.md): sent as they are, the total beside
  // (under a `listKey`, the bytes are the whole body: the rows under that key and the service's other fields).
  if (answer instanceof JsonReply) {
    if ((input.query as { page?: number } | undefined)?.page !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(answer.total));
    return answer;
  }
  // A list answered inside an object may carry more beside its rows (`{success, results, summary}`): the service's other fields.
  const { items, total, ...beside } = answer as Page<unknown>;
  if ((input.query as { page?: number } | undefined)?.page !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(total));
  return route.listKey ? { ...beside, [route.listKey]: items } : items;
}

/** A Nest controller with one handler per forwarded route, each bound to its row with @Route (method, path, status, guard, reply schema). */
export function resourceForwarder(names: readonly ApiName[] = forwardedRoutes): Type {
  @Controller()
  class ResourceForwarder {
    constructor(@Inject(NatsRpcClient) readonly rpc: NatsRpcClient) {}
  }
  addRouteHandlers(ResourceForwarder, names, (forwarder, route, request, reply) => forward(forwarder.rpc, route, request, reply), { passthrough: true });
  return ResourceForwarder;
}
