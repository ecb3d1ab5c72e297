import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import { Messages, type ClientLoginResponse, type LoginResponse, type MessageReply } from '@freight/contracts';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';
import { RevocationService } from './revocation.service.js';
import { CurrentSession } from './session.decorator.js';
import { TokenService, type Session } from './token.service.js';

@Controller()
export class SessionController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly tokens: TokenService,
    private readonly revocations: RevocationService,
  ) {}

  /**
   * The directory checks the password and counts failures per username and per address
   * (hence the client ip, from X-Forwarded-For where the proxy is trusted); it answers
   * INVALID_CREDENTIALS (401) or TOO_MANY_ATTEMPTS (429).
   */
  @Route('login')
  async login(@Input() { body }: RouteInput<'login'>, @Req() request: FastifyRequest): Promise<LoginResponse> {
    const user = await this.rpc.request('directory.user.verifyCredentials', { ...body, ip: request.ip });
    const { token, expiresAt } = await this.tokens.sign({ id: user._id, username: user.username, role: user.role }, user.sessionVersion);
    return { token, user_id: user._id, user_role: user.role, user_username: user.username, user_fullName: user.fullName, expiresAt };
  }

  @Route('logout')
  async logout(@CurrentSession() session: Session): Promise<MessageReply> {
    await this.revocations.revoke(session);
    return { message: Messages.loggedOut };
  }

  /** A consignee or shipper signs in (limited as staff are, in the directory) and gets a client token. */
  @Route('clientLogin')
  async clientLogin(@Input() { body }: RouteInput<'clientLogin'>, @Req() request: FastifyRequest): Promise<ClientLoginResponse> {
    const client = await this.rpc.request('directory.client.verifyCredentials', { ...body, ip: request.ip });
    const { token, expiresAt } = await this.tokens.sign({ id: client.id, username: client.username, role: client.role }, client.sessionVersion, 'client');
    return { username: client.username, role: client.role, ourfullname: client.fullName, client_id: client.id, token, expiresAt };
  }

  @Route('clientLogout')
  clientLogout(@CurrentSession() session: Session): Promise<MessageReply> {
    return this.logout(session);
  }
}
