import { Messages, branches, users, type Actor, type StaffRole, type User, type UserCreate } from '@freight/contracts';
import { errorOf, headActor, startDirectory, type DirectoryHarness } from '../testing/directory-harness.js';

// Who may write whom (permissions.ts), the last Head, and the session version: all decided
// in the directory, in the transaction of the change, whatever the caller checked before.
const U = users.subjects;
let h: DirectoryHarness;

const body = (username: string, role: StaffRole, over: Partial<UserCreate> = {}): UserCreate => ({
  fullName: `Test ${username}`,
  username,
  email: `${username}@example.com`,
  password: `${username}-Kelp-4821`,
  branchCity: 'Colombo',
  contact: '+94 77 123 4567',
  role,
  department: 'Import',
  ...over,
});
const actorOf = (user: User): Actor => ({ id: user._id, username: user.username, role: user.role });
const create = async (username: string, role: StaffRole, over: Partial<UserCreate> = {}) =>
  (await h.client.request(U.add, { actor: headActor, body: body(username, role, over) })).user;
const update = async (actor: Actor, username: string, role: StaffRole, over: Partial<UserCreate> = {}) =>
  (
    await h.client.request(U.update, {
      actor,
      query: { term: username, updateterm: over.username ?? username },
      body: { ...body(username, role, over), password: over.password ?? '' },
    })
  ).user;
const remove = (actor: Actor, username: string) => h.client.request(U.delete, { actor, params: { username } });
const stateOf = (user: User) => h.client.request('directory.user.sessionState', { id: user._id });
const heads = async () =>
  (await h.adminQuery<{ username: string }>(`SELECT username FROM directory.app_user WHERE role = 'Head' ORDER BY username`)).map((r) => r.username);

beforeAll(async () => {
  h = await startDirectory();
  await h.client.request(branches.subjects.add, {
    actor: headActor,
    body: { BranchCity: 'Colombo', Location: 'Colombo 01', Contact: '011 234 5678', Code: 'CMB' },
  });
});
afterAll(() => h?.close());

describe('directory.user.session-state', () => {
  it('answers id, username, role and session version; NOT_FOUND once deleted', async () => {
    const user = await create('state.user', 'Employee');
    await expect(stateOf(user)).resolves.toEqual({ id: user._id, username: 'state.user', role: 'Employee', sessionVersion: 1 });
    await remove(headActor, 'state.user');
    await expect(errorOf(stateOf(user))).resolves.toEqual({ code: 'NOT_FOUND', message: Messages.userNotFound });
  });

  it('refuses an id that is not a user id', async () => {
    await expect(errorOf(h.client.request('directory.user.sessionState', { id: 'head' }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('counts a new password, role or username, not other details or a blank password', async () => {
    const user = await create('versioned', 'Employee');
    const version = async () => (await stateOf(user)).sessionVersion;
    await update(headActor, 'versioned', 'Employee', { fullName: 'Other Name', contact: '+94 77 765 4321', department: 'Export', email: 'v2@example.com' });
    expect(await version()).toBe(1);
    await update(headActor, 'versioned', 'Employee', { password: 'tugboat-lantern-5821' });
    expect(await version()).toBe(2);
    await update(headActor, 'versioned', 'Admin');
    expect(await version()).toBe(3);
    await update(headActor, 'versioned', 'Admin', { username: 'versioned.2' });
    expect(await version()).toBe(4);
    // Sign-in answers the version, for the token.
    await expect(
      h.client.request('directory.user.verifyCredentials', { username: 'versioned.2', password: 'tugboat-lantern-5821', ip: '10.0.0.1' }),
    ).resolves.toMatchObject({
      username: 'versioned.2',
      sessionVersion: 4,
    });
  });
});

describe('who may write whom, checked by the directory itself', () => {
  let admin: Actor;
  beforeAll(async () => {
    admin = actorOf(await create('rules.admin', 'Admin'));
    await create('other.admin', 'Admin');
    await create('rules.emp', 'Employee');
  });

  it('refuses an Admin adding a Head, and writes nothing', async () => {
    await expect(errorOf(h.client.request(U.add, { actor: admin, body: body('made.head', 'Head') }))).resolves.toEqual({
      code: 'FORBIDDEN',
      message: Messages.forbidden,
    });
    await expect(errorOf(h.client.request(U.get, { actor: headActor, params: { username: 'made.head' } }))).resolves.toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['demoting another Admin', () => update(admin, 'other.admin', 'Employee')],
    ['resetting another Admin’s password', () => update(admin, 'other.admin', 'Admin', { password: 'stolen-anchor-9034' })],
    ['editing another Admin’s details', () => update(admin, 'other.admin', 'Admin', { fullName: 'Renamed By Admin' })],
    ['changing their own role', () => update(admin, 'rules.admin', 'Employee')],
    ['deleting another Admin', () => remove(admin, 'other.admin')],
  ])('refuses an Admin %s, and writes nothing', async (_, attempt) => {
    const before = await h.adminQuery(`SELECT * FROM directory.app_user WHERE username IN ('other.admin', 'rules.admin') ORDER BY username`);
    await expect(errorOf(attempt())).resolves.toEqual({ code: 'FORBIDDEN', message: Messages.forbidden });
    await expect(h.adminQuery(`SELECT * FROM directory.app_user WHERE username IN ('other.admin', 'rules.admin') ORDER BY username`)).resolves.toEqual(before);
  });

  it('lets an Admin edit themself but their role, and an Employee fully', async () => {
    await expect(update(admin, 'rules.admin', 'Admin', { fullName: 'Me Myself', password: 'quayside-orchid-4417' })).resolves.toMatchObject({
      fullName: 'Me Myself',
    });
    await expect(update(admin, 'rules.emp', 'Employee', { password: 'pilot-harbour-6650' })).resolves.toMatchObject({ username: 'rules.emp' });
    await expect(update(admin, 'rules.emp', 'Admin')).resolves.toMatchObject({ role: 'Admin' });
  });
});

describe('the last Head', () => {
  it('cannot be demoted or deleted (409), while another Head remains it can', async () => {
    const only = await create('only.head', 'Head');
    expect(await heads()).toEqual(['only.head']);
    const lastHead = { code: 'CONFLICT', message: Messages.lastHead };
    await expect(errorOf(update(actorOf(only), 'only.head', 'Admin'))).resolves.toEqual(lastHead);
    // The actor here is the harness's Head, not in this database: the count is of the rows.
    await expect(errorOf(remove(headActor, 'only.head'))).resolves.toEqual(lastHead);
    expect(await heads()).toEqual(['only.head']);

    const second = await create('second.head', 'Head');
    await expect(update(actorOf(second), 'only.head', 'Admin')).resolves.toMatchObject({ role: 'Admin' });
    await expect(errorOf(remove(headActor, 'second.head'))).resolves.toEqual(lastHead);
    await update(actorOf(second), 'only.head', 'Head');
    await expect(remove(headActor, 'only.head')).resolves.toEqual({ message: Messages.userDeleted });
    expect(await heads()).toEqual(['second.head']);
  });

  it('survives two Heads demoting each other at once: one wins, one Head remains', async () => {
    const a = actorOf(await create('race.a', 'Head'));
    const b = actorOf(await create('race.b', 'Head'));
    await remove(headActor, 'second.head');
    for (let round = 0; round < 8; round++) {
      expect(await heads()).toEqual(['race.a', 'race.b']);
      const results = await Promise.allSettled([update(a, 'race.b', 'Admin'), update(b, 'race.a', 'Employee')]);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason.body).toEqual({ code: 'CONFLICT', message: Messages.lastHead });
      const [survivor] = await heads();
      expect(await heads()).toHaveLength(1);
      // The survivor makes the other Head again for the next round.
      await update(survivor === 'race.a' ? a : b, survivor === 'race.a' ? 'race.b' : 'race.a', 'Head');
    }
  });
});
