import { Messages, branches, users, type BranchCreate, type BranchListQuery, type BranchUpdate } from '@freight/contracts';
import { newUser } from '@freight/server-testing';
import { errorOf, expectWholeKeyOnly, headActor as actor, startDirectory, type DirectoryHarness } from '../testing/directory-harness.js';

const B = branches.subjects;
let h: DirectoryHarness;

const branch = (over: Partial<BranchCreate> = {}): BranchCreate => ({
  BranchCity: 'Colombo',
  Location: 'Fort, Colombo 01',
  Contact: '+94 11 234 5678',
  Code: 'CMB',
  ...over,
});
const create = (over: Partial<BranchCreate> = {}) => h.client.request(B.add, { actor, body: branch(over) });
const list = (query: BranchListQuery = {}) => h.client.request(B.all, { actor, query });
const search = (BranchCity: string) => h.client.request(B.search, { actor, params: { BranchCity } });
const get = (BranchCity: string) => h.client.request(B.get, { actor, params: { BranchCity } });
const update = (BranchCity: string, body: BranchUpdate) => h.client.request(B.update, { actor, params: { BranchCity }, body });
const remove = (BranchCity: string) => h.client.request(B.delete, { actor, params: { BranchCity } });

beforeAll(async () => {
  h = await startDirectory();
});
afterAll(() => h?.close());

describe('directory.branch.add', () => {
  it('creates a branch and answers the REST reply', async () => {
    await expect(create()).resolves.toEqual({
      success: true,
      message: Messages.branchAdded,
      branch: { _id: expect.any(String), BranchCity: 'Colombo', Location: 'Fort, Colombo 01', Contact: '+94 11 234 5678', Code: 'CMB' },
    });
  });

  it('refuses a city or a code already used, whatever the case', async () => {
    await expect(errorOf(create({ BranchCity: 'COLOMBO', Code: 'CM2' }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Branch 'COLOMBO' already exists",
    });
    await expect(errorOf(create({ BranchCity: 'Negombo', Code: 'cmb' }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Branch code 'cmb' is already in use",
    });
    await expect(list()).resolves.toMatchObject({ total: 1 });
  });

  it('validates the payload', async () => {
    const body = await errorOf(create({ BranchCity: 'Galle', Code: 'G L', Location: '' }));
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'body.Code': 'Branch code must be letters, digits or hyphens', 'body.Location': 'Location is required' },
    });
    await expect(errorOf(create({ BranchCity: '..' }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(errorOf(create({ BranchCity: 'Nul\u0000ville' }))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'body.BranchCity': expect.stringContaining('U+0000') },
    });
    await expect(errorOf(h.client.request(B.add, { body: branch({ BranchCity: 'X' }) } as never))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { actor: expect.any(String) },
    });
  });
});

describe('reading branches', () => {
  beforeAll(async () => {
    await create({ BranchCity: 'Kandy', Location: 'Peradeniya Road', Code: 'KDY' });
    await create({ BranchCity: 'Galle', Location: 'Fort, Galle', Code: 'GLE' });
    await create({ BranchCity: 'Colombo North', Location: 'Kelaniya', Code: 'CMBN' });
  });

  it('lists sorted by city, pages and sorts in SQL, with the total', async () => {
    const all = await list();
    expect(all.items.map((b) => b.BranchCity)).toEqual(['Colombo', 'Colombo North', 'Galle', 'Kandy']);
    const page = await list({ sort: 'Code', order: 'desc', page: 2, pageSize: 3 });
    expect(page).toEqual({ items: [expect.objectContaining({ Code: 'CMB' })], total: 4 });
  });

  it('searches city and location case-insensitively', async () => {
    const fort = await list({ q: 'FORT' });
    expect(fort.items.map((b) => b.BranchCity)).toEqual(['Colombo', 'Galle']);
    expect(fort.total).toBe(2);
    await expect(list({ q: 'kand' })).resolves.toMatchObject({ total: 1 });
  });

  it('search answers the exact city first, then substrings', async () => {
    const found = await search('colombo');
    expect(found.success).toBe(true);
    expect(found.branches.map((b) => b.BranchCity)).toEqual(['Colombo', 'Colombo North']);
    const north = await search('NORTH');
    expect(north.branches.map((b) => b.BranchCity)).toEqual(['Colombo North']);
  });

  it('unique-cities answers the city names sorted', async () => {
    await expect(h.client.request(B.uniqueCities, { actor })).resolves.toEqual(['Colombo', 'Colombo North', 'Galle', 'Kandy']);
  });

  it('gets one branch or NOT_FOUND', async () => {
    await expect(get('GALLE')).resolves.toEqual({
      _id: expect.any(String),
      BranchCity: 'Galle',
      Location: 'Fort, Galle',
      Contact: '+94 11 234 5678',
      Code: 'GLE',
    });
    // Only the exact city, whatever its case: not a branch whose city merely contains it.
    await expectWholeKeyOnly(get, {
      missing: 'Jaffna',
      part: 'Colombo Nor',
      notFound: Messages.branchNotFound,
      param: 'BranchCity',
      blankMessage: 'Branch name is required',
    });
  });
});

describe('directory.branch.update', () => {
  it('changes location and contact, keeping city and code', async () => {
    const updated = await update('galle', { Location: 'Lighthouse Street', Contact: '091 222 3333' });
    expect(updated).toEqual({
      success: true,
      message: Messages.branchUpdated,
      branch: { _id: expect.any(String), BranchCity: 'Galle', Code: 'GLE', Location: 'Lighthouse Street', Contact: '091 222 3333' },
    });
    await expect(update('Galle', { BranchCity: 'GALLE', Code: 'gle', Location: 'Lighthouse St', Contact: '091 222 3333' })).resolves.toMatchObject({
      branch: { BranchCity: 'Galle', Code: 'GLE' },
    });
  });

  it('refuses a different city or code, and writes nothing', async () => {
    for (const change of [{ BranchCity: 'Matara' }, { Code: 'MTR' }]) {
      await expect(errorOf(update('Galle', { Location: 'Elsewhere', Contact: '091 222 3333', ...change }))).resolves.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Branch name and code cannot be changed',
      });
    }
    await expect(get('Galle')).resolves.toMatchObject({ Location: 'Lighthouse St' });
  });

  it('refuses an unknown branch or a bad body', async () => {
    await expect(errorOf(update('Jaffna', { Location: 'x', Contact: '021 222 3333' }))).resolves.toEqual({
      code: 'NOT_FOUND',
      message: Messages.branchNotFound,
    });
    await expect(errorOf(update('Galle', { Location: 'x', Contact: 'call me' }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('directory.branch.delete', () => {
  it('refuses to delete a branch that still has users', async () => {
    const inKandy = (username: string) => newUser(username, 'Employee', { branchCity: 'Kandy' });
    await h.client.request(users.subjects.add, { actor, body: inKandy('kperera') });
    await expect(errorOf(remove('kandy'))).resolves.toEqual({ code: 'CONFLICT', message: "Branch 'Kandy' still has 1 user. Move or delete them first." });
    await h.client.request(users.subjects.add, { actor, body: inKandy('kperera2') });
    await expect(errorOf(remove('Kandy'))).resolves.toMatchObject({ message: "Branch 'Kandy' still has 2 users. Move or delete them first." });
    await expect(get('Kandy')).resolves.toMatchObject({ Code: 'KDY' });
  });

  it('deletes an empty branch, then NOT_FOUND', async () => {
    await expect(remove('COLOMBO NORTH')).resolves.toEqual({ message: Messages.branchDeleted });
    await expect(errorOf(remove('Colombo North'))).resolves.toEqual({ code: 'NOT_FOUND', message: Messages.branchNotFound });
  });
});
