import { api } from './api.js';
import { branches } from './directory/branch.resource.js';
import { users } from './directory/user.resource.js';
import { defineResource, type ApiRoute, type OperationDef } from './resource.js';
import { z } from 'zod/mini';

const actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' } as const;
const texts = { singular: 'thing', plural: 'things', added: 'a', updated: 'u', deleted: 'd', notFound: 'n' };
/** A resource `things` of the directory with these operations. */
const things = <const Ops extends Record<string, OperationDef>>(operations: Ops) =>
  defineResource({
    service: 'directory',
    name: 'thing',
    key: 'things',
    area: 'branches',
    naturalKey: 'name',
    sortFields: ['name'],
    searchFields: ['name'],
    texts,
    operations,
  });

describe('defineResource', () => {
  it('derives one route per operation, named <key><Operation>, with the area and action as the permission', () => {
    expect(api.branchesUpdate).toMatchObject({
      method: 'PUT',
      path: '/api/branches/update/{BranchCity}',
      access: 'staff',
      permission: { area: 'branches', action: 'write' },
      status: 200,
      subject: 'directory.branch.update',
    });
    expect(api.branchesAdd).toMatchObject({ status: 201, idempotent: true, subject: 'directory.branch.add' });
    expect(Object.keys(users.routes)).toEqual(['usersAll', 'usersSearch', 'usersUnique', 'usersGet', 'usersAdd', 'usersUpdate', 'usersDelete', 'usersExport']);
  });

  it('keys an operation by its plain name and keeps its wire name in the subject and the operationId, nowhere else (docs/adr/0056)', () => {
    const defined = things({
      listThings: { wire: 'allthinglist', method: 'GET', path: '/api/things/allthinglist', summary: 'Things', action: 'read', reply: z.array(z.string()) },
      get: { method: 'GET', path: '/api/things/get', summary: 'A thing', action: 'read', reply: z.string() },
    });
    expect(defined.subjects).toEqual({ listThings: 'directory.thing.allthinglist', get: 'directory.thing.get' });
    expect(Object.keys(defined.routes)).toEqual(['thingsListThings', 'thingsGet']);
    expect(defined.routes.thingsListThings).toMatchObject({
      path: '/api/things/allthinglist',
      subject: 'directory.thing.allthinglist',
      operationId: 'thingsAllthinglist',
    });
    expect(defined.routes.thingsListThings).not.toHaveProperty('wire');
    expect(defined.routes.thingsGet.operationId).toBe('thingsGet');
    // The jobs' calls: the spec's names on the wire.
    expect([api.shipmentsListBookings.subject, api.shipmentsListBookings.operationId]).toEqual(['shipment.job.allbooklist', 'shipmentsAllbooklist']);
  });

  it('makes the NATS message the validated REST input plus the actor, with the same field names', () => {
    const message = { actor, params: { BranchCity: ' Kandy ' }, body: { Location: 'Hill', Contact: '081 222 3333' } };
    expect(branches.messages.update.parse(message)).toEqual({ actor, params: { BranchCity: 'Kandy' }, body: { Location: 'Hill', Contact: '081 222 3333' } });
    expect(branches.messages.update.safeParse({ params: { BranchCity: 'Kandy' }, body: message.body }).success).toBe(false);
    expect(
      branches.messages.add.parse({ actor, idempotencyKey: 'k-1', body: { BranchCity: 'Galle', Location: 'Fort', Contact: '091 222 3333', Code: 'GLE' } }),
    ).toMatchObject({
      idempotencyKey: 'k-1',
    });
  });

  it('checks cross-part rules in the message too', () => {
    const body = {
      fullName: 'A B',
      username: 'other',
      email: 'a@example.com',
      branchCity: 'Kandy',
      contact: '081 222 3333',
      role: 'Employee',
      department: 'Import',
    };
    const parsed = users.messages.update.safeParse({ actor, query: { term: 'abc', updateterm: 'abc' }, body });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['body', 'username'], message: 'Must match updateterm' })]);
  });

  it('lets the clients of an area clients read call its reads, with the client as the actor, and nothing else', () => {
    const ops = {
      all: { method: 'GET', path: '/api/boats/all', summary: 'Boats', action: 'read', reply: z.array(z.string()) },
      add: { method: 'POST', path: '/api/boats/add', summary: 'Add', action: 'write', body: z.object({ name: z.string() }), reply: z.string() },
    } as const;
    const define = (area: 'vessels' | 'yards') =>
      defineResource({
        service: 'directory',
        name: 'boat',
        key: 'boats',
        area,
        naturalKey: 'name',
        sortFields: ['name'],
        searchFields: [],
        texts,
        operations: ops,
      });
    const consignee = { id: '00000000-0000-4000-8000-000000000002', username: 'client', role: 'consignee' };
    const boats = define('vessels');
    expect([(boats.routes.boatsAll as ApiRoute).clients, (boats.routes.boatsAdd as ApiRoute).clients]).toEqual([['consignee'], undefined]);
    expect(boats.messages.all.safeParse({ actor: consignee }).success).toBe(true);
    expect(boats.messages.add.safeParse({ actor: consignee, body: { name: 'x' } }).success).toBe(false);
    expect(define('yards').messages.all.safeParse({ actor: consignee }).success).toBe(false);
  });

  it("makes an operation with access 'client' a client's call alone: no permission, no staff actor, a client actor of either kind", () => {
    const booking = api.shipmentsFindClientBooking as ApiRoute;
    expect(booking).toMatchObject({ access: 'client', path: '/api/shipments/clientbooking/{jobNo}', subject: 'shipment.job.clientbooking' });
    expect(booking.permission).toBeUndefined();
    expect(booking.clients).toBeUndefined();
    const params = { jobNo: 'IMP-000001' };
    for (const role of ['consignee', 'shipper'])
      expect(booking.message!.safeParse({ actor: { id: '00000000-0000-4000-8000-000000000003', username: 'c', role }, params }).success).toBe(true);
    expect(booking.message!.safeParse({ actor, params }).success).toBe(false);
  });

  it('names the owner of a consignee’s own accounts by id, and keeps staff on the matrix', () => {
    const owner = { role: 'consignee', param: 'consignee_id', by: 'id' };
    for (const name of ['accountsStatement', 'accountsStatementExport', 'accountsStatementPdf', 'accountsBalance'] as const)
      expect([name, (api[name] as ApiRoute).owner, (api[name] as ApiRoute).access]).toEqual([name, owner, 'staff']);
    expect([api.accountsStatement.permission, api.accountsBalance.permission]).toEqual([
      { area: 'accounts', action: 'read' },
      { area: 'consignees', action: 'read' },
    ]);
    expect((api.consigneeancActive as ApiRoute).owner).toEqual({ role: 'consignee', param: 'username' });
  });

  it('refuses an operation whose path is outside the resource', () => {
    expect(() => things({ all: { method: 'GET', path: '/api/other/all', summary: 'x', action: 'read', reply: z.array(z.string()) } })).toThrow(
      'must start with /api/things/',
    );
  });
});
