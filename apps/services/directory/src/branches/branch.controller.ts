import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type DirectoryMessages } from '@freight/contracts';
import { ZodPayloadPipe } from '@freight/server';
import { emptyPayload, payloads } from '../payloads.js';
import { BranchService } from './branch.service.js';

type Reply<S extends keyof DirectoryMessages> = Promise<DirectoryMessages[S]['reply']>;
const S = Subjects.directory.branch;

@Controller()
export class BranchController {
  constructor(private readonly branches: BranchService) {}

  @MessagePattern(S.list)
  list(@Payload(new ZodPayloadPipe(payloads.branchList)) query: DirectoryMessages[typeof S.list]['request']): Reply<typeof S.list> {
    return this.branches.list(query);
  }

  @MessagePattern(S.search)
  search(@Payload(new ZodPayloadPipe(payloads.branchSearch)) { city }: { city: string }): Reply<typeof S.search> {
    return this.branches.search(city);
  }

  @MessagePattern(S.uniqueCities)
  uniqueCities(@Payload(new ZodPayloadPipe(emptyPayload)) _: unknown): Reply<typeof S.uniqueCities> {
    return this.branches.uniqueCities();
  }

  @MessagePattern(S.get)
  get(@Payload(new ZodPayloadPipe(payloads.branchGet)) { city }: { city: string }): Reply<typeof S.get> {
    return this.branches.get(city);
  }

  @MessagePattern(S.create)
  create(@Payload(new ZodPayloadPipe(payloads.branchCreate)) body: DirectoryMessages[typeof S.create]['request']): Reply<typeof S.create> {
    return this.branches.create(body.actor, body.branch, body.idempotencyKey);
  }

  @MessagePattern(S.update)
  update(@Payload(new ZodPayloadPipe(payloads.branchUpdate)) body: DirectoryMessages[typeof S.update]['request']): Reply<typeof S.update> {
    return this.branches.update(body.actor, body.city, body.branch);
  }

  @MessagePattern(S.delete)
  delete(@Payload(new ZodPayloadPipe(payloads.branchDelete)) body: DirectoryMessages[typeof S.delete]['request']): Reply<typeof S.delete> {
    return this.branches.delete(body.city);
  }
}
