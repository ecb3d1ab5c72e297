import { z } from 'zod/mini';
import { defineMasterData, masterDataSchemas, masterDataTexts } from './master-data.js';
import { api, type ApiRoute } from './api.js';
import { EXPORT_CHUNK_MAX } from './list.js';
import { keyText, requiredText } from './fields.js';
import { Messages } from './errors.js';
import { branches } from './directory/branch.resource.js';
import { users } from './directory/user.resource.js';

// A made-up entity, so the helper is tested apart from any real one.
const record = z.object({ _id: z.string(), YardName: z.string(), Place: z.string() });
const create = z.object({ YardName: keyText('Yard name', 100), Place: requiredText('Place') });
const texts = { singular: 'yard', plural: 'yards', added: 'Yard added!', updated: 'Yard updated', deleted: 'Yard deleted', notFound: 'No such yard.' };
// What is left out (key, area, key label, replies) takes defineMasterData's defaults.
const base = {
  service: 'directory',
  name: 'yard',
  naturalKey: 'YardName',
  sortFields: ['YardName', 'Place'],
  searchFields: ['YardName', 'Place'],
  schemas: { record, create, update: z.omit(create, { YardName: true }) },
  texts,
} as const;
const actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' } as const;

describe('defineMasterData', () => {
  const yards = defineMasterData(base);

  it('gives a master-data entity the standard operations, each at /api/<key>/..., keyed by the natural key', () => {
    expect(Object.entries(yards.routes).map(([name, r]) => [name, r.method, r.path, r.permission?.action, r.status])).toEqual([
      ['yardsAll', 'GET', '/api/yards/all', 'read', 200],
      ['yardsUnique', 'GET', '/api/yards/unique', 'read', 200],
      ['yardsSearch', 'GET', '/api/yards/search/{YardName}', 'read', 200],
      ['yardsGet', 'GET', '/api/yards/get/{YardName}', 'read', 200],
      ['yardsAdd', 'POST', '/api/yards/add', 'write', 201],
      ['yardsUpdate', 'PUT', '/api/yards/update/{YardName}', 'write', 200],
      ['yardsDelete', 'DELETE', '/api/yards/delete/{YardName}', 'delete', 200],
      ['yardsExport', 'GET', '/api/yards/export.csv', 'read', 200],
    ]);
    expect(yards.subjects).toMatchObject({ add: 'directory.yard.add', unique: 'directory.yard.unique' });
    expect(yards.routes.yardsAll).toMatchObject({ paged: true, permission: { area: 'yards' } });
    expect(yards.routes.yardsAdd.idempotent).toBe(true);
    expect(yards.routes.yardsSearch.summary).toBe('Yards whose yard name contains the text (case-insensitive), exact match first');
  });

  it('validates the key in the path, the list query against the sort fields, and names the replies as told', () => {
    expect(yards.messages.get.safeParse({ actor, params: { YardName: ' ' } }).error?.issues[0]?.message).toBe('Yard name is required');
    expect(yards.messages.all.safeParse({ actor, query: { sort: 'Nope' } }).error?.issues[0]?.message).toBe('sort must be one of: YardName, Place');
    const one = { _id: '1', YardName: 'North', Place: 'Port' };
    expect(yards.operations.add.reply.parse({ success: true, message: 'Yard added!', yard: one })).toEqual({
      success: true,
      message: 'Yard added!',
      yard: one,
    });
    expect(yards.operations.search.reply.safeParse({ success: true, yard: [one] }).success).toBe(false);
    expect(yards.operations.search.reply.parse({ success: true, yards: [one] })).toEqual({ success: true, yards: [one] });
  });

  it('derives what a definition leaves out from its name, plural and schemas, and takes what it gives instead', () => {
    const boxSchemas = masterDataSchemas('TypeofBox', { TypeofBox: keyText('Type of box', 100) });
    expect(() => defineMasterData({ service: 'directory', name: 'boxType', schemas: boxSchemas })).toThrow(
      'boxType: no permission area "boxTypes" (permissions.ts); give its area',
    );
    expect(() => defineMasterData({ name: 'boxType', area: 'yards', schemas: boxSchemas })).toThrow(
      'boxType: give its service (directory, notification, shipment, accounts are registered)',
    );
    const boxTypes = defineMasterData({ service: 'directory', name: 'boxType', area: 'yards', schemas: boxSchemas });
    expect(boxTypes).toMatchObject({ service: 'directory', key: 'boxTypes', area: 'yards', naturalKey: 'TypeofBox', sortFields: ['TypeofBox'] });
    expect(boxTypes.searchFields).toEqual(['TypeofBox']);
    expect(boxTypes.masterData).toMatchObject({ replyKeys: { one: 'boxType', many: 'boxTypes' }, keyLabel: 'Typeof box', view: false });
    expect(boxTypes.texts).toEqual(masterDataTexts('box type', 'box types'));
    expect(boxTypes.routes.boxTypesGet.path).toBe('/api/boxTypes/get/{TypeofBox}');

    const boxes = defineMasterData({
      service: 'directory',
      name: 'box',
      plural: 'boxes',
      key: 'Box',
      area: 'yards',
      keyLabel: 'Type of box',
      schemas: boxSchemas,
    });
    expect(boxes).toMatchObject({ key: 'Box', area: 'yards', texts: { plural: 'boxes', added: 'Box added successfully!' } });
    expect(boxes.masterData).toMatchObject({ replyKeys: { one: 'box', many: 'boxes' }, keyLabel: 'Type of box' });
    expect(boxes.routes.BoxAdd.path).toBe('/api/Box/add');
  });

  it("masterDataTexts are the catalogue's texts, as users and branches use them (requirements 01 §8)", () => {
    expect(users.texts).toEqual({
      singular: 'user',
      plural: 'users',
      added: Messages.userAdded,
      updated: Messages.userUpdated,
      deleted: Messages.userDeleted,
      notFound: Messages.userNotFound,
    });
    expect(branches.texts).toMatchObject({
      added: Messages.branchAdded,
      updated: Messages.branchUpdated,
      deleted: Messages.branchDeleted,
      notFound: Messages.branchNotFound,
    });
  });

  it('takes operations of the entity, and replaces a standard one by its name', () => {
    const more = defineMasterData({
      ...base,
      operations: {
        unique: { method: 'GET', path: '/api/yards/names', summary: 'Yard names', action: 'read', reply: z.array(z.string()) },
        count: { method: 'GET', path: '/api/yards/count', summary: 'How many', action: 'read', reply: z.number() },
      },
    });
    expect(more.routes.yardsUnique.path).toBe('/api/yards/names');
    expect(more.routes.yardsCount.subject).toBe('directory.yard.count');
    expect(Object.keys(more.operations)).toEqual(['all', 'unique', 'search', 'get', 'add', 'update', 'delete', 'count', 'export']);
  });
});

describe('the CSV export of every list', () => {
  const yards = defineMasterData(base);

  it('is GET /api/<key>/export.csv with the list search and sort (no paging), the list permission, and the record fields as columns', () => {
    const route = yards.routes.yardsExport;
    expect(route).toMatchObject({
      method: 'GET',
      path: '/api/yards/export.csv',
      access: 'staff',
      permission: yards.routes.yardsAll.permission,
      subject: 'directory.yard.export',
    });
    expect(Object.keys(route.query.shape)).toEqual(['q', 'sort', 'order']);
    expect(route.csv.columns).toEqual([
      { field: 'YardName', label: 'Yard Name' },
      { field: 'Place', label: 'Place' },
    ]);
    expect(route.query.safeParse({ sort: 'Nope' }).error?.issues[0]?.message).toBe('sort must be one of: YardName, Place');
  });

  it("keeps a list's own filters, never its paging (contact messages: handled)", () => {
    const route = api.contactMessagesExport;
    expect(Object.keys(route.query.shape)).toEqual(['q', 'sort', 'order', 'handled']);
    expect(route.query.parse({ handled: 'false', page: '2', pageSize: '10' })).toEqual({ handled: 'false' });
    expect(route.query.safeParse({ handled: 'maybe' }).error?.issues[0]?.message).toBe('handled must be true or false');
  });

  it('takes the columns the definition names', () => {
    const named = defineMasterData({ ...base, columns: [{ field: 'YardName', label: 'Yard' }] });
    expect(named.columns).toEqual([{ field: 'YardName', label: 'Yard' }]);
    expect(named.routes.yardsExport.csv.columns).toBe(named.columns);
  });

  it('asks the service chunk by chunk: the message adds where the chunk starts and how many rows it may hold', () => {
    const message = { actor, query: { q: 'north' }, limit: 500 };
    expect(yards.messages.export.parse({ ...message, after: ['north', 'a1'] })).toEqual({ ...message, after: ['north', 'a1'] });
    expect(yards.messages.export.safeParse({ ...message, limit: EXPORT_CHUNK_MAX + 1 }).success).toBe(false);
    expect(yards.messages.export.safeParse({ actor, query: {} }).success).toBe(false);
    expect(yards.messages.export.safeParse({ ...message, after: [] }).success).toBe(false);
  });

  it('is there for every `all` list of the api table, with the permission of that list', () => {
    // A resource's `all` brings its export; other lists (the worklist, the booking sheet) have none.
    const lists = Object.entries(api).filter(([name, route]) => name.endsWith('All') && 'paged' in route && route.paged);
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const [name, list] of lists) {
      const key = name.replace(/All$/, '');
      const exported = (api as Record<string, ApiRoute>)[`${key}Export`];
      expect(exported).toMatchObject({ path: `/api/${key}/export.csv`, permission: { ...(list as ApiRoute).permission, action: 'read' } });
    }
  });
});
