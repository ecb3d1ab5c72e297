import { Messages, Subjects, type BranchCreate } from '@freight/contracts';
import { errorOf, headActor as actor, startDirectory, type DirectoryHarness } from '../testing/directory-harness.js';

const B = Subjects.directory.branch;
let h: DirectoryHarness;

const branch = (over: Partial<BranchCreate> = {}): BranchCreate => ({ BranchCity: 'Colombo', Location: 'Fort, Colombo 01', Contact: '+94 11 234 5678', Code: 'CMB', ...over });
const create = (over: Partial<BranchCreate> = {}) => h.client.request(B.create, { actor, branch: branch(over) });

beforeAll(async () => {
  h = await startDirectory();
});
afterAll(() => h?.close());

describe('directory.branch.create', () => {
  it('creates a branch', async () => {
    await expect(create()).resolves.toEqual({ _id: expect.any(String), BranchCity: 'Colombo', Location: 'Fort, Colombo 01', Contact: '+94 11 234 5678', Code: 'CMB' });
  });

  it('refuses a city or a code already used, whatever the case', async () => {
    await expect(errorOf(create({ BranchCity: 'COLOMBO', Code: 'CM2' }))).resolves.toMatchObject({ code: 'CONFLICT', message: "Branch 'COLOMBO' already exists" });
    await expect(errorOf(create({ BranchCity: 'Negombo', Code: 'cmb' }))).resolves.toMatchObject({ code: 'CONFLICT', message: "Branch code 'cmb' is already in use" });
    await expect(h.client.request(B.list, {})).resolves.toMatchObject({ total: 1 });
  });

  it('validates the payload', async () => {
    const body = await errorOf(create({ BranchCity: 'Galle', Code: 'G L', Location: '' }));
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', details: { 'branch.Code': 'Branch code must be letters, digits or hyphens', 'branch.Location': 'Location is required' } });
    await expect(errorOf(create({ BranchCity: '..' }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(errorOf(create({ BranchCity: 'Nul\u0000ville' }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED', details: { 'branch.BranchCity': expect.stringContaining('U+0000') } });
    await expect(errorOf(h.client.request(B.create, { branch: branch({ BranchCity: 'X' }) } as never))).resolves.toMatchObject({ code: 'VALIDATION_FAILED', details: { actor: expect.any(String) } });
  });
});

describe('reading branches', () => {
  beforeAll(async () => {
    await create({ BranchCity: 'Kandy', Location: 'Peradeniya Road', Code: 'KDY' });
    await create({ BranchCity: 'Galle', Location: 'Fort, Galle', Code: 'GLE' });
    await create({ BranchCity: 'Colombo North', Location: 'Kelaniya', Code: 'CMBN' });
  });

  it('lists sorted by city, pages and sorts in SQL, with the total', async () => {
    const all = await h.client.request(B.list, {});
    expect(all.items.map((b) => b.BranchCity)).toEqual(['Colombo', 'Colombo North', 'Galle', 'Kandy']);
    const page = await h.client.request(B.list, { sort: 'Code', order: 'desc', page: 2, pageSize: 3 });
    expect(page).toEqual({ items: [expect.objectContaining({ Code: 'CMB' })], total: 4 });
  });

  it('searches city and location case-insensitively', async () => {
    const fort = await h.client.request(B.list, { q: 'FORT' });
    expect(fort.items.map((b) => b.BranchCity)).toEqual(['Colombo', 'Galle']);
    expect(fort.total).toBe(2);
    await expect(h.client.request(B.list, { q: 'kand' })).resolves.toMatchObject({ total: 1 });
  });

  it('search answers the exact city first, then substrings', async () => {
    const found = await h.client.request(B.search, { city: 'colombo' });
    expect(found.map((b) => b.BranchCity)).toEqual(['Colombo', 'Colombo North']);
    const north = await h.client.request(B.search, { city: 'NORTH' });
    expect(north.map((b) => b.BranchCity)).toEqual(['Colombo North']);
  });

  it('unique-cities answers the city names sorted', async () => {
    await expect(h.client.request(B.uniqueCities, {})).resolves.toEqual(['Colombo', 'Colombo North', 'Galle', 'Kandy']);
  });

  it('gets one branch or NOT_FOUND', async () => {
    await expect(h.client.request(B.get, { city: 'GALLE' })).resolves.toMatchObject({ Code: 'GLE' });
    await expect(errorOf(h.client.request(B.get, { city: 'Jaffna' }))).resolves.toEqual({ code: 'NOT_FOUND', message: Messages.branchNotFound });
  });
});

describe('directory.branch.update', () => {
  it('changes location and contact, keeping city and code', async () => {
    const updated = await h.client.request(B.update, { actor, city: 'galle', branch: { Location: 'Lighthouse Street', Contact: '091 222 3333' } });
    expect(updated).toMatchObject({ BranchCity: 'Galle', Code: 'GLE', Location: 'Lighthouse Street', Contact: '091 222 3333' });
    await expect(h.client.request(B.update, { actor, city: 'Galle', branch: { BranchCity: 'GALLE', Code: 'gle', Location: 'Lighthouse St', Contact: '091 222 3333' } })).resolves.toMatchObject({
      BranchCity: 'Galle',
      Code: 'GLE',
    });
  });

  it('refuses a different city or code, and writes nothing', async () => {
    for (const change of [{ BranchCity: 'Matara' }, { Code: 'MTR' }]) {
      await expect(errorOf(h.client.request(B.update, { actor, city: 'Galle', branch: { Location: 'Elsewhere', Contact: '091 222 3333', ...change } }))).resolves.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Branch name and code cannot be changed',
      });
    }
    await expect(h.client.request(B.get, { city: 'Galle' })).resolves.toMatchObject({ Location: 'Lighthouse St' });
  });

  it('refuses an unknown branch or a bad body', async () => {
    await expect(errorOf(h.client.request(B.update, { actor, city: 'Jaffna', branch: { Location: 'x', Contact: '021 222 3333' } }))).resolves.toEqual({
      code: 'NOT_FOUND',
      message: Messages.branchNotFound,
    });
    await expect(errorOf(h.client.request(B.update, { actor, city: 'Galle', branch: { Location: 'x', Contact: 'call me' } }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('directory.branch.delete', () => {
  it('refuses to delete a branch that still has users', async () => {
    const user = { fullName: 'K P', email: 'kp@example.com', password: 'long-enough-pw', branchCity: 'Kandy', contact: '081 222 3333', role: 'Employee', department: 'Export' } as const;
    await h.client.request(Subjects.directory.user.create, { actor, user: { ...user, username: 'kperera' } });
    await expect(errorOf(h.client.request(B.delete, { actor, city: 'kandy' }))).resolves.toEqual({ code: 'CONFLICT', message: "Branch 'Kandy' still has 1 user. Move or delete them first." });
    await h.client.request(Subjects.directory.user.create, { actor, user: { ...user, username: 'kperera2', email: 'kp2@example.com' } });
    await expect(errorOf(h.client.request(B.delete, { actor, city: 'Kandy' }))).resolves.toMatchObject({ message: "Branch 'Kandy' still has 2 users. Move or delete them first." });
    await expect(h.client.request(B.get, { city: 'Kandy' })).resolves.toMatchObject({ Code: 'KDY' });
  });

  it('deletes an empty branch, then NOT_FOUND', async () => {
    await expect(h.client.request(B.delete, { actor, city: 'COLOMBO NORTH' })).resolves.toEqual({ message: Messages.branchDeleted });
    await expect(errorOf(h.client.request(B.delete, { actor, city: 'Colombo North' }))).resolves.toEqual({ code: 'NOT_FOUND', message: Messages.branchNotFound });
  });
});
