import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, Messages, idempotencyKeyReusedMessage, type LoginResponse } from '@freight/contracts';
import { HEAD, Stack, newUser } from '../testing/gateway-stack.js';

let stack: Stack;
let head: LoginResponse;
let head2: LoginResponse;
const branch = (city: string, code: string) => ({ BranchCity: city, Location: `${city} harbour road`, Contact: '+94 31 222 3333', Code: code });
const post = (path: string, token: string, body: unknown, key?: string) =>
  stack.gateway.call('POST', path, { token, body, headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key } });
const branchesNamed = async (city: string) =>
  (await stack.gateway.call('GET', `/api/branches/search/${city}`, { token: head.token })).body.branches.filter(
    (b: { BranchCity: string }) => b.BranchCity === city,
  ).length;

beforeAll(async () => {
  stack = await Stack.start();
  head = await stack.gateway.login(HEAD.username, HEAD.password);
  head2 = await stack.addUser(head.token, 'head2', 'Head');
}, 60_000);
afterAll(() => stack?.stop());

describe('Idempotency-Key on creates', () => {
  it('answers a repeated add user with the first 201 and body, not 409', async () => {
    const key = randomUUID();
    const first = await post('/api/users/add', head.token, newUser('repeat1', 'Employee'), key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: Messages.userAdded, user: { username: 'repeat1' } });
    const again = await post('/api/users/add', head.token, newUser('repeat1', 'Employee'), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it('writes one branch for 50 parallel adds with one key, and answers each with the same 201', async () => {
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 50 }, () => post('/api/branches/add', head.token, branch('Trinco', 'TRI'), key)));
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await branchesNamed('Trinco')).toBe(1);
  });

  it('refuses the same key with another body: 422 with a clear message, nothing written', async () => {
    const key = randomUUID();
    expect((await post('/api/branches/add', head.token, branch('Matara', 'MTR'), key)).status).toBe(201);
    const reply = await post('/api/branches/add', head.token, branch('Badulla', 'BDL'), key);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: idempotencyKeyReusedMessage });
    expect(await branchesNamed('Badulla')).toBe(0);
  });

  it("a key reused by another user does not leak the first user's result", async () => {
    const key = randomUUID();
    const mine = await post('/api/branches/add', head.token, branch('Ampara', 'AMP'), key);
    expect(mine.status).toBe(201);
    // The same key and body from someone else is their own request: it runs, and the city is taken.
    const theirs = await post('/api/branches/add', head2.token, branch('Ampara', 'AMP'), key);
    expect(theirs.status).toBe(409);
    expect(JSON.stringify(theirs.body)).not.toContain(mine.body.branch._id);
    const other = await post('/api/branches/add', head2.token, branch('Hambantota', 'HBT'), key);
    expect(other.status).toBe(201);
    expect(other.body.branch.BranchCity).toBe('Hambantota');
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['holding a control character', 'a\tb'],
  ])('refuses a key that is %s with 400, nothing written', async (_, key) => {
    const reply = await post('/api/branches/add', head.token, branch('Vavuniya', 'VAV'), key);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { [IDEMPOTENCY_KEY_HEADER]: expect.stringContaining(IDEMPOTENCY_KEY_HEADER) } });
    expect(await branchesNamed('Vavuniya')).toBe(0);
  });

  it('still adds without a key', async () => {
    expect((await post('/api/branches/add', head.token, branch('Kalutara', 'KLT'))).status).toBe(201);
  });
});
