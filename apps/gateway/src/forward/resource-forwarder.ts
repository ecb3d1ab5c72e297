import { Controller, Inject, Req, Res, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import { TOTAL_COUNT_HEADER, api, type ApiName, type ApiRoute, type Page, type Subject } from '@freight/contracts';
import { Route } from '../http/route.decorator.js';
import { parseRouteInput } from '../http/validation.js';

/** Every route of the `api` table that a resource definition owns (it names a NATS subject). */
export const forwardedRoutes = (Object.keys(api) as ApiName[]).filter((name) => (api[name] as ApiRoute).subject !== undefined);

/**
 * The one controller for every resource route (ADR 15). Per call: the guard has checked the
 * token and the role against the matrix; here the parts are validated with the route's
 * schemas (and its cross-part rules), and forwarded as they are, with the actor, to the
 * route's subject. The service answers the REST reply itself; a paged list answers
 * `{items, total}`, sent as the array with the total in X-Total-Count.
 */
async function forward(rpc: NatsRpcClient, route: ApiRoute, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const input = parseRouteInput(route, { params: request.params, query: request.query, body: request.body, headers: request.headers });
  const message = { actor: request.auth!.actor, ...input };
  if (message.idempotencyKey === undefined) delete message.idempotencyKey;
  const answer: unknown = await rpc.request(route.subject as Subject, message as never);
  if (!route.paged) return answer;
  const page = answer as Page<unknown>;
  if ((input.query as { page?: number } | undefined)?.page !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}

/** A Nest controller with one handler per forwarded route, each bound to its row with @Route (method, path, status, guard, reply schema). */
export function resourceForwarder(names: readonly ApiName[] = forwardedRoutes): Type {
  @Controller()
  class ResourceForwarder {
    constructor(@Inject(NatsRpcClient) readonly rpc: NatsRpcClient) {}
  }
  for (const name of names) {
    const route: ApiRoute = api[name];
    const handler = function (this: ResourceForwarder, request: FastifyRequest, reply: FastifyReply) {
      return forward(this.rpc, route, request, reply);
    };
    Object.defineProperty(handler, 'name', { value: name });
    Object.defineProperty(ResourceForwarder.prototype, name, { value: handler, writable: true, configurable: true });
    Req()(ResourceForwarder.prototype, name, 0);
    Res({ passthrough: true })(ResourceForwarder.prototype, name, 1);
    Route(name)(ResourceForwarder.prototype, name, Object.getOwnPropertyDescriptor(ResourceForwarder.prototype, name)!);
  }
  return ResourceForwarder;
}
