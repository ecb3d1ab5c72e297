import { Controller } from '@nestjs/common';
import type { ReplyOf, RequestOf } from '@freight/contracts';
import { InternalMessage } from '@freight/server';
import { UserHandlers } from './user.handlers.js';

/** The user subjects that are no REST call's: the gateway's sign-in and its session checks. */
@Controller()
export class UserInternalController {
  constructor(private readonly users: UserHandlers) {}

  @InternalMessage('directory.user.verifyCredentials')
  verifyCredentials(message: RequestOf<'directory.user.verifyCredentials'>): Promise<ReplyOf<'directory.user.verifyCredentials'>> {
    return this.users.verifyCredentials(message);
  }

  @InternalMessage('directory.user.sessionState')
  sessionState(message: RequestOf<'directory.user.sessionState'>): Promise<ReplyOf<'directory.user.sessionState'>> {
    return this.users.sessionState(message);
  }
}
