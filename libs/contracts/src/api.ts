import { z } from 'zod';
import type { Action, Area } from './permissions.js';
import {
  loginRequestSchema,
  loginResponseSchema,
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userSearchReplySchema,
  userUpdateQuerySchema,
  userUpdateSchema,
  userWriteReplySchema,
} from './users.js';
import {
  branchCreateSchema,
  branchListQuerySchema,
  branchSchema,
  branchSearchReplySchema,
  branchUpdateSchema,
  branchWriteReplySchema,
} from './branches.js';
import { healthReplySchema, messageReplySchema, namesReplySchema } from './common.js';

/**
 * Every REST call under /api: method, path (OpenAPI style), who may call it and the
 * schemas of its parts. The gateway validates with these schemas and builds its
 * OpenAPI document from this table; the screens call the same paths.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  /** public: no token; staff: any signed-in staff member, then `permission` if given. */
  access: 'public' | 'staff';
  permission?: { area: Area; action: Action };
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  reply: z.ZodType;
  /** Success status. */
  status: 200 | 201;
  /** List calls answer the array and put the total in X-Total-Count when paged. */
  paged?: boolean;
  /**
   * Creates: the call accepts an Idempotency-Key header, and the service answers a repeat
   * (same key and body from the same user within 24 hours) with the first result, unwritten.
   */
  idempotent?: boolean;
}

const usernameParam = z.object({ username: z.string().min(1) });
const cityParam = z.object({ BranchCity: z.string().min(1) });

export const api = {
  health: { method: 'GET', path: '/api/health', summary: 'Health of the gateway, NATS and each service', access: 'public', reply: healthReplySchema, status: 200 },
  login: { method: 'POST', path: '/api/users/login', summary: 'Staff sign-in', access: 'public', body: loginRequestSchema, reply: loginResponseSchema, status: 200 },
  logout: { method: 'POST', path: '/api/users/logout', summary: 'Revoke the current token', access: 'staff', reply: messageReplySchema, status: 200 },
  usersAll: { method: 'GET', path: '/api/users/all', summary: 'List users', access: 'staff', permission: { area: 'users', action: 'read' }, query: userListQuerySchema, reply: z.array(userSchema), status: 200, paged: true },
  usersSearch: { method: 'GET', path: '/api/users/search/{username}', summary: 'Users whose username contains the text (case-insensitive), exact match first', access: 'staff', permission: { area: 'users', action: 'read' }, params: usernameParam, reply: userSearchReplySchema, status: 200 },
  usersUnique: { method: 'GET', path: '/api/users/unique', summary: 'Distinct full names of staff users', access: 'staff', permission: { area: 'users', action: 'read' }, reply: namesReplySchema, status: 200 },
  usersAdd: { method: 'POST', path: '/api/users/add', summary: 'Add a user', access: 'staff', permission: { area: 'users', action: 'write' }, body: userCreateSchema, reply: userWriteReplySchema, status: 201, idempotent: true },
  usersUpdate: { method: 'PUT', path: '/api/users/update', summary: 'Edit a user (term = current username, updateterm = new username)', access: 'staff', permission: { area: 'users', action: 'write' }, query: userUpdateQuerySchema, body: userUpdateSchema, reply: userWriteReplySchema, status: 200 },
  usersDelete: { method: 'DELETE', path: '/api/users/delete/{username}', summary: 'Delete a user', access: 'staff', permission: { area: 'users', action: 'delete' }, params: usernameParam, reply: messageReplySchema, status: 200 },
  branchesAll: { method: 'GET', path: '/api/branches/all', summary: 'List branches', access: 'staff', permission: { area: 'branches', action: 'read' }, query: branchListQuerySchema, reply: z.array(branchSchema), status: 200, paged: true },
  branchesUniqueCities: { method: 'GET', path: '/api/branches/unique-cities', summary: 'Branch city names', access: 'staff', permission: { area: 'branches', action: 'read' }, reply: namesReplySchema, status: 200 },
  branchesSearch: { method: 'GET', path: '/api/branches/search/{BranchCity}', summary: 'Branches whose city contains the text (case-insensitive), exact match first', access: 'staff', permission: { area: 'branches', action: 'read' }, params: cityParam, reply: branchSearchReplySchema, status: 200 },
  branchesAdd: { method: 'POST', path: '/api/branches/add', summary: 'Add a branch', access: 'staff', permission: { area: 'branches', action: 'write' }, body: branchCreateSchema, reply: branchWriteReplySchema, status: 201, idempotent: true },
  branchesUpdate: { method: 'PUT', path: '/api/branches/update/{BranchCity}', summary: 'Edit a branch (city and code stay)', access: 'staff', permission: { area: 'branches', action: 'write' }, params: cityParam, body: branchUpdateSchema, reply: branchWriteReplySchema, status: 200 },
  branchesDelete: { method: 'DELETE', path: '/api/branches/delete/{BranchCity}', summary: 'Delete a branch that has no users', access: 'staff', permission: { area: 'branches', action: 'delete' }, params: cityParam, reply: messageReplySchema, status: 200 },
} as const satisfies Record<string, ApiRoute>;

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
