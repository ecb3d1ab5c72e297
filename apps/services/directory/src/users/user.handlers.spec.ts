import { jest } from '@jest/globals';
import { Messages, loadPasswordEstimator, type Actor, type StaffRole, type UserCreate, type UserUpdate } from '@freight/contracts';
import { AppError } from '@freight/server';
import { newUser } from '@freight/server-testing';
import { InMemoryRepository, appErrorOf as errorOf, type NewRow, type Tx } from '@freight/server-database';
import { hashPassword } from './password.js';
import type { UserEntity } from './user.entity.js';
import { UserHandlers, type SignInThrottle, type UserStore } from './user.handlers.js';
import type { UserRow } from './user.repository.js';

// The user rules on the repository seam: users and branches in memory, the sign-in throttle a stub.

interface Branch {
  id: string;
  city: string;
}
type StoredUser = UserEntity & { branchCity: string };

/** The users' table in memory; a user's branch city follows its branch id, as the repository's join does. */
class FakeUsers extends InMemoryRepository<StoredUser> implements UserStore {
  /** Whom each lockForChange call locked, in order. */
  readonly locked: string[][] = [];

  constructor(private readonly branches: InMemoryRepository<Branch>) {
    super({ key: 'username', search: ['username', 'fullName', 'email'], unique: ['username', 'email'] });
  }
  private cityOf(branchId: string): string {
    return this.branches.all().find((branch) => branch.id === branchId)!.city;
  }
  override async insert(tx: Tx, values: NewRow<StoredUser>): Promise<StoredUser> {
    return super.insert(tx, { sessionVersion: 1, ...values, branchCity: this.cityOf(values.branchId!) });
  }
  override async update(tx: Tx, id: string, changes: Partial<StoredUser>): Promise<void> {
    await super.update(tx, id, { ...changes, ...(changes.branchId ? { branchCity: this.cityOf(changes.branchId) } : {}) });
  }
  /** Only username and e-mail are unique, both properties of the entity. */
  override async taken(tx: Tx, values: Partial<StoredUser>, exceptId?: string): Promise<(keyof UserEntity & string) | undefined> {
    return (await super.taken(tx, values, exceptId)) as (keyof UserEntity & string) | undefined;
  }
  async lockForChange(_tx: Tx, username: string, withHeads: boolean): Promise<UserRow[]> {
    const rows = this.all().filter((user) => user.username.toLowerCase() === username.toLowerCase() || (withHeads && user.role === 'Head'));
    this.locked.push(rows.map((row) => row.username));
    return rows.map((row) => ({ ...row }));
  }
  async credentials(username: string) {
    const user = this.all().find((row) => row.username.toLowerCase() === username.trim().toLowerCase());
    return user && { ...user };
  }
  async sessionState(id: string) {
    const user = this.rows.get(id);
    return user && { id: user.id, username: user.username, role: user.role, sessionVersion: user.sessionVersion };
  }
  async fullNames() {
    return [...new Set(this.all().map((user) => user.fullName))].sort();
  }
}

class FakeThrottle implements SignInThrottle {
  readonly calls: string[] = [];
  async begin(username: string, ip: string) {
    this.calls.push(`begin ${username} ${ip}`);
    return { address: `ip:${ip}`, pair: `pair:${ip} ${username}`, username: `user:${username}` };
  }
  async succeeded() {
    this.calls.push('succeeded');
  }
  async failed() {
    this.calls.push('failed');
  }
}

const head: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
let branches: InMemoryRepository<Branch>;
let users: FakeUsers;
let throttle: FakeThrottle;
let handlers: UserHandlers;
let colombo: Branch;
let knownHash: string;

beforeAll(async () => {
  await loadPasswordEstimator();
  knownHash = await hashPassword('harbour-lantern-4821');
});

beforeEach(() => {
  branches = new InMemoryRepository<Branch>({ key: 'city' });
  [colombo] = branches.seed({ city: 'Colombo' }, { city: 'Kandy' }) as [Branch, Branch];
  users = new FakeUsers(branches);
  throttle = new FakeThrottle();
  handlers = new UserHandlers(users, branches, throttle);
  for (const [username, role] of [
    ['head', 'Head'],
    ['admin', 'Admin'],
    ['admin2', 'Admin'],
    ['emp', 'Employee'],
  ] as const) {
    users.seed({
      username,
      role,
      fullName: `Test ${username}`,
      email: `${username}@example.com`,
      contact: '+94 77 123 4567',
      department: 'Import',
      branchId: colombo.id,
      branchCity: 'Colombo',
      sessionVersion: 1,
      passwordHash: knownHash,
    });
  }
});

const actorOf = (username: string): Actor => {
  const user = users.all().find((row) => row.username === username)!;
  return { id: user.id, username: user.username, role: user.role };
};
/** An add as the gateway sends it, the branch typed in lower case (it is matched whatever the case). */
const userBody = (username: string, role: StaffRole, over: Partial<UserCreate> = {}) => newUser(username, role, { branchCity: 'colombo', ...over });
/** An edit of `term` as the gateway sends it: the body's fields, a blank password keeps the current one. */
const edit = (actor: Actor, term: string, role: StaffRole, over: Partial<UserUpdate> & { username?: string } = {}) => {
  const current = users.all().find((row) => row.username.toLowerCase() === term.toLowerCase());
  const updateterm = over.username ?? current?.username ?? term;
  const body: UserUpdate = {
    fullName: current?.fullName ?? 'Someone',
    username: updateterm,
    email: current?.email ?? `${term}@example.com`,
    branchCity: current?.branchCity ?? 'Colombo',
    contact: current?.contact ?? '+94 77 123 4567',
    role,
    department: current?.department ?? 'Import',
    ...over,
  };
  return handlers.update({ actor, query: { term, updateterm }, body });
};
const remove = (actor: Actor, username: string) => handlers.delete({ actor, params: { username } });
const row = (username: string) => users.all().find((user) => user.username === username);

const forbidden = { code: 'FORBIDDEN', message: Messages.forbidden };
const lastHead = { code: 'CONFLICT', message: Messages.lastHead };

describe('user replies carry the catalogue texts', () => {
  it('add answers success, Messages.userAdded and the user (never a password), in the branch as stored', async () => {
    await expect(handlers.add({ actor: head, body: userBody('nimal', 'Employee') })).resolves.toEqual({
      success: true,
      message: Messages.userAdded,
      user: {
        _id: expect.any(String),
        fullName: 'Test nimal',
        username: 'nimal',
        email: 'nimal@example.com',
        branchCity: { BranchCity: 'Colombo' },
        contact: '+94 77 123 4567',
        role: 'Employee',
        department: 'Import',
      },
    });
    expect(row('nimal')).toMatchObject({ createdBy: head.id, updatedBy: head.id, passwordHash: expect.stringMatching(/^\$argon2id\$/) });
  });

  it('update answers Messages.userUpdated with the user as it is now, renamed and moved', async () => {
    const reply = await edit(head, 'EMP', 'Employee', { username: 'emp.k', branchCity: 'KANDY', fullName: 'Emp K' });
    expect(reply).toEqual({
      success: true,
      message: Messages.userUpdated,
      user: expect.objectContaining({ username: 'emp.k', fullName: 'Emp K', branchCity: { BranchCity: 'Kandy' } }),
    });
    expect(row('emp.k')).toMatchObject({ updatedBy: head.id, branchCity: 'Kandy' });
  });

  it('delete answers Messages.userDeleted', async () => {
    await expect(remove(head, 'Emp')).resolves.toEqual({ message: Messages.userDeleted });
    expect(row('emp')).toBeUndefined();
  });

  it('search answers success and the users, the exact username first; get the user; unique the full names', async () => {
    const found = await handlers.search({ actor: head, params: { username: 'ADMIN' } });
    expect(found.success).toBe(true);
    expect(found.users.map((user) => user.username)).toEqual(['admin', 'admin2']);
    await expect(handlers.get({ actor: head, params: { username: 'Admin2' } })).resolves.toMatchObject({ username: 'admin2', role: 'Admin' });
    await expect(handlers.unique()).resolves.toEqual(['Test admin', 'Test admin2', 'Test emp', 'Test head']);
  });
});

describe('users that do not exist', () => {
  it('are NOT_FOUND with Messages.userNotFound for get, update, delete and the session state', async () => {
    const notFound = { code: 'NOT_FOUND', message: Messages.userNotFound };
    await expect(errorOf(handlers.get({ actor: head, params: { username: 'nobody' } }))).resolves.toMatchObject(notFound);
    await expect(errorOf(edit(head, 'nobody', 'Employee'))).resolves.toMatchObject(notFound);
    await expect(errorOf(remove(head, 'nobody'))).resolves.toMatchObject(notFound);
    await expect(errorOf(handlers.sessionState({ id: '00000000-0000-4000-8000-00000000dead' }))).resolves.toMatchObject(notFound);
  });

  it('a branch that does not exist is a validation error on the branch field', async () => {
    const error = await errorOf(handlers.add({ actor: head, body: userBody('ghost', 'Employee', { branchCity: 'Atlantis' }) }));
    expect(error.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: "Branch 'Atlantis' does not exist",
      details: { branchCity: "Branch 'Atlantis' does not exist" },
    });
  });
});

describe('a username or e-mail already used', () => {
  it('is a 409 naming it, whatever its case; nothing is written', async () => {
    await expect(errorOf(handlers.add({ actor: head, body: userBody('ADMIN', 'Employee', { email: 'new@example.com' }) }))).resolves.toMatchObject({
      body: { code: 'CONFLICT', message: "Username 'ADMIN' is already taken", details: { username: "Username 'ADMIN' is already taken" } },
    });
    await expect(errorOf(handlers.add({ actor: head, body: userBody('new', 'Employee', { email: 'EMP@example.com' }) }))).resolves.toMatchObject({
      body: { code: 'CONFLICT', message: "Email 'EMP@example.com' is already in use" },
    });
    await expect(errorOf(edit(head, 'emp', 'Employee', { username: 'Admin' }))).resolves.toMatchObject({ message: "Username 'Admin' is already taken" });
    expect(users.all()).toHaveLength(4);
    expect(row('emp')).toBeDefined();
  });

  it('a user keeps their own username and e-mail in another case', async () => {
    await expect(edit(head, 'emp', 'Employee', { username: 'EMP', email: 'Emp@Example.com' })).resolves.toMatchObject({
      user: { username: 'EMP', email: 'Emp@Example.com' },
    });
  });
});

describe('whom an actor may add, edit and delete (permissions.ts), judged on the locked row', () => {
  it('an Admin may not add a Head; an Employee may add nobody', async () => {
    await expect(errorOf(handlers.add({ actor: actorOf('admin'), body: userBody('made.head', 'Head') }))).resolves.toMatchObject(forbidden);
    await expect(errorOf(handlers.add({ actor: actorOf('emp'), body: userBody('made.emp', 'Employee') }))).resolves.toMatchObject(forbidden);
    await expect(handlers.add({ actor: actorOf('admin'), body: userBody('made.admin', 'Admin') })).resolves.toMatchObject({ user: { role: 'Admin' } });
  });

  it('an Admin may not edit a Head or another Admin, nor change their own role; nothing is written', async () => {
    const admin = actorOf('admin');
    await expect(errorOf(edit(admin, 'head', 'Head', { fullName: 'Renamed by Admin' }))).resolves.toMatchObject(forbidden);
    await expect(errorOf(edit(admin, 'admin2', 'Admin', { password: 'stolen-anchor-9034' }))).resolves.toMatchObject(forbidden);
    await expect(errorOf(edit(admin, 'admin', 'Employee'))).resolves.toMatchObject(forbidden);
    expect(row('head')).toMatchObject({ fullName: 'Test head' });
    expect(row('admin2')).toMatchObject({ passwordHash: knownHash });
    expect(row('admin')).toMatchObject({ role: 'Admin' });
  });

  it('an Admin may edit themself but their role, and an Employee fully', async () => {
    const admin = actorOf('admin');
    await expect(edit(admin, 'admin', 'Admin', { fullName: 'Me Myself' })).resolves.toMatchObject({ user: { fullName: 'Me Myself' } });
    await expect(edit(admin, 'emp', 'Admin')).resolves.toMatchObject({ user: { role: 'Admin' } });
  });

  it('nobody deletes themself; an Admin deletes only Employees', async () => {
    await expect(errorOf(remove(actorOf('head'), 'HEAD'))).resolves.toMatchObject(forbidden);
    await expect(errorOf(remove(actorOf('admin'), 'admin'))).resolves.toMatchObject(forbidden);
    await expect(errorOf(remove(actorOf('admin'), 'admin2'))).resolves.toMatchObject(forbidden);
    await expect(remove(actorOf('admin'), 'emp')).resolves.toEqual({ message: Messages.userDeleted });
    expect(users.all().map((user) => user.username)).toEqual(['head', 'admin', 'admin2']);
  });
});

describe('the last Head', () => {
  it('cannot be demoted or deleted (409); with a second Head it can', async () => {
    const other: Actor = { id: '00000000-0000-4000-8000-000000000099', username: 'outsider', role: 'Head' };
    await expect(errorOf(edit(other, 'head', 'Admin'))).resolves.toMatchObject(lastHead);
    await expect(errorOf(remove(other, 'head'))).resolves.toMatchObject(lastHead);
    expect(row('head')).toMatchObject({ role: 'Head' });
    await edit(other, 'admin', 'Head');
    await expect(edit(other, 'head', 'Admin')).resolves.toMatchObject({ user: { role: 'Admin' } });
    await expect(errorOf(remove(other, 'admin'))).resolves.toMatchObject(lastHead);
  });

  it('locks the Heads with the target only when the change may take a Head away', async () => {
    await edit(head, 'emp', 'Employee');
    await edit(head, 'emp', 'Head');
    await remove(head, 'admin2');
    expect(users.locked).toEqual([['head', 'emp'], ['emp'], ['head', 'admin2', 'emp']]);
  });
});

describe('the session version', () => {
  it('counts a new password, role or username; not other details or a blank password', async () => {
    const id = actorOf('emp').id;
    const current = () => users.rows.get(id)!.sessionVersion;
    await edit(head, 'emp', 'Employee', { fullName: 'Other Name', email: 'emp2@example.com' });
    expect(current()).toBe(1);
    await edit(head, 'emp', 'Employee', { password: 'tugboat-lantern-5821' });
    expect(current()).toBe(2);
    expect(users.rows.get(id)!.passwordHash).not.toBe(knownHash);
    await edit(head, 'emp', 'Admin');
    expect(current()).toBe(3);
    await edit(head, 'emp', 'Admin', { username: 'emp.2' });
    expect(current()).toBe(4);
    await expect(handlers.sessionState({ id })).resolves.toEqual({ id, username: 'emp.2', role: 'Admin', sessionVersion: 4 });
  });
});

describe('sign-in', () => {
  it('counts the attempt first, then answers the user with the session version and gives the attempt back', async () => {
    await expect(handlers.verifyCredentials({ username: 'EMP', password: 'harbour-lantern-4821', ip: '10.0.0.1' })).resolves.toEqual({
      _id: actorOf('emp').id,
      fullName: 'Test emp',
      username: 'emp',
      email: 'emp@example.com',
      branchCity: { BranchCity: 'Colombo' },
      contact: '+94 77 123 4567',
      role: 'Employee',
      department: 'Import',
      sessionVersion: 1,
    });
    expect(throttle.calls).toEqual(['begin EMP 10.0.0.1', 'succeeded']);
  });

  it('answers the same for a wrong password and an unknown user, and counts the failure', async () => {
    const invalid = { code: 'INVALID_CREDENTIALS', message: Messages.invalidCredentials };
    await expect(errorOf(handlers.verifyCredentials({ username: 'emp', password: 'wrong-guess', ip: '10.0.0.2' }))).resolves.toMatchObject(invalid);
    await expect(errorOf(handlers.verifyCredentials({ username: 'nobody', password: 'harbour-lantern-4821', ip: '10.0.0.2' }))).resolves.toMatchObject(invalid);
    expect(throttle.calls).toEqual(['begin emp 10.0.0.2', 'failed', 'begin nobody 10.0.0.2', 'failed']);
  });

  it('checks no password once the throttle refuses the attempt', async () => {
    const refusing: SignInThrottle = {
      begin: async () => {
        throw new AppError('TOO_MANY_ATTEMPTS', Messages.tooManyAttempts, { retryAfterSeconds: '60' });
      },
      succeeded: async () => undefined,
      failed: async () => undefined,
    };
    const credentials = jest.spyOn(users, 'credentials');
    const guarded = new UserHandlers(users, branches, refusing);
    await expect(errorOf(guarded.verifyCredentials({ username: 'emp', password: 'harbour-lantern-4821', ip: '10.0.0.3' }))).resolves.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
    });
    expect(credentials).not.toHaveBeenCalled();
  });
});
