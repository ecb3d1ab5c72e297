import { Messages, USER_SORT_FIELDS, branches, users, type UserCreate, type UserListQuery, type UserUpdate } from '@freight/contracts';
import { SEARCH_LIMIT } from '@freight/server-database';
import { THROTTLE } from './login-throttle.service.js';
import { errorOf, expectWholeKeyOnly, headActor as actor, startDirectory, type DirectoryHarness } from '../testing/directory-harness.js';

const U = users.subjects;
let h: DirectoryHarness;

const newUser = (over: Partial<UserCreate> = {}): UserCreate => ({
  fullName: 'Nimal Perera',
  username: 'nimal',
  email: 'nimal@example.com',
  password: 'correct-horse-1',
  branchCity: 'Colombo',
  contact: '+94 77 123 4567',
  role: 'Admin',
  department: 'Import',
  ...over,
});
const add = (over: Partial<UserCreate> = {}) => h.client.request(U.add, { actor, body: newUser(over) });
const create = async (over: Partial<UserCreate> = {}) => (await add(over)).user;
const list = (query: UserListQuery = {}) => h.client.request(U.all, { actor, query });
const search = async (username: string) => (await h.client.request(U.search, { actor, params: { username } })).users;
const get = (username: string) => h.client.request(U.get, { actor, params: { username } });
/** Edit `term`, renaming them to `updateterm`; the body names the user as updateterm, as the gateway requires. */
const update = (term: string, updateterm: string, body: UserUpdate) =>
  h.client.request(U.update, { actor, query: { term, updateterm }, body: { ...body, username: updateterm } });
const remove = (username: string) => h.client.request(U.delete, { actor, params: { username } });
const login = (username: string, password: string, ip = '10.0.0.1') => h.client.request('directory.user.verifyCredentials', { username, password, ip });

beforeAll(async () => {
  h = await startDirectory();
  for (const [BranchCity, Code] of [
    ['Colombo', 'CMB'],
    ['Kandy', 'KDY'],
  ]) {
    await h.client.request(branches.subjects.add, {
      actor,
      body: { BranchCity: BranchCity!, Location: `${BranchCity} 01`, Contact: '011 234 5678', Code: Code! },
    });
  }
});
afterAll(() => h?.close());

describe('directory.user.add', () => {
  it('creates a user, in the branch, without any password field, hashed with argon2id', async () => {
    const { user, ...reply } = await add();
    expect(reply).toEqual({ success: true, message: Messages.userAdded });
    expect(user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullName: 'Nimal Perera',
      username: 'nimal',
      email: 'nimal@example.com',
      branchCity: { BranchCity: 'Colombo' },
      contact: '+94 77 123 4567',
      role: 'Admin',
      department: 'Import',
    });
    const [row] = await h.adminQuery<{ password_hash: string; created_by: string }>(`SELECT password_hash, created_by FROM directory.app_user WHERE id = $1`, [
      user._id,
    ]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.created_by).toBe(actor.id);
  });

  it('refuses a taken username, whatever its case', async () => {
    await expect(errorOf(create({ username: 'NIMAL', email: 'other@example.com' }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Username 'NIMAL' is already taken",
    });
  });

  it('refuses an e-mail in use, whatever its case', async () => {
    await expect(errorOf(create({ username: 'nimal2', email: 'Nimal@Example.COM' }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Email 'Nimal@Example.COM' is already in use",
    });
  });

  it('refuses a branch that does not exist', async () => {
    await expect(errorOf(create({ username: 'ghost', email: 'ghost@example.com', branchCity: 'Atlantis' }))).resolves.toEqual({
      code: 'VALIDATION_FAILED',
      message: "Branch 'Atlantis' does not exist",
      details: { branchCity: "Branch 'Atlantis' does not exist" },
    });
  });

  it('validates the payload itself, field by field', async () => {
    const body = await errorOf(create({ username: 'x y', email: 'not-an-email', role: 'King' as never }));
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual({
      'body.username': expect.stringContaining('Username must be'),
      'body.email': 'Enter a valid email address',
      'body.role': 'Role must be Admin, Head or Employee',
    });
    await expect(errorOf(h.client.request(U.add, { body: newUser({ username: 'noactor' }) } as never))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(errorOf(h.client.request(U.add, 'garbage' as never))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lets exactly one of several concurrent creations of one username win', async () => {
    const results = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => create({ username: 'racer', email: `racer${i}@example.com` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason.body).toMatchObject({ code: 'CONFLICT', message: "Username 'racer' is already taken" });
    }
    await remove('racer');
  });
});

describe('reading users', () => {
  beforeAll(async () => {
    await create({ username: 'amara', fullName: 'Amara Silva', email: 'amara@example.com', branchCity: 'Kandy', role: 'Employee', department: 'Export' });
    await create({ username: 'kamal', fullName: 'Kamal Fernando', email: 'kfern@example.com', role: 'Employee' });
    await create({ username: 'kamala', fullName: 'Amara Silva', email: 'kamala@example.com' });
    await create({ username: 'perera_50', fullName: 'Sunil Perera', email: 'sunil@example.com', branchCity: 'Kandy' });
  });

  it('gets one user by username, case-insensitively, or NOT_FOUND', async () => {
    await expect(get('KAMAL')).resolves.toEqual({
      _id: expect.any(String),
      fullName: 'Kamal Fernando',
      username: 'kamal',
      email: 'kfern@example.com',
      branchCity: { BranchCity: 'Colombo' },
      contact: '+94 77 123 4567',
      role: 'Employee',
      department: 'Import',
    });
    // Only the exact username, whatever its case: 'kamal' is not 'kama'.
    await expectWholeKeyOnly(get, {
      missing: 'nobody',
      part: 'kama',
      notFound: Messages.userNotFound,
      param: 'username',
      blankMessage: 'Username is required',
    });
  });

  it('lists everything sorted by username without a page', async () => {
    const page = await list();
    expect(page.items.map((u) => u.username)).toEqual(['amara', 'kamal', 'kamala', 'nimal', 'perera_50']);
    expect(page.total).toBe(5);
  });

  it('pages and sorts in SQL, with the total of the filter', async () => {
    const first = await list({ sort: 'fullName', order: 'desc', page: 1, pageSize: 2 });
    expect(first.items.map((u) => u.fullName)).toEqual(['Sunil Perera', 'Nimal Perera']);
    expect(first.total).toBe(5);
    const last = await list({ sort: 'fullName', order: 'desc', page: 3, pageSize: 2 });
    expect(last.items).toHaveLength(1);
    const beyond = await list({ page: 9, pageSize: 2 });
    expect(beyond).toEqual({ items: [], total: 5 });
    const byBranch = await list({ sort: 'branchCity' });
    expect(byBranch.items.map((u) => u.branchCity.BranchCity)).toEqual(['Colombo', 'Colombo', 'Colombo', 'Kandy', 'Kandy']);
  });

  it('searches username, full name and e-mail case-insensitively, wildcards taken literally', async () => {
    const byName = await list({ q: 'PERERA' });
    expect(byName.items.map((u) => u.username)).toEqual(['nimal', 'perera_50']);
    expect(byName.total).toBe(2);
    const byEmail = await list({ q: 'kfern@' });
    expect(byEmail.items.map((u) => u.username)).toEqual(['kamal']);
    await expect(list({ q: '%' })).resolves.toEqual({ items: [], total: 0 });
    const underscore = await list({ q: 'a_5' });
    expect(underscore.items.map((u) => u.username)).toEqual(['perera_50']);
    const paged = await list({ q: 'amara', page: 1, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(2);
  });

  it('rejects bad list parameters', async () => {
    await expect(errorOf(list({ sort: 'password' as never }))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'query.sort': expect.stringContaining('sort must be one of') },
    });
    await expect(errorOf(list({ page: 0 }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED', message: 'page must be 1 or more' });
    await expect(errorOf(list({ pageSize: 1000 }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('search answers the exact match first, then substrings', async () => {
    const found = await search('KAMALA');
    expect(found.map((u) => u.username)).toEqual(['kamala']);
    const both = await search('Kamal');
    expect(both.map((u) => u.username)).toEqual(['kamal', 'kamala']);
    const substrings = await search('ama');
    expect(substrings.map((u) => u.username)).toEqual(['amara', 'kamal', 'kamala']);
    await expect(search('zzz')).resolves.toEqual([]);
    await expect(errorOf(search(''))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('pages every sort key in one stable order: ties by id, desc the exact reverse, pages joined = the whole list', async () => {
    const all = (await list()).items;
    const ids = all.map((u) => u._id).sort();
    for (const sort of USER_SORT_FIELDS) {
      const whole = (await list({ sort })).items.map((u) => u._id);
      const paged: string[] = [];
      for (let page = 1; page <= all.length; page++) {
        const one = await list({ sort, page, pageSize: 1 });
        expect(one.total).toBe(all.length);
        paged.push(...one.items.map((u) => u._id));
      }
      expect(paged).toEqual(whole);
      const desc = await list({ sort, order: 'desc', page: 1, pageSize: 100 });
      expect(desc.items.map((u) => u._id)).toEqual([...whole].reverse());
      expect([...whole].sort()).toEqual(ids);
    }
    // 'Amara Silva' twice: the tie goes by id.
    const tied = (await list({ sort: 'fullName' })).items.filter((u) => u.fullName === 'Amara Silva').map((u) => u._id);
    expect(tied).toEqual([...tied].sort());
    // role and department come in key order.
    const byRole = (await list({ sort: 'role', order: 'desc' })).items.map((u) => u.role);
    expect(byRole).toEqual([...byRole].sort().reverse());
  });

  it('counts only what the filter matches, and a page past the end is empty with that total', async () => {
    await expect(list({ q: 'amara', page: 3, pageSize: 1 })).resolves.toEqual({ items: [], total: 2 });
    const second = await list({ q: 'AMARA', sort: 'username', order: 'desc', page: 2, pageSize: 1 });
    expect(second).toEqual({ items: [expect.objectContaining({ username: 'amara' })], total: 2 });
    const byBranch = await list({ q: 'a', sort: 'branchCity', page: 1, pageSize: 2 });
    expect(byBranch.items.map((u) => u.branchCity.BranchCity)).toEqual(['Colombo', 'Colombo']);
    expect(byBranch.total).toBe(5);
  });

  it('search puts the exact match first even when others sort before it, and caps the answer', async () => {
    await create({ username: 'mal', email: 'mal@example.com' });
    try {
      const found = await search('MAL');
      expect(found.map((u) => u.username)).toEqual(['mal', 'kamal', 'kamala', 'nimal']);
      expect(found[0]).toEqual(expect.objectContaining({ fullName: 'Nimal Perera', branchCity: { BranchCity: 'Colombo' }, role: 'Admin' }));
      // One character: a pattern the trigram index cannot serve; still right.
      const short = await search('l');
      expect(short.map((u) => u.username)).toEqual(['amara', 'kamal', 'kamala', 'mal', 'nimal', 'perera_50'].filter((n) => n.includes('l')));
    } finally {
      await remove('mal');
    }
  });

  it('search answers at most SEARCH_LIMIT users, the exact match first even past the cap', async () => {
    // 'acapped001'… all contain 'capped' and sort before it.
    await h.adminQuery(
      `INSERT INTO directory.app_user (full_name, username, email, password_hash, branch_id, contact, role, department)
       SELECT 'Capped ' || i, CASE WHEN i = 0 THEN 'capped' ELSE 'acapped' || lpad(i::text, 3, '0') END, 'capped' || i || '@example.com',
              'x', b.id, '+94 77 000 0000', 'Employee', 'Import'
       FROM generate_series(0, $1::int) AS i, directory.branch b WHERE b.city = 'Colombo'`,
      [SEARCH_LIMIT + 10],
    );
    try {
      const found = await search('CAPPED');
      const others = Array.from({ length: SEARCH_LIMIT - 1 }, (_, i) => `acapped${String(i + 1).padStart(3, '0')}`);
      expect(found.map((u) => u.username)).toEqual(['capped', ...others]);
    } finally {
      await h.adminQuery(`DELETE FROM directory.app_user WHERE username LIKE '%capped%'`);
    }
  });

  it('unique answers the distinct full names, sorted', async () => {
    await expect(h.client.request(U.unique, { actor })).resolves.toEqual(['Amara Silva', 'Kamal Fernando', 'Nimal Perera', 'Sunil Perera']);
  });
});

describe('directory.user.update', () => {
  it('edits and renames a user, keeping the id; the old name is gone', async () => {
    const before = await create({ username: 'ruwan', email: 'ruwan@example.com' });
    const reply = await update('RUWAN', 'ruwan.k', {
      ...newUser({ fullName: 'Ruwan Kumara', email: 'ruwan.k@example.com', branchCity: 'kandy', role: 'Employee' }),
      password: '',
    });
    expect(reply).toMatchObject({ success: true, message: Messages.userUpdated });
    expect(reply.user).toMatchObject({ _id: before._id, username: 'ruwan.k', fullName: 'Ruwan Kumara', branchCity: { BranchCity: 'Kandy' }, role: 'Employee' });
    await expect(errorOf(get('ruwan'))).resolves.toMatchObject({ code: 'NOT_FOUND' });
    // A blank password keeps the current one.
    await expect(login('ruwan.k', 'correct-horse-1')).resolves.toMatchObject({ _id: before._id });
    await update('ruwan.k', 'ruwan.k', newUser({ email: 'ruwan.k@example.com', password: 'brand-new-pass' }));
    await expect(errorOf(login('ruwan.k', 'correct-horse-1'))).resolves.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login('ruwan.k', 'brand-new-pass')).resolves.toMatchObject({ username: 'ruwan.k' });
  });

  it('refuses a rename onto another user, or an e-mail of another user, and writes nothing', async () => {
    const before = await get('ruwan.k');
    const body = newUser({ email: 'ruwan.k@example.com', fullName: 'Changed' });
    await expect(errorOf(update('ruwan.k', 'Kamal', body))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Username 'Kamal' is already taken",
    });
    await expect(errorOf(update('ruwan.k', 'ruwan.k', { ...body, email: 'KFERN@example.com' }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Email 'KFERN@example.com' is already in use",
    });
    await expect(get('ruwan.k')).resolves.toEqual(before);
  });

  it('keeps its own username and e-mail without a conflict with itself', async () => {
    await expect(update('ruwan.k', 'Ruwan.K', newUser({ email: 'RUWAN.K@example.com' }))).resolves.toMatchObject({
      user: { username: 'Ruwan.K' },
    });
  });

  it('refuses an unknown user or branch', async () => {
    await expect(errorOf(update('nobody', 'nobody', newUser()))).resolves.toEqual({ code: 'NOT_FOUND', message: Messages.userNotFound });
    await expect(errorOf(update('ruwan.k', 'ruwan.k', newUser({ email: 'ruwan.k@example.com', branchCity: 'Galle' })))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: "Branch 'Galle' does not exist",
    });
  });
});

describe('directory.user.delete', () => {
  it('deletes a user, then NOT_FOUND', async () => {
    await create({ username: 'temp', email: 'temp@example.com' });
    await expect(remove('TEMP')).resolves.toEqual({ message: Messages.userDeleted });
    await expect(errorOf(remove('temp'))).resolves.toEqual({ code: 'NOT_FOUND', message: Messages.userNotFound });
  });
});

describe('directory.user.verify-credentials', () => {
  beforeAll(async () => {
    await create({ username: 'Dilan', email: 'dilan@example.com', password: 'dilan harbour lantern' });
  });

  it('accepts the right password with any case of username and returns the user', async () => {
    await expect(login('dILAN', 'dilan harbour lantern')).resolves.toMatchObject({ username: 'Dilan', role: 'Admin' });
  });

  it('answers the same for a wrong password and an unknown user', async () => {
    const invalid = { code: 'INVALID_CREDENTIALS', message: Messages.invalidCredentials };
    await expect(errorOf(login('dilan', 'nope-nope', '10.0.0.2'))).resolves.toEqual(invalid);
    await expect(errorOf(login('no-such-user', 'nope-nope', '10.0.0.2'))).resolves.toEqual(invalid);
  });

  it('refuses a username at one address after the limit, even the right password, but not at another address', async () => {
    await create({ username: 'target', email: 'target@example.com', password: 'target harbour lantern' });
    for (let i = 0; i < THROTTLE.pair.maxAttempts; i++) {
      await expect(errorOf(login('target', 'wrong-guess', '10.1.0.1'))).resolves.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const locked = await errorOf(login('TARGET', 'target harbour lantern', '10.1.0.1'));
    expect(locked).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: Messages.tooManyAttempts });
    expect(Number(locked.details?.retryAfterSeconds)).toBeGreaterThan(THROTTLE.pair.lockSeconds - 60);
    // The same user from elsewhere, and other users from there, are not affected.
    await expect(login('target', 'target harbour lantern', '10.1.0.2')).resolves.toMatchObject({ username: 'target' });
    await expect(login('Dilan', 'dilan harbour lantern', '10.1.0.1')).resolves.toMatchObject({ username: 'Dilan' });
  });

  it('locks an address that fails across many usernames, but not after a few failures', async () => {
    for (let i = 0; i < THROTTLE.pair.maxAttempts; i++) await errorOf(login(`guess${i}`, 'wrong-guess', '192.0.2.7'));
    await expect(login('Dilan', 'dilan harbour lantern', '192.0.2.7')).resolves.toMatchObject({ username: 'Dilan' });
    for (let i = THROTTLE.pair.maxAttempts; i < THROTTLE.address.maxAttempts; i++) await errorOf(login(`guess${i}`, 'wrong-guess', '192.0.2.7'));
    await expect(errorOf(login('Dilan', 'dilan harbour lantern', '192.0.2.7'))).resolves.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    await expect(login('Dilan', 'dilan harbour lantern', '192.0.2.8')).resolves.toMatchObject({ username: 'Dilan' });
  });

  it('forgets a username’s failures at an address after a success there, and counts them in Postgres', async () => {
    for (let i = 0; i < THROTTLE.pair.maxAttempts - 1; i++) await errorOf(login('Dilan', 'wrong-guess', '10.2.0.1'));
    await expect(h.adminQuery(`SELECT attempts FROM directory.login_throttle WHERE key = 'pair:10.2.0.1 dilan'`)).resolves.toEqual([
      { attempts: THROTTLE.pair.maxAttempts - 1 },
    ]);
    await login('Dilan', 'dilan harbour lantern', '10.2.0.1');
    await expect(h.adminQuery(`SELECT attempts FROM directory.login_throttle WHERE key = 'pair:10.2.0.1 dilan'`)).resolves.toEqual([{ attempts: 0 }]);
    await expect(errorOf(login('Dilan', 'wrong-guess', '10.2.0.1'))).resolves.toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('prunes windows that are over when an attempt fails', async () => {
    await h.adminQuery(`INSERT INTO directory.login_throttle (key, attempts, window_ends_at) VALUES ('ip:203.0.113.99', 3, now() - interval '1 minute')`);
    await errorOf(login('Dilan', 'wrong-guess', '10.3.0.1'));
    await expect(h.adminQuery(`SELECT key FROM directory.login_throttle WHERE key = 'ip:203.0.113.99'`)).resolves.toEqual([]);
  });

  it('validates the payload', async () => {
    await expect(errorOf(h.client.request('directory.user.verifyCredentials', { username: 'dilan', password: '' } as never))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { password: 'Password is required', ip: expect.any(String) },
    });
  });
});
