import { z } from 'zod/mini';
import { STAFF_ROLES } from './roles.js';
import { choiceError } from './fields.js';
import { healthReplySchema, messageReplySchema } from './common.js';
import type { ApiRoute } from './resource.js';

// Sign-in, logout and health: the routes the console itself calls. Kept apart from the resource
// registry (api.ts) so that the console, which needs only these, does not bundle every
// resource's schemas: each new entity would grow its first load (ADR 18).

export const roleField = z.enum(STAFF_ROLES, { error: choiceError('Role', 'Admin, Head or Employee') });

export const loginRequestSchema = z.object({
  username: z.string({ error: 'Username is required' }).check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(100, 'Username is too long')),
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required'), z.maxLength(128, 'Password is too long')),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user_id: z.string(),
  user_role: roleField,
  user_username: z.string(),
  user_fullName: z.string(),
  /** Millisecond timestamp after which the server refuses the token. */
  expiresAt: z.int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The routes that are not a resource's: each has a controller of its own in the gateway. */
export const ownRoutes = {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Health of the gateway, NATS and each service',
    access: 'public',
    reply: healthReplySchema,
    status: 200,
  },
  login: {
    method: 'POST',
    path: '/api/users/login',
    summary: 'Staff sign-in',
    access: 'public',
    body: loginRequestSchema,
    reply: loginResponseSchema,
    status: 200,
  },
  logout: { method: 'POST', path: '/api/users/logout', summary: 'Revoke the current token', access: 'staff', reply: messageReplySchema, status: 200 },
} as const satisfies Record<string, ApiRoute>;
