import { healthReplySchema, messageReplySchema } from './common.js';
import { loginRequestSchema, loginResponseSchema } from './directory/user.resource.js';
import { clientLoginRequestSchema, clientLoginResponseSchema } from './directory/client-account.js';
import type { ApiRoute } from './resource.js';
import { resources, type Resources } from './resources.js';

export type { ApiRoute } from './resource.js';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ResourceRoutes = UnionToIntersection<{ [K in keyof Resources]: Resources[K]['routes'] }[keyof Resources]>;

/** The routes that are not a resource's: each has a controller of its own in the gateway. */
const ownRoutes = {
  health: { method: 'GET', path: '/api/health', summary: 'Health of the gateway, NATS and each service', access: 'public', reply: healthReplySchema, status: 200 },
  login: { method: 'POST', path: '/api/users/login', summary: 'Staff sign-in', access: 'public', body: loginRequestSchema, reply: loginResponseSchema, status: 200 },
  logout: { method: 'POST', path: '/api/users/logout', summary: 'Revoke the current token', access: 'staff', reply: messageReplySchema, status: 200 },
  clientLogin: {
    method: 'POST',
    path: '/api/clientlogin/myclientlogin',
    summary: 'Client (consignee or shipper) sign-in: a client token',
    access: 'public',
    body: clientLoginRequestSchema,
    reply: clientLoginResponseSchema,
    status: 200,
  },
  clientLogout: { method: 'POST', path: '/api/clientlogin/logout', summary: 'Revoke the current client token', access: 'client', reply: messageReplySchema, status: 200 },
} as const satisfies Record<string, ApiRoute>;

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

/** Fill `{param}` placeholders of a route path, encoding each value. */
export function apiPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(value);
  });
}
