import { Messages, type Actor, type BranchCreate } from '@freight/contracts';
import { InMemoryRepository, appErrorOf as errorOf } from '@freight/server-database';
import type { BranchEntity } from './branch.entity.js';
import { BranchHandlers, type BranchStore, type BranchUsers } from './branch.handlers.js';

// The branch rules on the repository seam: an in-memory branch table, and users counted by a stub.

class FakeBranches extends InMemoryRepository<BranchEntity> implements BranchStore {
  constructor() {
    super({
      key: 'city',
      search: ['city', 'location'],
      sort: { BranchCity: 'city', Location: 'location', Contact: 'contact', Code: 'code' },
      unique: ['city', 'code'],
    });
  }
  async cities(): Promise<string[]> {
    return this.all()
      .map((branch) => branch.city)
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  }
}

const actor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
let store: FakeBranches;
let usersIn: Record<string, number>;
let handlers: BranchHandlers;
let kandy: BranchEntity;

beforeEach(() => {
  store = new FakeBranches();
  [, kandy] = store.seed(
    { city: 'Colombo', location: 'Fort, Colombo 01', contact: '+94 11 234 5678', code: 'CMB' },
    { city: 'Kandy', location: 'Peradeniya Road', contact: '081 222 3333', code: 'KDY' },
    { city: 'Galle', location: 'Fort, Galle', contact: '091 222 3333', code: 'GLE' },
  ) as [BranchEntity, BranchEntity, BranchEntity];
  usersIn = {};
  const users: BranchUsers = { countInBranch: async (_tx, branchId) => usersIn[branchId] ?? 0 };
  handlers = new BranchHandlers(store, users);
});

const body = (over: Partial<BranchCreate> = {}): BranchCreate => ({
  BranchCity: 'Jaffna',
  Location: 'Main Street',
  Contact: '021 222 3333',
  Code: 'JAF',
  ...over,
});
const cities = () => store.all().map((branch) => branch.city);

describe('branch replies carry the catalogue texts', () => {
  it('add answers success, Messages.branchAdded and the branch; the row records who added it', async () => {
    await expect(handlers.add({ actor, body: body() })).resolves.toEqual({
      success: true,
      message: Messages.branchAdded,
      branch: { _id: expect.any(String), BranchCity: 'Jaffna', Location: 'Main Street', Contact: '021 222 3333', Code: 'JAF' },
    });
    expect(store.all().find((branch) => branch.city === 'Jaffna')).toMatchObject({ createdBy: actor.id, updatedBy: actor.id });
  });

  it('update answers Messages.branchUpdated with the branch as it is now', async () => {
    await expect(
      handlers.update({ actor, params: { BranchCity: 'GALLE' }, body: { Location: 'Lighthouse Street', Contact: '091 555 6666' } }),
    ).resolves.toEqual({
      success: true,
      message: Messages.branchUpdated,
      branch: { _id: expect.any(String), BranchCity: 'Galle', Location: 'Lighthouse Street', Contact: '091 555 6666', Code: 'GLE' },
    });
  });

  it('delete answers Messages.branchDeleted', async () => {
    await expect(handlers.delete({ actor, params: { BranchCity: 'galle' } })).resolves.toEqual({ message: Messages.branchDeleted });
    expect(cities()).toEqual(['Colombo', 'Kandy']);
  });

  it('search answers success and the branches, the exact city first; get the one branch; unique-cities the names', async () => {
    await handlers.add({ actor, body: body({ BranchCity: 'Colombo North', Code: 'CMBN' }) });
    const found = await handlers.search({ actor, params: { BranchCity: 'COLOMBO' } });
    expect(found).toEqual({
      success: true,
      branches: [expect.objectContaining({ BranchCity: 'Colombo' }), expect.objectContaining({ BranchCity: 'Colombo North' })],
    });
    await expect(handlers.get({ actor, params: { BranchCity: 'kandy' } })).resolves.toEqual({
      _id: kandy.id,
      BranchCity: 'Kandy',
      Location: 'Peradeniya Road',
      Contact: '081 222 3333',
      Code: 'KDY',
    });
    await expect(handlers.uniqueCities()).resolves.toEqual(['Colombo', 'Colombo North', 'Galle', 'Kandy']);
    await expect(handlers.all({ actor, query: { q: 'fort', sort: 'Code', order: 'desc' } })).resolves.toEqual({
      items: [expect.objectContaining({ Code: 'GLE' }), expect.objectContaining({ Code: 'CMB' })],
      total: 2,
    });
  });
});

describe('a branch that does not exist', () => {
  it('is NOT_FOUND with Messages.branchNotFound for get, update and delete', async () => {
    const notFound = { code: 'NOT_FOUND', message: Messages.branchNotFound };
    await expect(errorOf(handlers.get({ actor, params: { BranchCity: 'Trinco' } }))).resolves.toMatchObject(notFound);
    await expect(
      errorOf(handlers.update({ actor, params: { BranchCity: 'Trinco' }, body: { Location: 'x', Contact: '026 222 3333' } })),
    ).resolves.toMatchObject(notFound);
    await expect(errorOf(handlers.delete({ actor, params: { BranchCity: 'Trinco' } }))).resolves.toMatchObject(notFound);
  });
});

describe('a city or code already used', () => {
  it('is a 409 naming the city, whatever its case, and nothing is added', async () => {
    const error = await errorOf(handlers.add({ actor, body: body({ BranchCity: 'COLOMBO', Code: 'NEW' }) }));
    expect(error.body).toEqual({ code: 'CONFLICT', message: "Branch 'COLOMBO' already exists", details: { BranchCity: "Branch 'COLOMBO' already exists" } });
    expect(cities()).toEqual(['Colombo', 'Kandy', 'Galle']);
  });

  it('is a 409 naming the code; the city is reported first when both are used', async () => {
    await expect(errorOf(handlers.add({ actor, body: body({ Code: 'kdy' }) }))).resolves.toMatchObject({
      body: { code: 'CONFLICT', message: "Branch code 'kdy' is already in use", details: { Code: "Branch code 'kdy' is already in use" } },
    });
    await expect(errorOf(handlers.add({ actor, body: body({ BranchCity: 'kandy', Code: 'CMB' }) }))).resolves.toMatchObject({
      message: "Branch 'kandy' already exists",
    });
  });

  it('maps a unique index that refused the write (a race past the check) to the same 409s', async () => {
    await handlers.add({ actor, body: body() });
    const { taken } = store.transactions.at(-1)!;
    expect(taken!('city')).toMatchObject({ code: 'CONFLICT', message: "Branch 'Jaffna' already exists" });
    expect(taken!('code')).toMatchObject({ code: 'CONFLICT', message: "Branch code 'JAF' is already in use" });
  });
});

describe('city and code cannot change', () => {
  it('refuses another city or another code, naming each, and changes nothing', async () => {
    const renamed = await errorOf(
      handlers.update({ actor, params: { BranchCity: 'Galle' }, body: { BranchCity: 'Matara', Location: 'Elsewhere', Contact: '041 222 3333' } }),
    );
    expect(renamed.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Branch name and code cannot be changed',
      details: { BranchCity: 'Branch name cannot be changed' },
    });
    const recoded = await errorOf(
      handlers.update({ actor, params: { BranchCity: 'Galle' }, body: { Code: 'MTR', Location: 'Elsewhere', Contact: '041 222 3333' } }),
    );
    expect(recoded.body.details).toEqual({ Code: 'Branch code cannot be changed' });
    const both = await errorOf(
      handlers.update({ actor, params: { BranchCity: 'Galle' }, body: { BranchCity: 'Matara', Code: 'MTR', Location: 'x', Contact: '041 222 3333' } }),
    );
    expect(both.body.details).toEqual({ BranchCity: 'Branch name cannot be changed', Code: 'Branch code cannot be changed' });
    expect(store.all().find((branch) => branch.city === 'Galle')).toMatchObject({ location: 'Fort, Galle', code: 'GLE' });
  });

  it('accepts them sent again unchanged, in any case, keeping the stored spelling', async () => {
    const reply = await handlers.update({
      actor,
      params: { BranchCity: 'galle' },
      body: { BranchCity: 'GALLE', Code: 'gle', Location: 'Lighthouse St', Contact: '091 222 3333' },
    });
    expect(reply.branch).toMatchObject({ BranchCity: 'Galle', Code: 'GLE', Location: 'Lighthouse St' });
    expect(store.all().find((branch) => branch.city === 'Galle')).toMatchObject({ location: 'Lighthouse St', updatedBy: actor.id });
  });
});

describe('a branch with users', () => {
  it('cannot be deleted: 409 saying how many, and the branch stays', async () => {
    usersIn[kandy.id] = 2;
    await expect(errorOf(handlers.delete({ actor, params: { BranchCity: 'KANDY' } }))).resolves.toMatchObject({
      body: { code: 'CONFLICT', message: "Branch 'Kandy' still has 2 users. Move or delete them first." },
    });
    usersIn[kandy.id] = 1;
    await expect(errorOf(handlers.delete({ actor, params: { BranchCity: 'Kandy' } }))).resolves.toMatchObject({
      message: "Branch 'Kandy' still has 1 user. Move or delete them first.",
    });
    expect(cities()).toContain('Kandy');
  });

  it('can be deleted once it has none', async () => {
    usersIn[kandy.id] = 0;
    await expect(handlers.delete({ actor, params: { BranchCity: 'Kandy' } })).resolves.toEqual({ message: Messages.branchDeleted });
    expect(cities()).not.toContain('Kandy');
  });
});
