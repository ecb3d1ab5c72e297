import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import { Messages, Subjects, TOTAL_COUNT_HEADER, type Branch, type MessageReply } from '@freight/contracts';
import { CurrentSession } from '../auth/session.decorator.js';
import type { Session } from '../auth/token.service.js';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';

const subjects = Subjects.directory.branch;

/** Branches: every staff member reads, only Head writes (enforced by the guard from the matrix). */
@Controller()
export class BranchesController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Route('branchesAll')
  async all(@Input() { query }: RouteInput<'branchesAll'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Branch[]> {
    const page = await this.rpc.request(subjects.list, query);
    if (query.page !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(page.total));
    return page.items;
  }

  @Route('branchesUniqueCities')
  uniqueCities(): Promise<string[]> {
    return this.rpc.request(subjects.uniqueCities, {});
  }

  @Route('branchesSearch')
  async search(@Input() { params }: RouteInput<'branchesSearch'>) {
    return { success: true as const, branches: await this.rpc.request(subjects.search, { city: params.BranchCity }) };
  }

  @Route('branchesAdd')
  async add(@Input() { body, idempotencyKey }: RouteInput<'branchesAdd'>, @CurrentSession() { actor }: Session) {
    const branch = await this.rpc.request(subjects.create, { actor, idempotencyKey, branch: body });
    return { success: true as const, message: Messages.branchAdded, branch };
  }

  /** City and code are read-only: the directory refuses a body that changes them. */
  @Route('branchesUpdate')
  async update(@Input() { params, body }: RouteInput<'branchesUpdate'>, @CurrentSession() { actor }: Session) {
    const branch = await this.rpc.request(subjects.update, { actor, city: params.BranchCity, branch: body });
    return { success: true as const, message: Messages.branchUpdated, branch };
  }

  @Route('branchesDelete')
  async delete(@Input() { params }: RouteInput<'branchesDelete'>, @CurrentSession() { actor }: Session): Promise<MessageReply> {
    await this.rpc.request(subjects.delete, { actor, city: params.BranchCity });
    return { message: Messages.branchDeleted };
  }
}
