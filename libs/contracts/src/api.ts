import { ownRoutes } from './sign-in.js';
import type { ApiRoute } from './resource.js';
import { resources, type Resources } from './resources.js';

export type { ApiRoute } from './resource.js';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ResourceRoutes = UnionToIntersection<{ [K in keyof Resources]: Resources[K]['routes'] }[keyof Resources]>;

/**
 * Every REST call under /api: method, path (OpenAPI style), who may call it and the
 * schemas of its parts. The gateway validates with these schemas, forwards the resource
 * routes (those with a `subject`) and builds its OpenAPI document from this table; the
 * screens call the same routes through the typed client.
 */
export const api = {
  ...ownRoutes,
  ...(Object.assign({}, ...Object.values(resources).map((resource) => resource.routes)) as ResourceRoutes),
} as typeof ownRoutes & ResourceRoutes;

export type ApiName = keyof typeof api;

/** The idempotent route called with `method` on `path` (a concrete path, e.g. `/api/users/add`), if any. */
export function idempotentRoute(method: string, path: string): ApiRoute | undefined {
  const routes: ApiRoute[] = Object.values(api);
  return routes.find((route) => route.idempotent && route.method === method.toUpperCase() && pathPattern(route.path).test(path));
}

function pathPattern(path: string): RegExp {
  const literal = path.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('[^/]+')}$`);
}

export { apiPath } from './api-path.js';
