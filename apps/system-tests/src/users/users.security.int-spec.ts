import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, Messages, type LoginResponse, type User } from '@freight/contracts';
import { HEAD, newUser, testPassword, stackForFile, statusCounts } from '../testing/gateway-stack.js';

// Issue 5, item 5: role-policy gaps. Only a Head changes an Admin's role or password, and
// the last Head cannot be demoted or deleted; the directory decides both in the
// transaction of the change (permissions.ts).
const suite = stackForFile();
const { call } = suite;
const PARALLEL = 200;
const forbidden = { status: 403, body: { code: 'FORBIDDEN', message: Messages.forbidden } };
const lastHead = { status: 409, body: { code: 'CONFLICT', message: Messages.lastHead } };
const edit = (token: string, username: string, body: ReturnType<typeof newUser>) =>
  call('PUT', `/api/users/update?term=${username}&updateterm=${body.username}`, { token, body });
const userNamed = async (username: string): Promise<User | undefined> =>
  (await call('GET', `/api/users/search/${username}`, { token: suite.head.token })).body.users.find((u: User) => u.username === username);
const heads = async () =>
  ((await call('GET', '/api/users/all', { token: suite.head.token })).body as User[]).filter((u) => u.role === 'Head').map((u) => u.username);

describe('an Admin against another Admin', () => {
  let attacker: LoginResponse;
  let victim: LoginResponse;
  beforeAll(async () => {
    attacker = await suite.stack.addUser(suite.head.token, 'attacker.admin', 'Admin');
    victim = await suite.stack.addUser(suite.head.token, 'victim.admin', 'Admin');
  });

  it('an Admin deletes another Admin in two steps (demote to Employee, then delete): both refused', async () => {
    expect(await edit(attacker.token, 'victim.admin', newUser('victim.admin', 'Employee', { password: '' }))).toMatchObject(forbidden);
    expect(await call('DELETE', '/api/users/delete/victim.admin', { token: attacker.token })).toMatchObject(forbidden);
    expect(await userNamed('victim.admin')).toMatchObject({ role: 'Admin' });
    expect((await call('GET', '/api/users/all', { token: victim.token })).status).toBe(200);
  });

  it('an Admin resets another Admin’s password and signs in with it: refused, the old password still works', async () => {
    expect(await edit(attacker.token, 'victim.admin', newUser('victim.admin', 'Admin', { password: 'taken-over-Kelp-4821' }))).toMatchObject(forbidden);
    const stolen = await call('POST', '/api/users/login', { body: { username: 'victim.admin', password: 'taken-over-Kelp-4821' } });
    expect(stolen).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    await expect(suite.stack.gateway.login('victim.admin', testPassword('victim.admin'))).resolves.toMatchObject({ user_role: 'Admin' });
  });

  it('an Admin edits another Admin’s e-mail to take over the account later: refused', async () => {
    expect(await edit(attacker.token, 'victim.admin', newUser('victim.admin', 'Admin', { email: 'attacker@example.com', password: '' }))).toMatchObject(
      forbidden,
    );
    expect(await userNamed('victim.admin')).toMatchObject({ email: 'victim.admin@example.com' });
  });
});

describe('the last Head', () => {
  it('the only Head demotes themself: 409, still Head', async () => {
    expect(await heads()).toEqual(['head']);
    expect(await edit(suite.head.token, 'head', newUser('head', 'Admin', { password: '' }))).toMatchObject(lastHead);
    expect(await heads()).toEqual(['head']);
    expect((await call('GET', '/api/users/all', { token: suite.head.token })).status).toBe(200);
  });

  it('two Heads demote each other at once: one wins, one Head remains', async () => {
    const second = await suite.stack.addUser(suite.head.token, 'second.head', 'Head');
    const [first, other] = await Promise.all([
      edit(suite.head.token, 'second.head', newUser('second.head', 'Admin', { password: '' })),
      edit(second.token, 'head', newUser('head', 'Employee', { password: '' })),
    ]);
    const statuses = [first.status, other.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser is refused by the directory (409), or already by the gateway when the winner's change ended its session (401).
    expect([409, 401]).toContain(statuses.find((s) => s !== 200));
    const survivor = first.status === 200 ? suite.head : await suite.stack.gateway.login('second.head', testPassword('second.head'));
    const remaining = ((await call('GET', '/api/users/all', { token: survivor.token })).body as User[]).filter((u) => u.role === 'Head');
    expect(remaining.map((u) => u.username)).toEqual([survivor.user_username]);
  });
});

// Issue 7: argon2 hashing per add, 200 at once on 2 cores. The directory hashes a few at a time
// and refuses what cannot start in time with a clear 503, before anything is written. On a machine
// starved by other work (the whole suite beside it) an add may still commit after the gateway gave
// up (504): what the client has then is its Idempotency-Key (ADR 12), and the retry with it must
// answer the first result, so no add is lost or doubled.
describe(`${PARALLEL} parallel user adds`, () => {
  // The race above leaves either Head, and the loser's sessions end: add as the one that remains.
  let token: string;
  beforeAll(async () => {
    const head = await suite.stack.gateway.login(HEAD.username, HEAD.password);
    token = head.user_role === 'Head' ? head.token : (await suite.stack.gateway.login('second.head', testPassword('second.head'))).token;
  });
  const add = (username: string, email = `${username}@example.com`, key?: string) =>
    call('POST', '/api/users/add', { token, body: newUser(username, 'Employee', { email }), ...(key && { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }) });

  it('distinct usernames, each with its key: each answer is 201, a clear 503 with Retry-After, or a 504 whose retry with its key answers 201 or 503; the rows are exactly the 201s', async () => {
    const names = Array.from({ length: PARALLEL }, (_, i) => `crowd.user${i}`);
    const keys = names.map(() => randomUUID());
    const started = performance.now();
    const first = await Promise.all(names.map((name, i) => add(name, undefined, keys[i])));
    // The client's retry of a time-out, with the same key: the first result if it was written, else a new try.
    const replies = await Promise.all(first.map((reply, i) => (reply.status === 504 ? add(names[i]!, undefined, keys[i]) : reply)));
    const counts = statusCounts(replies);
    console.info(`${PARALLEL} parallel user adds: ${JSON.stringify(counts)} in ${Math.round(performance.now() - started)} ms`);
    expect(Object.keys(counts).filter((status) => status !== '201' && status !== '503')).toEqual([]);
    expect(counts[201]).toBeGreaterThanOrEqual(PARALLEL / 10);
    for (const reply of replies.filter((r) => r.status === 503)) {
      expect(reply).toMatchObject({
        body: { code: 'SERVICE_UNAVAILABLE', message: Messages.serverBusy },
        headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
      });
    }
    const listed = ((await call('GET', '/api/users/all', { token })).body as User[]).map((u) => u.username).filter((u) => u.startsWith('crowd.'));
    expect(listed.sort()).toEqual(names.filter((_, i) => replies[i]!.status === 201).sort());
  }, 60_000);

  it('one username (each with its own e-mail): one 201, every other 409 naming the username, one row', async () => {
    const replies = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => add('same.user', `same.user${i}@example.com`)));
    expect(statusCounts(replies)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    const refusal = { code: 'CONFLICT', message: "Username 'same.user' is already taken", details: { username: "Username 'same.user' is already taken" } };
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body).toEqual(refusal);
    expect(((await call('GET', '/api/users/search/same.user', { token })).body.users as User[]).map((u) => u.username)).toEqual(['same.user']);
  }, 60_000);
});
