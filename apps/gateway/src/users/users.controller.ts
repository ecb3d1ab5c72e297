import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppError, NatsRpcClient } from '@freight/server';
import { Messages, Subjects, TOTAL_COUNT_HEADER, type MessageReply, type User } from '@freight/contracts';
import { CurrentSession } from '../auth/session.decorator.js';
import type { Session } from '../auth/token.service.js';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';

const subjects = Subjects.directory.user;

/**
 * Staff users. The guard has checked the role may act in the area; whom the actor may add,
 * edit or delete (permissions.ts) the directory checks in the transaction of the change.
 */
@Controller()
export class UsersController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Route('usersAll')
  async all(@Input() { query }: RouteInput<'usersAll'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<User[]> {
    const page = await this.rpc.request(subjects.list, query);
    if (query.page !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(page.total));
    return page.items;
  }

  @Route('usersSearch')
  async search(@Input() { params }: RouteInput<'usersSearch'>) {
    return { success: true as const, users: await this.rpc.request(subjects.search, { username: params.username }) };
  }

  @Route('usersUnique')
  unique(): Promise<string[]> {
    return this.rpc.request(subjects.unique, {});
  }

  @Route('usersAdd')
  async add(@Input() { body, idempotencyKey }: RouteInput<'usersAdd'>, @CurrentSession() { actor }: Session) {
    const user = await this.rpc.request(subjects.create, { actor, idempotencyKey, user: body });
    return { success: true as const, message: Messages.userAdded, user };
  }

  /** `term` is the current username, `updateterm` the new one (the same when not renaming). */
  @Route('usersUpdate')
  async update(@Input() { query, body }: RouteInput<'usersUpdate'>, @CurrentSession() { actor }: Session) {
    if (body.username !== undefined && body.username.toLowerCase() !== query.updateterm.toLowerCase()) {
      throw new AppError('VALIDATION_FAILED', 'The username in the body must match updateterm.', { username: 'Must match updateterm' });
    }
    const user = await this.rpc.request(subjects.update, { actor, username: query.term, newUsername: query.updateterm, user: body });
    return { success: true as const, message: Messages.userUpdated, user };
  }

  @Route('usersDelete')
  async delete(@Input() { params }: RouteInput<'usersDelete'>, @CurrentSession() { actor }: Session): Promise<MessageReply> {
    await this.rpc.request(subjects.delete, { actor, username: params.username });
    return { message: Messages.userDeleted };
  }
}
