import { messageReplySchema, probeReplySchema } from './common.js';
import { clientLoginRequestSchema, clientLoginResponseSchema } from './directory/client-account.js';
import { ownRoutes } from './sign-in.js';
import { companyRoutes } from './company.js';
import { contactRoutes } from './notification/contact.resource.js';
import { jobMailRoutes } from './shipment/job-mail.js';
import { statementPdfRoutes } from './accounts/statement.resource.js';
import type { ApiRoute } from './resource.js';
import { resources, type Resources } from './resources.js';

export type { ApiRoute } from './resource.js';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ResourceRoutes = UnionToIntersection<{ [K in keyof Resources]: Resources[K]['routes'] }[keyof Resources]>;

/** Client (consignee or shipper) sign-in and logout: the gateway's own controller, like staff sign-in. */
const clientRoutes = {
  clientLogin: {
    method: 'POST',
    path: '/api/clientlogin/myclientlogin',
    summary: 'Client (consignee or shipper) sign-in: a client token',
    access: 'public',
    body: clientLoginRequestSchema,
    reply: clientLoginResponseSchema,
    status: 200,
  },
  clientLogout: {
    method: 'POST',
    path: '/api/clientlogin/logout',
    summary: 'Revoke the current client token',
    access: 'client',
    reply: messageReplySchema,
    status: 200,
  },
} as const satisfies Record<string, ApiRoute>;

/** The gateway's probes for the edge and Kubernetes (docs/adr/0051-drain-and-probes.md); /api/health asks every service besides. */
const probeRoutes = {
  healthLive: {
    method: 'GET',
    path: '/api/health/live',
    summary: 'Liveness: 200 while the gateway runs',
    access: 'public',
    reply: probeReplySchema,
    status: 200,
  },
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Readiness: 200 while the gateway takes traffic; 503 while it drains or NATS is down',
    access: 'public',
    reply: probeReplySchema,
    status: 200,
  },
} as const satisfies Record<string, ApiRoute>;

/**
 * Every REST call under /api: method, path (OpenAPI style), who may call it and the
 * schemas of its parts. The gateway validates with these schemas, forwards the resource
 * routes (those with a `subject`) and builds its OpenAPI document from this table; the
 * screens call the same routes through the typed client.
 */
export const api = {
  ...ownRoutes,
  ...clientRoutes,
  ...probeRoutes,
  ...contactRoutes,
  ...companyRoutes,
  ...jobMailRoutes,
  ...statementPdfRoutes,
  ...(Object.assign({}, ...Object.values(resources).map((resource) => resource.routes)) as ResourceRoutes),
} as typeof ownRoutes &
  typeof clientRoutes &
  typeof probeRoutes &
  typeof contactRoutes &
  typeof companyRoutes &
  typeof jobMailRoutes &
  typeof statementPdfRoutes &
  ResourceRoutes;

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
