import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Session } from './token.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by AuthGuard on every staff route. */
    auth?: Session;
  }
}

/** The verified session of a staff route (AuthGuard has run). */
export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): Session => {
  const session = ctx.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!session) throw new Error('CurrentSession used on a route without AuthGuard');
  return session;
});
