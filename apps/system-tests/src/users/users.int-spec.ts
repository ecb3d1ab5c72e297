import { jest } from '@jest/globals';
import { NatsRpcClient } from '@freight/server';
import { Messages, TOTAL_COUNT_HEADER, users, type LoginResponse, type StaffRole } from '@freight/contracts';
import { newUser, testPassword, stackForFile } from '../testing/gateway-stack.js';

const suite = stackForFile();
const { call } = suite;
let admin: LoginResponse;
let employee: LoginResponse;

beforeAll(async () => {
  admin = await suite.stack.addUser(suite.head.token, 'admin1', 'Admin');
  employee = await suite.stack.addUser(suite.head.token, 'emp1', 'Employee');
}, 60_000);

describe('users through the gateway', () => {
  it('gets one user by username, whatever the case, or 404', async () => {
    const reply = await call('GET', '/api/users/get/EMP1', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(expect.objectContaining({ username: 'emp1', role: 'Employee', branchCity: { BranchCity: 'Colombo' } }));
    expect(reply.body).not.toHaveProperty('password');
    await expect(call('GET', '/api/users/get/emp', { token: employee.token })).resolves.toMatchObject({
      status: 404,
      body: { message: Messages.userNotFound },
    });
  });

  it('lists every user as a plain array, without passwords', async () => {
    const reply = await call('GET', '/api/users/all', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['head', 'admin1', 'emp1']));
    expect(reply.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBeUndefined();
    expect(JSON.stringify(reply.body)).not.toMatch(/password/i);
  });

  it('pages, sorts and filters on request, with the total in X-Total-Count', async () => {
    const reply = await call('GET', '/api/users/all?page=1&pageSize=2&sort=username&order=desc', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(2);
    expect(reply.body[0].username >= reply.body[1].username).toBe(true);
    expect(Number(reply.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBeGreaterThanOrEqual(3);
    const filtered = await call('GET', '/api/users/all?q=ADMIN1', { token: employee.token });
    expect(filtered.body.map((u: { username: string }) => u.username)).toEqual(['admin1']);
  });

  it('refuses bad list parameters with 400 and details', async () => {
    const reply = await call('GET', '/api/users/all?page=0&sort=password', { token: employee.token });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { page: 'page must be 1 or more', sort: expect.stringContaining('sort must be one of') },
    });
  });

  it('searches case-insensitively by substring', async () => {
    const reply = await call('GET', '/api/users/search/MP1', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, users: [expect.objectContaining({ username: 'emp1', branchCity: { BranchCity: 'Colombo' } })] });
    expect((await call('GET', '/api/users/search/nobody-like-this', { token: employee.token })).body).toEqual({ success: true, users: [] });
  });

  it('answers the distinct full names', async () => {
    const reply = await call('GET', '/api/users/unique', { token: employee.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(expect.arrayContaining(['Test admin1', 'Test emp1']));
  });

  it('adds a user: 201 with the message and the user', async () => {
    const reply = await call('POST', '/api/users/add', { token: admin.token, body: newUser('new.emp', 'Employee') });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      message: Messages.userAdded,
      user: expect.objectContaining({ username: 'new.emp', role: 'Employee', _id: expect.any(String) }),
    });
    expect(reply.body.user).not.toHaveProperty('password');
  });

  it('refuses a bad user with 400 naming every field', async () => {
    const reply = await call('POST', '/api/users/add', { token: suite.head.token, body: { ...newUser('x', 'Employee'), email: 'nope', department: 'Sales' } });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.details).toEqual({
      username: 'Username must be 3 to 40 letters, digits, dots, underscores or hyphens',
      email: 'Enter a valid email address',
      department: 'Department must be Import or Export',
    });
    expect(reply.body.message).toMatch(/^Username must be 3 to 40.*Enter a valid email address\. Department must be Import or Export\.$/);
  });

  it('refuses a duplicate username or e-mail (any case) with 409', async () => {
    const dupName = await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('EMP1', 'Employee', { email: 'other@example.com' }) });
    expect(dupName.status).toBe(409);
    expect(dupName.body.code).toBe('CONFLICT');
    const dupMail = await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('someone', 'Employee', { email: 'EMP1@example.com' }) });
    expect(dupMail.status).toBe(409);
  });

  it('refuses a user in a branch that does not exist with 400', async () => {
    const reply = await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('nobranch', 'Employee', { branchCity: 'Atlantis' }) });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual({ branchCity: expect.stringContaining('Atlantis') });
  });

  it('edits and renames a user, keeping the password when it is blank', async () => {
    await suite.stack.addUser(suite.head.token, 'to.rename', 'Employee');
    const reply = await call('PUT', '/api/users/update?term=to.rename&updateterm=renamed', {
      token: admin.token,
      body: { ...newUser('renamed', 'Employee'), fullName: 'Renamed Person', password: '' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: Messages.userUpdated,
      user: expect.objectContaining({ username: 'renamed', fullName: 'Renamed Person' }),
    });
    await expect(suite.stack.gateway.login('renamed', testPassword('to.rename'))).resolves.toMatchObject({ user_username: 'renamed' });
    expect((await call('GET', '/api/users/search/to.rename', { token: suite.head.token })).body.users).toEqual([]);
  });

  it('refuses an edit whose body username differs from updateterm', async () => {
    const reply = await call('PUT', '/api/users/update?term=emp1&updateterm=emp1', { token: suite.head.token, body: newUser('other', 'Employee') });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual({ username: 'Must match updateterm' });
  });

  it('answers 404 for editing or deleting an unknown user', async () => {
    const edit = await call('PUT', '/api/users/update?term=ghost&updateterm=ghost', { token: suite.head.token, body: newUser('ghost', 'Employee') });
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ code: 'NOT_FOUND', message: Messages.userNotFound });
    const remove = await call('DELETE', '/api/users/delete/ghost', { token: suite.head.token });
    expect(remove.status).toBe(404);
    expect(remove.body.message).toBe(Messages.userNotFound);
  });

  it('requires term and updateterm on edit', async () => {
    const reply = await call('PUT', '/api/users/update', { token: suite.head.token, body: newUser('emp1', 'Employee') });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.details).sort()).toEqual(['term', 'updateterm']);
  });

  it('deletes a user: {message}', async () => {
    await suite.stack.addUser(suite.head.token, 'to.delete', 'Employee');
    const reply = await call('DELETE', '/api/users/delete/to.delete', { token: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: Messages.userDeleted });
    expect((await call('GET', '/api/users/search/to.delete', { token: suite.head.token })).body.users).toEqual([]);
  });
});

describe('the users role matrix (requirements decisions §4)', () => {
  const roles: StaffRole[] = ['Head', 'Admin', 'Employee'];
  const tokenOf = (role: StaffRole) => ({ Head: suite.head, Admin: admin, Employee: employee })[role].token;
  let serial = 0;
  /** A fresh target user of this role, added by the Head. */
  async function target(role: StaffRole): Promise<string> {
    const username = `t${++serial}.${role.toLowerCase()}`;
    const reply = await call('POST', '/api/users/add', { token: suite.head.token, body: newUser(username, role) });
    expect(reply.status).toBe(201);
    return username;
  }

  const reads: [string, string][] = [
    ['GET', '/api/users/all'],
    ['GET', '/api/users/search/emp'],
    ['GET', '/api/users/unique'],
  ];
  it.each(roles.flatMap((role) => reads.map(([method, url]) => [role, method, url] as const)))('%s: %s %s → 200', async (role, method, url) => {
    expect((await call(method, url, { token: tokenOf(role) })).status).toBe(200);
  });

  // actor × target role → status, for add, edit and delete.
  const add: Record<StaffRole, Record<StaffRole, number>> = {
    Head: { Head: 201, Admin: 201, Employee: 201 },
    Admin: { Head: 403, Admin: 201, Employee: 201 },
    Employee: { Head: 403, Admin: 403, Employee: 403 },
  };
  // An Admin edits Employees and themself, never another Admin (permissions.ts).
  const edit: Record<StaffRole, Record<StaffRole, number>> = {
    Head: { Head: 200, Admin: 200, Employee: 200 },
    Admin: { Head: 403, Admin: 403, Employee: 200 },
    Employee: { Head: 403, Admin: 403, Employee: 403 },
  };
  const remove: Record<StaffRole, Record<StaffRole, number>> = {
    Head: { Head: 200, Admin: 200, Employee: 200 },
    Admin: { Head: 403, Admin: 403, Employee: 200 },
    Employee: { Head: 403, Admin: 403, Employee: 403 },
  };
  const pairs = roles.flatMap((actor) => roles.map((targetRole) => [actor, targetRole] as const));

  it.each(pairs)('%s adds a %s', async (actor, targetRole) => {
    const reply = await call('POST', '/api/users/add', { token: tokenOf(actor), body: newUser(`add${++serial}`, targetRole) });
    expect(reply.status).toBe(add[actor][targetRole]);
    if (reply.status === 403) expect(reply.body).toEqual({ code: 'FORBIDDEN', message: Messages.forbidden });
  });

  it.each(pairs)('%s edits a %s', async (actor, targetRole) => {
    const username = await target(targetRole);
    const reply = await call('PUT', `/api/users/update?term=${username}&updateterm=${username}`, {
      token: tokenOf(actor),
      body: newUser(username, targetRole, { fullName: 'Edited' }),
    });
    expect(reply.status).toBe(edit[actor][targetRole]);
  });

  it.each(pairs)('%s deletes a %s', async (actor, targetRole) => {
    const username = await target(targetRole);
    const reply = await call('DELETE', `/api/users/delete/${username}`, { token: tokenOf(actor) });
    expect(reply.status).toBe(remove[actor][targetRole]);
    if (reply.status === 403) expect(reply.body.message).toBe(Messages.forbidden);
  });

  it('an Admin cannot promote an Employee to Head', async () => {
    const username = await target('Employee');
    const reply = await call('PUT', `/api/users/update?term=${username}&updateterm=${username}`, { token: admin.token, body: newUser(username, 'Head') });
    expect(reply.status).toBe(403);
  });

  it('an Admin edits themself, password included, but not their own role', async () => {
    const me = await suite.stack.addUser(suite.head.token, 'self.admin', 'Admin');
    const edit = (body: ReturnType<typeof newUser>) => call('PUT', '/api/users/update?term=self.admin&updateterm=self.admin', { token: me.token, body });
    expect((await edit(newUser('self.admin', 'Admin', { fullName: 'Self Edited', password: '' }))).status).toBe(200);
    const demote = await edit(newUser('self.admin', 'Employee', { password: '' }));
    expect([demote.status, demote.body]).toEqual([403, { code: 'FORBIDDEN', message: Messages.forbidden }]);
    expect((await edit(newUser('self.admin', 'Admin', { fullName: 'Self Edited', password: 'self-chosen-Kelp-4821' }))).status).toBe(200);
    await expect(suite.stack.gateway.login('self.admin', 'self-chosen-Kelp-4821')).resolves.toMatchObject({ user_role: 'Admin', user_fullName: 'Self Edited' });
  });

  it('an Admin sets an Employee’s password and makes them an Admin', async () => {
    const username = await target('Employee');
    const url = `/api/users/update?term=${username}&updateterm=${username}`;
    expect((await call('PUT', url, { token: admin.token, body: newUser(username, 'Employee', { password: 'set-by-admin-Kelp-4821' }) })).status).toBe(200);
    await expect(suite.stack.gateway.login(username, 'set-by-admin-Kelp-4821')).resolves.toMatchObject({ user_role: 'Employee' });
    expect((await call('PUT', url, { token: admin.token, body: newUser(username, 'Admin', { password: '' }) })).status).toBe(200);
  });

  it('a Head changes an Admin’s role and password', async () => {
    const username = await target('Admin');
    const reply = await call('PUT', `/api/users/update?term=${username}&updateterm=${username}`, {
      token: suite.head.token,
      body: newUser(username, 'Employee', { password: 'set-by-suite.head-Kelp-4821' }),
    });
    expect(reply.status).toBe(200);
    await expect(suite.stack.gateway.login(username, 'set-by-suite.head-Kelp-4821')).resolves.toMatchObject({ user_role: 'Employee' });
  });

  it('an edit and a delete cost one request to the directory each (besides the session check; a delete first asks how many jobs use the user, ADR 30)', async () => {
    const username = await target('Employee');
    // Every request passes requestJson (request decodes what it answers; the forwarder sends its bytes on, ADR 59).
    const requests = jest.spyOn(suite.stack.gateway.app.get(NatsRpcClient), 'requestJson');
    try {
      expect(
        (
          await call('PUT', `/api/users/update?term=${username}&updateterm=${username}`, {
            token: admin.token,
            body: newUser(username, 'Employee', { password: '' }),
          })
        ).status,
      ).toBe(200);
      expect((await call('DELETE', `/api/users/delete/${username}`, { token: admin.token })).status).toBe(200);
      const subjects = requests.mock.calls.map(([subject]) => subject).filter((subject) => subject !== 'directory.user.sessionState');
      expect(subjects).toEqual([users.subjects.update, 'shipment.references.count', users.subjects.delete]);
    } finally {
      requests.mockRestore();
    }
  });

  it.each(roles)('%s cannot delete themself', async (role) => {
    const me = { Head: suite.head, Admin: admin, Employee: employee }[role];
    const reply = await call('DELETE', `/api/users/delete/${me.user_username.toUpperCase()}`, { token: me.token });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'FORBIDDEN', message: Messages.forbidden });
  });
});
