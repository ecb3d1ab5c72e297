import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { NatsRpcClient, RemoteError } from '@freight/server';
import { Subjects, api, can, type Actor, type ApiName, type ApiRoute } from '@freight/contracts';
import { forbidden, unauthorized } from '../http/errors.js';
import { ROUTE_NAME } from '../http/route.decorator.js';
import { RevocationService } from './revocation.service.js';
import { TokenService, type Session } from './token.service.js';

/**
 * Runs before every contract route: public routes pass; staff routes need a valid,
 * unrevoked bearer token (401) and, where the route names a permission, a role the
 * matrix allows (403). Target-dependent rules (whom an Admin may edit or delete) are
 * checked by the handlers once the input is validated.
 *
 * Accounts deleted or renamed after sign-in: a token stays good for reading until it
 * expires (at most SESSION_LENGTH_MS), but every write first reloads the actor from the
 * directory by username and requires the same id. A deleted or renamed account (or a
 * username now held by someone else) is 401, and a changed role is enforced at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly revocations: RevocationService,
    private readonly rpc: NatsRpcClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get<ApiName | undefined>(ROUTE_NAME, context.getHandler());
    if (!name) return true; // not a contract route (the docs)
    const route: ApiRoute = api[name];
    if (route.access === 'public') return true;

    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const session = await this.authenticate(request.headers.authorization);
    const permission = route.permission;
    if (permission) {
      if (!can(session.actor.role, permission.area, permission.action)) throw forbidden();
      if (permission.action !== 'read') {
        session.actor = await this.currentActor(session.actor);
        if (!can(session.actor.role, permission.area, permission.action)) throw forbidden();
      }
    }
    request.auth = session;
    return true;
  }

  private async authenticate(header: string | undefined): Promise<Session> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match) throw unauthorized();
    const session = await this.tokens.verify(match[1]!);
    if (this.revocations.isRevoked(session.jti)) throw unauthorized();
    return session;
  }

  /** The actor as the directory knows it now; 401 if the account is gone or is no longer this one. */
  private async currentActor(actor: Actor): Promise<Actor> {
    try {
      const user = await this.rpc.request(Subjects.directory.user.get, { username: actor.username });
      if (user._id !== actor.id) throw unauthorized();
      return { id: user._id, username: user.username, role: user.role };
    } catch (error) {
      if (error instanceof RemoteError && error.code === 'NOT_FOUND') throw unauthorized();
      throw error;
    }
  }
}
