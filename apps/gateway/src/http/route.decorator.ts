import { HttpCode, RequestMapping, RequestMethod, SetMetadata, applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { api, type ApiName } from '@freight/contracts';
import { parseRouteInput } from './validation.js';

export const ROUTE_NAME = 'freight:api-route';

/** Nest path of a contract path: `/api/users/search/{username}` → `users/search/:username` (the global prefix adds `/api`). */
export function nestPath(path: string): string {
  return path.replace(/^\/api\//, '').replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Binds a handler to a row of the contracts' `api` table: method, path and success
 * status come from the table, and the name lets the auth guard and `@Input()` find
 * the route's access rule and schemas.
 */
export function Route(name: ApiName): MethodDecorator {
  const route = api[name];
  return applyDecorators(
    RequestMapping({ path: nestPath(route.path), method: RequestMethod[route.method] }),
    HttpCode(route.status),
    SetMetadata(ROUTE_NAME, name),
  );
}

/** The route's params, query and body, validated with its contract schemas (`RouteInput<'name'>`). */
export const Input = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const name = Reflect.getMetadata(ROUTE_NAME, ctx.getHandler()) as ApiName | undefined;
  if (!name) throw new Error(`@Input() used on ${ctx.getHandler().name}, which has no @Route()`);
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  return parseRouteInput(api[name], { params: request.params, query: request.query, body: request.body, headers: request.headers });
});
