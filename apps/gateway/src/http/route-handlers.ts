import { Req, Res, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, type ApiName, type ApiRoute } from '@freight/contracts';
import { Route } from './route.decorator.js';

export type RouteHandler<C> = (controller: C, route: ApiRoute, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Gives `controller` one handler per route of `names`, bound to its row of the `api` table
 * with @Route (method, path, status, guard, reply schema) and called with the request and the
 * reply: with `passthrough` Nest still sends what the handler answers, without it the handler
 * sends the reply itself (a stream).
 */
export function addRouteHandlers<C extends object>(
  controller: Type<C>,
  names: readonly ApiName[],
  handle: RouteHandler<C>,
  { passthrough }: { passthrough: boolean },
): void {
  for (const name of names) {
    const route: ApiRoute = api[name];
    const handler = function (this: C, request: FastifyRequest, reply: FastifyReply) {
      return handle(this, route, request, reply);
    };
    Object.defineProperty(handler, 'name', { value: name });
    Object.defineProperty(controller.prototype, name, { value: handler, writable: true, configurable: true });
    Req()(controller.prototype, name, 0);
    Res({ passthrough })(controller.prototype, name, 1);
    Route(name)(controller.prototype, name, Object.getOwnPropertyDescriptor(controller.prototype, name)!);
  }
}
