import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { api, can, isStaffRole, type ApiName, type ApiRoute } from '@freight/contracts';
import { forbidden, unauthorized } from '../http/errors.js';
import { ROUTE_NAME } from '../http/route.decorator.js';
import { RevocationService } from './revocation.service.js';
import { SessionStateService } from './session-state.service.js';
import { TokenService, type Session } from './token.service.js';

/**
 * Runs before every contract route: public routes pass; staff routes need a valid,
 * unrevoked bearer token whose user still exists with the session version the token was
 * signed with (401), of the staff kind (a client's token: 403), and, where the route names a
 * permission, a role the matrix allows (403). Client routes need a client token, checked
 * the same way against the client's record (a staff token: 403). A staff route with an `owner`
 * also takes a client token of that kind, for the client's own data only (the path names them, by username or id, else 403); one with
 * `clients` (the reads of an area clients read, requirements decisions §4) takes a client token of those kinds. A route
 * with `self` names the staff caller's own id in the path (another id: 403). The role, like the username, is the user's current one, not the token's, so a
 * demotion takes effect on reads too. Rules that depend on the target (whom an Admin may
 * edit or delete) are the services', checked in the transaction of the change.
 *
 * The user's state comes from SessionStateService, at most SESSION_STATE_MAX_AGE_MS old:
 * a new password, role or username, or a delete, ends every session of the user within that.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly revocations: RevocationService,
    private readonly states: SessionStateService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get<ApiName | undefined>(ROUTE_NAME, context.getHandler());
    if (!name) return true; // not a contract route (the docs)
    await this.authorize(api[name], context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }

  /** Throws 401 or 403 unless `request` may call `route`; sets `request.auth` on a signed-in route (the forwarded routes call this directly). */
  async authorize(route: ApiRoute, request: FastifyRequest): Promise<void> {
    if (route.access === 'public') return;
    const session = await this.authenticate(request.headers.authorization);
    const owner = route.owner;
    const clientOnStaffRoute = session.kind === 'client' && route.access === 'staff' && Boolean(owner || route.clients?.length);
    // A client token on a staff call (but a client reading their own data, or an area clients read), or a staff token on a client call: signed in, but not for this.
    if (session.kind !== route.access && !clientOnStaffRoute) throw forbidden();
    await this.refreshActor(session);
    if (clientOnStaffRoute && owner) {
      // The path names the client by username, or by id (`by: 'id'`: the consignee's or shipper's uuid).
      const named = (request.params as Record<string, string | undefined>)[owner.param] ?? '';
      const own = owner.by === 'id' ? session.actor.id : session.actor.username;
      if (session.actor.role !== owner.role || named.trim().toLowerCase() !== own.toLowerCase()) throw forbidden();
    } else if (clientOnStaffRoute) {
      if (!(route.clients as readonly string[]).includes(session.actor.role)) throw forbidden();
    } else {
      const permission = route.permission;
      if (permission && !(isStaffRole(session.actor.role) && can(session.actor.role, permission.area, permission.action))) throw forbidden();
      // A list of "my" jobs names the caller (requirements decisions §3): another user's id is 403, whatever the role.
      if (route.self && (request.params as Record<string, string | undefined>)[route.self]?.toLowerCase() !== session.actor.id.toLowerCase()) throw forbidden();
    }
    request.auth = session;
  }

  private async authenticate(header: string | undefined): Promise<Session> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match) throw unauthorized();
    const session = await this.tokens.verify(match[1]!);
    if (this.revocations.isRevoked(session.jti)) throw unauthorized();
    return session;
  }

  /** The token's user or client as they are now; 401 once deleted or since a change that ended their sessions. */
  private async refreshActor(session: Session): Promise<void> {
    // A token newer than the state known here refreshes it; an older one is refused.
    const state = await this.states.current(session.actor.id, session.kind, session.sessionVersion);
    if (!state || state.sessionVersion !== session.sessionVersion) throw unauthorized();
    session.actor = { id: state.id, username: state.username, role: state.role } as typeof session.actor;
  }
}
