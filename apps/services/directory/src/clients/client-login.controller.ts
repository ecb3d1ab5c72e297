import { Controller, Inject } from '@nestjs/common';
import { Messages, type ClientSessionState, type ReplyOf, type RequestOf } from '@freight/contracts';
import { AppError, InternalMessage } from '@freight/server';
import { LoginThrottleService } from '../users/login-throttle.service.js';
import { verifyPassword } from '../users/password.js';
import { ClientAccountsRepository } from './client-accounts.repository.js';

/**
 * Client sign-in (consignees and shippers) and the gateway's checks of client tokens. Attempts are
 * counted as staff sign-in's are (ADR 10), before the password is checked, under keys of their
 * own (`client:<username>`): clients and staff are separate namespaces.
 */
@Controller()
export class ClientLoginController {
  constructor(
    @Inject(ClientAccountsRepository) private readonly clients: ClientAccountsRepository,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
  ) {}

  @InternalMessage('directory.client.verifyCredentials')
  async verifyCredentials({ username, password, ip }: RequestOf<'directory.client.verifyCredentials'>): Promise<ReplyOf<'directory.client.verifyCredentials'>> {
    const attempt = await this.throttle.begin(`client:${username}`, ip);
    const client = await this.clients.credentials(username);
    // Always one hash verification, found or not: the answer time does not tell which.
    if (!(await verifyPassword(client?.passwordHash, password)) || !client) {
      await this.throttle.failed();
      throw new AppError('INVALID_CREDENTIALS', Messages.invalidCredentials);
    }
    await this.throttle.succeeded(attempt);
    const { passwordHash: _, ...reply } = client;
    return reply;
  }

  @InternalMessage('directory.client.sessionState')
  async sessionState({ id }: RequestOf<'directory.client.sessionState'>): Promise<ClientSessionState> {
    const state = await this.clients.sessionState(id);
    if (!state) throw new AppError('NOT_FOUND', 'Client not found');
    return state;
  }
}
