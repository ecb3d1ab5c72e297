import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type DirectoryMessages } from '@freight/contracts';
import { ZodPayloadPipe } from '@freight/server';
import { emptyPayload, payloads } from '../payloads.js';
import { UserService } from './user.service.js';

type Req<S extends keyof DirectoryMessages> = DirectoryMessages[S]['request'];
type Reply<S extends keyof DirectoryMessages> = Promise<DirectoryMessages[S]['reply']>;
const S = Subjects.directory.user;

@Controller()
export class UserController {
  constructor(private readonly users: UserService) {}

  @MessagePattern(S.verifyCredentials)
  verifyCredentials(@Payload(new ZodPayloadPipe(payloads.verifyCredentials)) body: Req<typeof S.verifyCredentials>): Reply<typeof S.verifyCredentials> {
    return this.users.verifyCredentials(body.username, body.password, body.ip);
  }

  @MessagePattern(S.sessionState)
  sessionState(@Payload(new ZodPayloadPipe(payloads.userSessionState)) body: Req<typeof S.sessionState>): Reply<typeof S.sessionState> {
    return this.users.sessionState(body.id);
  }

  @MessagePattern(S.list)
  list(@Payload(new ZodPayloadPipe(payloads.userList)) query: Req<typeof S.list>): Reply<typeof S.list> {
    return this.users.list(query);
  }

  @MessagePattern(S.search)
  search(@Payload(new ZodPayloadPipe(payloads.userSearch)) body: Req<typeof S.search>): Reply<typeof S.search> {
    return this.users.search(body.username);
  }

  @MessagePattern(S.unique)
  unique(@Payload(new ZodPayloadPipe(emptyPayload)) _: unknown): Reply<typeof S.unique> {
    return this.users.uniqueFullNames();
  }

  @MessagePattern(S.get)
  get(@Payload(new ZodPayloadPipe(payloads.userGet)) body: Req<typeof S.get>): Reply<typeof S.get> {
    return this.users.get(body.username);
  }

  @MessagePattern(S.create)
  create(@Payload(new ZodPayloadPipe(payloads.userCreate)) body: Req<typeof S.create>): Reply<typeof S.create> {
    return this.users.create(body.actor, body.user, body.idempotencyKey);
  }

  @MessagePattern(S.update)
  update(@Payload(new ZodPayloadPipe(payloads.userUpdate)) body: Req<typeof S.update>): Reply<typeof S.update> {
    return this.users.update(body.actor, body.username, body.newUsername, body.user);
  }

  @MessagePattern(S.delete)
  delete(@Payload(new ZodPayloadPipe(payloads.userDelete)) body: Req<typeof S.delete>): Reply<typeof S.delete> {
    return this.users.delete(body.actor, body.username);
  }
}
