import { Controller, Injectable, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import {
  defineResource,
  isErrorBody,
  keyParam,
  listQuerySchema,
  type Actor,
  type ErrorBody,
  type CrossPartProblem,
  type ResourceHandlers,
  type UserSessionState,
} from '@freight/contracts';
import { lastValueFrom } from 'rxjs';
import { z } from 'zod/mini';
import { AppError, RpcErrorFilter } from './errors.js';
import { InternalMessage, ValidatedMessage, resourceController } from './resource-controller.js';

/** Nest's message pipeline (pipes, filters) without a network: `call(subject, data)` runs the handler as a transport would. */
class InMemoryTransport extends Server implements CustomTransportStrategy {
  listen(callback: () => void) {
    callback();
  }
  close() {}
  on() {}
  unwrap<T>(): T {
    return undefined as T;
  }
  async call(subject: string, data: unknown): Promise<unknown> {
    const handler = this.getHandlerByPattern(subject);
    if (!handler) throw new Error(`no handler for ${subject}`);
    return lastValueFrom(this.transformToObservable(await handler(data)));
  }
}

const probes = defineResource({
  service: 'directory',
  name: 'probe',
  key: 'probes',
  area: 'branches',
  naturalKey: 'Name',
  sortFields: ['Name'],
  searchFields: ['Name'],
  texts: { singular: 'probe', plural: 'probes', added: 'Probe added', updated: 'Probe updated', deleted: 'Probe deleted', notFound: 'No such probe' },
  operations: {
    all: {
      method: 'GET',
      path: '/api/probes/all',
      summary: 'List',
      action: 'read',
      query: listQuerySchema(['Name']),
      reply: z.array(z.object({ Name: z.string() })),
      paged: true,
    },
    add: {
      method: 'POST',
      path: '/api/probes/add',
      summary: 'Add',
      action: 'write',
      body: z.object({ Name: z.string().check(z.minLength(2, 'Name is too short')), Size: z.number() }),
      reply: z.object({ message: z.string() }),
      idempotent: true,
      refine: ({ body }: { body: { Name: string; Size: number } }): CrossPartProblem[] =>
        body.Size > body.Name.length ? [{ field: 'Size', message: 'Too big for its name' }] : [],
    },
    resize: {
      method: 'PUT',
      path: '/api/probes/resize',
      summary: 'Resize',
      action: 'write',
      body: z.object({ Name: z.string(), Size: z.number() }),
      // The spec's `Size` is `size` in the handler (ADR 56); the rule reads the message as the wire has it.
      names: { Size: 'size' },
      reply: z.object({ message: z.string() }),
      refine: ({ body }: { body: { Size: number } }): CrossPartProblem[] => (body.Size > 9 ? [{ field: 'Size', message: 'Too big' }] : []),
    },
    delete: {
      method: 'DELETE',
      path: '/api/probes/delete/{Name}',
      summary: 'Delete',
      action: 'delete',
      params: keyParam('Name', 'Name'),
      reply: z.object({ message: z.string() }),
    },
  },
});

const received: unknown[] = [];

@Injectable()
class ProbeHandlers implements ResourceHandlers<typeof probes> {
  async all({ query }: { query: { q?: string } }) {
    received.push(query);
    return { items: [{ Name: query.q ?? 'all' }], total: 1 };
  }
  async add(message: { actor: Actor; idempotencyKey?: string; body: { Name: string; Size: number } }) {
    received.push(message);
    return { message: `added ${message.body.Name}` };
  }
  async resize(message: { actor: Actor; body: { Name: string; size: number } }) {
    received.push(message);
    return { message: `${message.body.Name} is ${message.body.size}` };
  }
  async export() {
    return { items: [], next: null };
  }
  async delete({ params }: { params: { Name: string } }) {
    if (params.Name === 'missing') throw new AppError('NOT_FOUND', 'No such probe');
    return { message: `deleted ${params.Name}` };
  }
}

@Controller()
class SessionProbe {
  @InternalMessage('directory.user.sessionState')
  async sessionState({ id }: { id: string }): Promise<UserSessionState> {
    return { id, username: 'probe', role: 'Admin', sessionVersion: 3 };
  }

  @ValidatedMessage('directory.probe.echo', z.object({ text: z.string().check(z.trim()) }))
  async echo({ text }: { text: string }): Promise<string> {
    return text;
  }
}

const ProbeController = resourceController(probes, ProbeHandlers);

@Module({ controllers: [ProbeController, SessionProbe], providers: [ProbeHandlers] })
class ProbeModule {}

const actor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
let app: INestMicroservice;
let transport: InMemoryTransport;

beforeAll(async () => {
  transport = new InMemoryTransport();
  app = await NestFactory.createMicroservice(ProbeModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
});
afterAll(() => app?.close());
beforeEach(() => {
  received.length = 0;
});

/** The error body a call failed with. */
async function errorOf(call: Promise<unknown>): Promise<ErrorBody> {
  try {
    await call;
  } catch (error) {
    if (isErrorBody(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('resourceController', () => {
  it('is named after the resource and subscribes one subject per operation', () => {
    expect(ProbeController.name).toBe('ProbeController');
    for (const subject of ['directory.probe.all', 'directory.probe.add', 'directory.probe.delete'])
      expect(transport.getHandlerByPattern(subject)).not.toBeNull();
    expect(transport.getHandlerByPattern('directory.probe.get')).toBeNull();
  });

  it('hands the handler the message as the schema parsed it, and answers what the handler answers', async () => {
    await expect(transport.call(probes.subjects.all, { actor, query: { q: '  kandy ', page: '2' } })).resolves.toEqual({
      items: [{ Name: 'kandy' }],
      total: 1,
    });
    expect(received).toEqual([{ q: 'kandy', page: 2 }]);
    await expect(transport.call(probes.subjects.add, { actor, idempotencyKey: 'k-1', body: { Name: 'Galle', Size: 3 } })).resolves.toEqual({
      message: 'added Galle',
    });
    expect(received[1]).toEqual({ actor, idempotencyKey: 'k-1', body: { Name: 'Galle', Size: 3 } });
  });

  it("hands the handler the body with the operation's `names` renamed, after checking the message as the wire names it", async () => {
    await expect(transport.call(probes.subjects.resize, { actor, body: { Name: 'Galle', Size: 3 } })).resolves.toEqual({ message: 'Galle is 3' });
    expect(received).toEqual([{ actor, body: { Name: 'Galle', size: 3 } }]);
    await expect(errorOf(transport.call(probes.subjects.resize, { actor, body: { Name: 'Galle', Size: 10 } }))).resolves.toMatchObject({
      details: { 'body.Size': 'Too big' },
    });
    expect(probes.routes.probesResize).not.toHaveProperty('names');
  });

  it('refuses a message its schema refuses, naming the parts, before the handler runs', async () => {
    await expect(errorOf(transport.call(probes.subjects.add, { actor, body: { Name: 'G', Size: 1 } }))).resolves.toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Name is too short',
      details: { 'body.Name': 'Name is too short' },
    });
    await expect(errorOf(transport.call(probes.subjects.add, { body: { Name: 'Galle', Size: 1 } }))).resolves.toMatchObject({
      details: { actor: expect.any(String) },
    });
    await expect(errorOf(transport.call(probes.subjects.delete, { actor, params: {} }))).resolves.toMatchObject({
      details: { 'params.Name': 'Name is required' },
    });
    expect(received).toEqual([]);
  });

  it('checks the cross-part rules of the operation too', async () => {
    await expect(errorOf(transport.call(probes.subjects.add, { actor, body: { Name: 'Galle', Size: 9 } }))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'body.Size': 'Too big for its name' },
    });
  });

  it('refuses control characters anywhere in the message', async () => {
    await expect(errorOf(transport.call(probes.subjects.add, { actor, body: { Name: 'Gal\u0000le', Size: 1 } }))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'body.Name': expect.stringContaining('U+0000') },
    });
  });

  it("passes the handler's errors on as they are", async () => {
    await expect(errorOf(transport.call(probes.subjects.delete, { actor, params: { Name: 'missing' } }))).resolves.toEqual({
      code: 'NOT_FOUND',
      message: 'No such probe',
    });
    await expect(transport.call(probes.subjects.delete, { actor, params: { Name: 'Kandy' } })).resolves.toEqual({ message: 'deleted Kandy' });
  });

  it('says which handler is missing when a handlers class lacks an operation', async () => {
    class OnlyAll {
      async all() {
        return { items: [], total: 0 };
      }
    }
    const Broken = resourceController(probes, OnlyAll as never);
    const controller = new Broken(new OnlyAll()) as Record<string, (message: unknown) => Promise<unknown>>;
    expect(() => controller.add!({})).toThrow('OnlyAll has no handler for directory.probe.add');
  });
});

describe('InternalMessage and ValidatedMessage', () => {
  it('validate with the schema of the subject and answer the handler', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    await expect(transport.call('directory.user.sessionState', { id })).resolves.toEqual({ id, username: 'probe', role: 'Admin', sessionVersion: 3 });
    await expect(errorOf(transport.call('directory.user.sessionState', { id: 'head' }))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { id: 'id must be a user id' },
    });
    await expect(transport.call('directory.probe.echo', { text: ' hi ' })).resolves.toBe('hi');
    await expect(errorOf(transport.call('directory.probe.echo', { text: 'a\u0007' }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
