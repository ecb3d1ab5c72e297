import { defineResource, keyParam, listQuerySchema, type Actor, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { z } from 'zod';
import type { Tx } from './entity-repository.js';
import { InMemoryRepository, appErrorOf as errorOf } from './in-memory-repository.js';
import { MasterDataHandlers, type MessageOfOp } from './master-data.handlers.js';

// A made-up entity, so the base is tested apart from any real one: yards with a unique code.
const yardSchema = z.object({ _id: z.string(), Name: z.string(), Code: z.string(), Note: z.string() });
const yardBody = z.object({ Name: z.string().min(1), Code: z.string().min(1), Note: z.string() });
const name = keyParam('Name', 'Yard name');
const texts = { singular: 'yard', plural: 'yards', added: 'Yard added!', updated: 'Yard updated', deleted: 'Yard deleted', notFound: 'No such yard.' };
const yards = defineResource({
  service: 'directory',
  name: 'yard',
  key: 'yards',
  area: 'branches',
  naturalKey: 'Name',
  sortFields: ['Name', 'Code'],
  searchFields: ['Name'],
  texts,
  operations: {
    all: {
      method: 'GET',
      path: '/api/yards/all',
      summary: 'List',
      action: 'read',
      query: listQuerySchema(['Name', 'Code']),
      reply: z.array(yardSchema),
      paged: true,
    },
    search: {
      method: 'GET',
      path: '/api/yards/search/{Name}',
      summary: 'Search',
      action: 'read',
      params: name,
      reply: z.object({ success: z.literal(true), yards: z.array(yardSchema) }),
    },
    get: { method: 'GET', path: '/api/yards/get/{Name}', summary: 'Get', action: 'read', params: name, reply: yardSchema },
    add: {
      method: 'POST',
      path: '/api/yards/add',
      summary: 'Add',
      action: 'write',
      body: yardBody,
      reply: z.object({ success: z.literal(true), message: z.string(), yard: yardSchema }),
      idempotent: true,
    },
    update: {
      method: 'PUT',
      path: '/api/yards/update/{Name}',
      summary: 'Edit',
      action: 'write',
      params: name,
      body: yardBody,
      reply: z.object({ success: z.literal(true), message: z.string(), yard: yardSchema }),
    },
    delete: { method: 'DELETE', path: '/api/yards/delete/{Name}', summary: 'Delete', action: 'delete', params: name, reply: z.object({ message: z.string() }) },
  },
});

interface YardRow {
  id: string;
  name: string;
  code: string;
  note: string;
  createdBy: string | null;
  updatedBy: string | null;
}

/** The hooks record what they saw; `sealed` yards refuse edits and deletes. */
const seen: string[] = [];

class YardHandlers extends MasterDataHandlers<typeof yards, YardRow, z.infer<typeof yardSchema>> implements ResourceHandlers<typeof yards> {
  constructor(repository: InMemoryRepository<YardRow>) {
    super(yards, repository);
  }
  protected toRecord(row: YardRow) {
    return { _id: row.id, Name: row.name, Code: row.code, Note: row.note };
  }
  protected newRow(body: z.infer<typeof yardBody>) {
    return { name: body.Name, code: body.Code, note: body.Note };
  }
  protected changes(body: z.infer<typeof yardBody>) {
    return { name: body.Name, code: body.Code, note: body.Note };
  }
  protected taken(property: keyof YardRow, values: Partial<YardRow>) {
    return new AppError('CONFLICT', `${property} '${values[property]}' is taken`, { [property]: 'taken' });
  }
  protected override async beforeAdd(_tx: Tx, { body }: MessageOfOp<typeof yards, 'add'>) {
    seen.push(`add ${body.Name}`);
    if (body.Note === 'refuse') throw new AppError('VALIDATION_FAILED', 'Refused by the entity');
  }
  protected override async beforeUpdate(_tx: Tx, row: YardRow, { body }: MessageOfOp<typeof yards, 'update'>) {
    seen.push(`update ${row.name} to ${body.Name}`);
    if (row.note === 'sealed') throw new AppError('CONFLICT', 'Sealed');
  }
  protected override async beforeDelete(_tx: Tx, row: YardRow) {
    seen.push(`delete ${row.name}`);
    if (row.note === 'sealed') throw new AppError('CONFLICT', 'Sealed');
  }
}

const actor: Actor = { id: '00000000-0000-4000-8000-000000000007', username: 'head', role: 'Head' };
let repository: InMemoryRepository<YardRow>;
let handlers: YardHandlers;

beforeEach(() => {
  seen.length = 0;
  repository = new InMemoryRepository<YardRow>({ key: 'name', search: ['name', 'note'], sort: { Name: 'name', Code: 'code' }, unique: ['name', 'code'] });
  repository.seed(
    { name: 'Orugodawatta', code: 'ORU', note: 'by the port', createdBy: null, updatedBy: null },
    { name: 'Peliyagoda', code: 'PEL', note: 'sealed', createdBy: null, updatedBy: null },
    { name: 'Port', code: 'PRT', note: 'inside', createdBy: null, updatedBy: null },
  );
  handlers = new YardHandlers(repository);
});

const names = () => repository.all().map((row) => row.name);

describe('MasterDataHandlers reads', () => {
  it('all: a page of records and the total of the filter', async () => {
    await expect(handlers.all({ actor, query: { q: 'PORT', sort: 'Code', order: 'desc', page: 1, pageSize: 1 } })).resolves.toEqual({
      items: [{ _id: expect.any(String), Name: 'Port', Code: 'PRT', Note: 'inside' }],
      total: 2,
    });
  });

  it('search: the REST reply under the plural, exact match first', async () => {
    const reply = await handlers.search({ actor, params: { Name: 'port' } });
    expect(reply).toEqual({ success: true, yards: [expect.objectContaining({ Name: 'Port' })] });
    expect((await handlers.search({ actor, params: { Name: 'o' } })).yards.map((y) => y.Name)).toEqual(['Orugodawatta', 'Peliyagoda', 'Port']);
  });

  it('get: the record by key whatever its case, or NOT_FOUND with the definition’s text', async () => {
    await expect(handlers.get({ actor, params: { Name: 'PELIYAGODA' } })).resolves.toMatchObject({ Name: 'Peliyagoda', Code: 'PEL' });
    await expect(errorOf(handlers.get({ actor, params: { Name: 'Pel' } }))).resolves.toMatchObject({ code: 'NOT_FOUND', message: texts.notFound });
  });
});

describe('MasterDataHandlers.add', () => {
  it('inserts after the hook, records who did it, and answers success with the added text', async () => {
    const reply = await handlers.add({ actor, body: { Name: 'Wattala', Code: 'WAT', Note: 'north' } });
    expect(reply).toEqual({ success: true, message: texts.added, yard: { _id: expect.any(String), Name: 'Wattala', Code: 'WAT', Note: 'north' } });
    expect(seen).toEqual(['add Wattala']);
    expect(repository.all().find((row) => row.name === 'Wattala')).toMatchObject({ createdBy: actor.id, updatedBy: actor.id });
  });

  it('refuses a unique value another row has, whatever its case, with the entity’s 409, and writes nothing', async () => {
    await expect(errorOf(handlers.add({ actor, body: { Name: 'PORT', Code: 'NEW', Note: '' } }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "name 'PORT' is taken",
    });
    await expect(errorOf(handlers.add({ actor, body: { Name: 'New', Code: 'oru', Note: '' } }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "code 'oru' is taken",
    });
    expect(names()).toEqual(['Orugodawatta', 'Peliyagoda', 'Port']);
  });

  it('writes nothing when the hook refuses', async () => {
    await expect(errorOf(handlers.add({ actor, body: { Name: 'Kelaniya', Code: 'KEL', Note: 'refuse' } }))).resolves.toMatchObject({
      message: 'Refused by the entity',
    });
    expect(names()).not.toContain('Kelaniya');
  });

  it('asks the transaction for idempotency with the subject and the body, scoped to the actor, and maps the unique indexes to the same 409', async () => {
    const body = { Name: 'Wattala', Code: 'WAT', Note: 'north' };
    await handlers.add({ actor, idempotencyKey: 'key-1', body });
    const [options] = repository.transactions;
    expect(options!.idempotency).toEqual({ key: 'key-1', scope: actor.id, request: { subject: 'directory.yard.add', body } });
    expect(options!.taken!('code')).toMatchObject({ code: 'CONFLICT', message: "code 'WAT' is taken" });
    await handlers.add({ actor, body: { ...body, Name: 'Other', Code: 'OTH' } });
    expect(repository.transactions[1]!.idempotency).toBeUndefined();
  });
});

describe('MasterDataHandlers.update', () => {
  it('judges the row by its hook, changes it, records who did it, and answers with the updated text', async () => {
    const reply = await handlers.update({ actor, params: { Name: 'port' }, body: { Name: 'Port', Code: 'PRT', Note: 'moved' } });
    expect(reply).toEqual({ success: true, message: texts.updated, yard: expect.objectContaining({ Name: 'Port', Note: 'moved' }) });
    expect(seen).toEqual(['update Port to Port']);
    expect(repository.all().find((row) => row.name === 'Port')).toMatchObject({ note: 'moved', updatedBy: actor.id, createdBy: null });
  });

  it('keeps its own unique values, and refuses another row’s', async () => {
    await expect(handlers.update({ actor, params: { Name: 'Port' }, body: { Name: 'PORT', Code: 'prt', Note: '' } })).resolves.toMatchObject({
      yard: { Name: 'PORT' },
    });
    await expect(errorOf(handlers.update({ actor, params: { Name: 'Port' }, body: { Name: 'Port', Code: 'ORU', Note: '' } }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "code 'ORU' is taken",
    });
  });

  it('NOT_FOUND before any hook; a refusing hook changes nothing', async () => {
    await expect(errorOf(handlers.update({ actor, params: { Name: 'Nowhere' }, body: { Name: 'Nowhere', Code: 'NOW', Note: '' } }))).resolves.toMatchObject({
      code: 'NOT_FOUND',
      message: texts.notFound,
    });
    expect(seen).toEqual([]);
    await expect(
      errorOf(handlers.update({ actor, params: { Name: 'Peliyagoda' }, body: { Name: 'Peliyagoda', Code: 'PEL', Note: 'open' } })),
    ).resolves.toMatchObject({
      message: 'Sealed',
    });
    expect(repository.all().find((row) => row.name === 'Peliyagoda')).toMatchObject({ note: 'sealed' });
  });
});

describe('MasterDataHandlers.delete', () => {
  it('deletes after the hook and answers the deleted text; then NOT_FOUND', async () => {
    await expect(handlers.delete({ actor, params: { Name: 'ORUGODAWATTA' } })).resolves.toEqual({ message: texts.deleted });
    expect(names()).toEqual(['Peliyagoda', 'Port']);
    await expect(errorOf(handlers.delete({ actor, params: { Name: 'Orugodawatta' } }))).resolves.toMatchObject({ code: 'NOT_FOUND', message: texts.notFound });
  });

  it('keeps the row when the hook refuses', async () => {
    await expect(errorOf(handlers.delete({ actor, params: { Name: 'Peliyagoda' } }))).resolves.toMatchObject({ message: 'Sealed' });
    expect(seen).toEqual(['delete Peliyagoda']);
    expect(names()).toContain('Peliyagoda');
  });
});
