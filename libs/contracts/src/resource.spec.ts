import { api } from './api.js';
import { branches } from './directory/branch.resource.js';
import { users } from './directory/user.resource.js';
import { defineResource } from './resource.js';
import { z } from 'zod/mini';

const actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' } as const;

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

  it('refuses an operation whose path is outside the resource', () => {
    expect(() =>
      defineResource({
        service: 'directory',
        name: 'thing',
        key: 'things',
        area: 'branches',
        naturalKey: 'name',
        sortFields: ['name'],
        searchFields: ['name'],
        texts: { singular: 'thing', plural: 'things', added: 'a', updated: 'u', deleted: 'd', notFound: 'n' },
        operations: { all: { method: 'GET', path: '/api/other/all', summary: 'x', action: 'read', reply: z.array(z.string()) } },
      }),
    ).toThrow('must start with /api/things/');
  });
});
