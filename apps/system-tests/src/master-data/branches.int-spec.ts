import { Messages, TOTAL_COUNT_HEADER, type LoginResponse, type StaffRole } from '@freight/contracts';
import { newUser, stackForFile } from '../testing/gateway-stack.js';

const suite = stackForFile();
const { call } = suite;
let admin: LoginResponse;
let employee: LoginResponse;
const branch = (city: string, code: string) => ({ BranchCity: city, Location: `${city} harbour road`, Contact: '+94 31 222 3333', Code: code });

beforeAll(async () => {
  admin = await suite.stack.addUser(suite.head.token, 'admin1', 'Admin');
  employee = await suite.stack.addUser(suite.head.token, 'emp1', 'Employee');
  for (const [city, code] of [
    ['Negombo', 'NEG'],
    ['Galle', 'GAL'],
    ['Kandy', 'KDY'],
  ]) {
    expect((await call('POST', '/api/branches/add', { token: suite.head.token, body: branch(city!, code!) })).status).toBe(201);
  }
}, 60_000);

describe('branches through the gateway', () => {
  it('lists every branch as a plain array', async () => {
    const reply = await call('GET', '/api/branches/all', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body.map((b: { BranchCity: string }) => b.BranchCity)).toEqual(expect.arrayContaining(['Colombo', 'Negombo', 'Galle', 'Kandy']));
    expect(reply.body[0]).toEqual({
      _id: expect.any(String),
      BranchCity: expect.any(String),
      Location: expect.any(String),
      Contact: expect.any(String),
      Code: expect.any(String),
    });
  });

  it('pages with the total in X-Total-Count', async () => {
    const reply = await call('GET', '/api/branches/all?page=2&pageSize=3&sort=BranchCity', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body.map((b: { BranchCity: string }) => b.BranchCity)).toEqual(['Negombo']);
    expect(reply.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('4');
  });

  it('answers the city names', async () => {
    const reply = await call('GET', '/api/branches/unique-cities', { token: employee.token });
    expect(reply.status).toBe(200);
    expect([...reply.body].sort()).toEqual(['Colombo', 'Galle', 'Kandy', 'Negombo']);
  });

  it('searches case-insensitively by substring', async () => {
    const reply = await call('GET', '/api/branches/search/ALL', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, branches: [expect.objectContaining({ BranchCity: 'Galle', Code: 'GAL' })] });
  });

  it('gets one branch by its city, whatever the case, or 404', async () => {
    const reply = await call('GET', '/api/branches/get/GALLE', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ _id: expect.any(String), BranchCity: 'Galle', Location: 'Galle harbour road', Contact: '+94 31 222 3333', Code: 'GAL' });
    // The exact city, not a substring match: 'all' is in 'Galle' but names no branch.
    await expect(call('GET', '/api/branches/get/all', { token: employee.token })).resolves.toMatchObject({
      status: 404,
      body: { message: Messages.branchNotFound },
    });
  });

  it('adds a branch: 201 with the message and the branch', async () => {
    const reply = await call('POST', '/api/branches/add', { token: suite.head.token, body: branch('Jaffna', 'JAF') });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, message: Messages.branchAdded, branch: expect.objectContaining({ BranchCity: 'Jaffna', Code: 'JAF' }) });
  });

  it('refuses a bad branch with 400 naming the fields', async () => {
    const reply = await call('POST', '/api/branches/add', { token: suite.head.token, body: { BranchCity: '..', Location: '', Contact: 'abc', Code: 'X Y' } });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.details).sort()).toEqual(['BranchCity', 'Code', 'Contact', 'Location']);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a duplicate city or code with 409', async () => {
    expect((await call('POST', '/api/branches/add', { token: suite.head.token, body: branch('GALLE', 'GL2') })).status).toBe(409);
    const reply = await call('POST', '/api/branches/add', { token: suite.head.token, body: branch('Matara', 'gal') });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('CONFLICT');
  });

  it('edits a branch; city and code stay', async () => {
    const reply = await call('PUT', '/api/branches/update/Kandy', { token: suite.head.token, body: { Location: 'Temple road', Contact: '+94 81 222 3333' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: Messages.branchUpdated,
      branch: expect.objectContaining({ BranchCity: 'Kandy', Code: 'KDY', Location: 'Temple road' }),
    });
    const change = await call('PUT', '/api/branches/update/Kandy', { token: suite.head.token, body: branch('Kandy', 'NEW') });
    expect(change.status).toBe(400);
  });

  it('answers 404 for an unknown branch', async () => {
    const edit = await call('PUT', '/api/branches/update/Atlantis', { token: suite.head.token, body: { Location: 'x', Contact: '12345' } });
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ code: 'NOT_FOUND', message: Messages.branchNotFound });
    expect((await call('DELETE', '/api/branches/delete/Atlantis', { token: suite.head.token })).body).toEqual({
      code: 'NOT_FOUND',
      message: Messages.branchNotFound,
    });
  });

  it('refuses to delete a branch that still has users (409) and deletes an empty one', async () => {
    const busy = await call('DELETE', '/api/branches/delete/Colombo', { token: suite.head.token });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/still has \d+ users?/);
    const reply = await call('DELETE', '/api/branches/delete/Jaffna', { token: suite.head.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: Messages.branchDeleted });
  });

  it('assigns a user to a branch named in any case', async () => {
    const reply = await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('neg.emp', 'Employee', { branchCity: 'negombo' }) });
    expect(reply.status).toBe(201);
    expect(reply.body.user.branchCity).toEqual({ BranchCity: 'Negombo' });
  });
});

describe('the branches role matrix (requirements decisions §4)', () => {
  const roles: StaffRole[] = ['Head', 'Admin', 'Employee'];
  const tokenOf = (role: StaffRole) => ({ Head: suite.head, Admin: admin, Employee: employee })[role].token;
  const writer = (role: StaffRole, ok: number) => (role === 'Head' ? ok : 403);
  let serial = 0;
  async function freshBranch(): Promise<string> {
    const city = `Town${++serial}`;
    expect((await call('POST', '/api/branches/add', { token: suite.head.token, body: branch(city, `T${serial}`) })).status).toBe(201);
    return city;
  }

  it.each(roles)('%s reads all, unique cities and search → 200', async (role) => {
    for (const url of ['/api/branches/all', '/api/branches/unique-cities', '/api/branches/search/a']) {
      expect([url, (await call('GET', url, { token: tokenOf(role) })).status]).toEqual([url, 200]);
    }
  });

  it.each(roles)('%s adds a branch', async (role) => {
    const reply = await call('POST', '/api/branches/add', { token: tokenOf(role), body: branch(`Added${++serial}`, `A${serial}`) });
    expect(reply.status).toBe(writer(role, 201));
    if (reply.status === 403) expect(reply.body).toEqual({ code: 'FORBIDDEN', message: Messages.forbidden });
  });

  it.each(roles)('%s edits a branch', async (role) => {
    const city = await freshBranch();
    const reply = await call('PUT', `/api/branches/update/${city}`, { token: tokenOf(role), body: { Location: 'Moved', Contact: '12345' } });
    expect(reply.status).toBe(writer(role, 200));
  });

  it.each(roles)('%s deletes a branch', async (role) => {
    const city = await freshBranch();
    const reply = await call('DELETE', `/api/branches/delete/${city}`, { token: tokenOf(role) });
    expect(reply.status).toBe(writer(role, 200));
  });
});
