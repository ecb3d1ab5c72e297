import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, KEY_MAX_LENGTH, Messages } from '@freight/contracts';
import { MAX_PARAM_LENGTH } from '@freight/gateway';
import { newConsignee, newShipper } from '@freight/server-testing';
import { newUser, stackForFile, statusCounts } from '../testing/gateway-stack.js';

// Attacks on the generic forwarder (one controller for every resource route) and on the
// get-by-key routes, through the gateway over HTTP to the directory on Postgres and NATS.
const suite = stackForFile();
const { call } = suite;
const PARALLEL = 200;

const branch = (city: string, code: string) => ({ BranchCity: city, Location: `${city} quay`, Contact: '+94 31 222 3333', Code: code });
const add = (path: string, body: unknown, key?: string) =>
  call('POST', path, { token: suite.head.token, body, headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key } });
const get = (path: string) => call('GET', path, { token: suite.head.token });
/** Rows whose key is `key` (any case), counted from the whole list, not from the route under attack. */
const rowsKeyed = async (list: string, field: string, key: string) =>
  ((await get(list)).body as Record<string, string>[]).filter((row) => row[field]!.toLowerCase() === key.toLowerCase()).length;

describe(`${PARALLEL} parallel identical adds`, () => {
  it('with one Idempotency-Key: one row, and every reply is the same 201', async () => {
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: PARALLEL }, () => add('/api/branches/add', branch('Hambantota', 'HBT'), key)));
    expect(statusCounts(replies)).toEqual({ 201: PARALLEL });
    for (const reply of replies) expect(reply.body).toEqual(replies[0]!.body);
    expect(replies[0]!.body).toMatchObject({ success: true, message: Messages.branchAdded, branch: { BranchCity: 'Hambantota' } });
    expect(await rowsKeyed('/api/branches/all', 'BranchCity', 'Hambantota')).toBe(1);
  });

  it.each([
    ['each with its own Idempotency-Key', 'Batticaloa', 'BTC', () => randomUUID()],
    ['without an Idempotency-Key', 'Vavuniya', 'VAV', () => undefined],
  ])('%s: one 201, every other the same 409 CONFLICT naming the field, one row', async (_how, city, code, keyOf) => {
    const replies = await Promise.all(Array.from({ length: PARALLEL }, () => add('/api/branches/add', branch(city, code), keyOf())));
    expect(statusCounts(replies)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    const refusal = { code: 'CONFLICT', message: `Branch '${city}' already exists`, details: { BranchCity: `Branch '${city}' already exists` } };
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body).toEqual(refusal);
    expect(await rowsKeyed('/api/branches/all', 'BranchCity', city)).toBe(1);
  });
});

// Issue 7: client usernames are one namespace, case-insensitively, across consignees and shippers
// (client_username); each create hashes a password, so the crowd also meets the bounded hashing.
describe(`${PARALLEL} parallel creates of one client username`, () => {
  const taken = (username: string) => ({
    code: 'CONFLICT',
    message: `Username '${username}' is already taken`,
    details: { username: `Username '${username}' is already taken` },
  });
  /** Consignees and shippers whose username is `username` in any case. */
  const clientsNamed = async (username: string) =>
    (await Promise.all(['/api/consignees/all', '/api/shippers/all'].map((list) => rowsKeyed(list, 'username', username)))).reduce((a, b) => a + b);

  it('consignees (each with its own name and e-mail): one 201, every other 409 naming the username, one row', async () => {
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        add('/api/consignees/add', newConsignee('crowd.client', { consigneeName: `Crowd ${i}`, email: `crowd${i}@c.example` })),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body).toEqual(taken('crowd.client'));
    expect(await clientsNamed('crowd.client')).toBe(1);
  });

  it('consignees and shippers, the username in different cases: one 201, every other 409 naming its own spelling, one row', async () => {
    const spellings = ['case.client', 'CASE.CLIENT', 'Case.Client', 'cAsE.cLiEnT'];
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const username = spellings[i % spellings.length]!;
        const own = { email: `case${i}@c.example` };
        return i % 2
          ? add('/api/shippers/add', newShipper(username, { ...own, shipperName: `Case shipper ${i}` }))
          : add('/api/consignees/add', newConsignee(username, { ...own, consigneeName: `Case consignee ${i}` }));
      }),
    );
    expect(statusCounts(replies)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    replies.forEach((reply, i) => reply.status === 409 && expect(reply.body).toEqual(taken(spellings[i % spellings.length]!)));
    expect(await clientsNamed('case.client')).toBe(1);
  });

  it('a create sent again with its Idempotency-Key after it was written answers the first 201, not 409', async () => {
    const key = randomUUID();
    const first = await add('/api/consignees/add', newConsignee('again.client'), key);
    expect(first.status).toBe(201);
    expect(await add('/api/consignees/add', newConsignee('again.client'), key)).toEqual({ ...first, headers: expect.any(Object) });
    expect(await add('/api/shippers/add', newShipper('AGAIN.client'), randomUUID())).toMatchObject({ status: 409, body: taken('AGAIN.client') });
  });
});

describe('get by key', () => {
  beforeAll(async () => {
    for (const [city, code] of [
      ['Trincomalee', 'TCO'],
      ['Port/Louis', 'PLU'],
    ])
      expect((await add('/api/branches/add', branch(city!, code!))).status).toBe(201);
    expect((await add('/api/users/add', newUser('Case.Key', 'Employee'))).status).toBe(201);
  });

  it('an unknown key: 404 with the catalogue text', async () => {
    expect(await get('/api/branches/get/Atlantis')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: Messages.branchNotFound } });
    expect(await get('/api/users/get/nobody.here')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: Messages.userNotFound } });
  });

  it('keys that differ only in case name the same row; adding one of them again is a 409', async () => {
    const ids = await Promise.all(['Case.Key', 'CASE.KEY', 'case.key', 'cASE.kEY'].map(async (key) => (await get(`/api/users/get/${key}`)).body._id));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toEqual(expect.any(String));
    expect((await get('/api/branches/get/tRINCOMALEE')).body).toMatchObject({ BranchCity: 'Trincomalee', Code: 'TCO' });
    expect((await add('/api/users/add', newUser('CASE.key', 'Employee'))).status).toBe(409);
    expect((await add('/api/branches/add', branch('TRINCOMALEE', 'TC2'))).status).toBe(409);
    expect(await rowsKeyed('/api/users/all', 'username', 'case.key')).toBe(1);
  });

  it.each([
    ['NUL', '%00', 'U+0000'],
    ['escape', '%1B', 'U+001B'],
    ['delete', '%7F', 'U+007F'],
    ['C1 control', '%C2%85', 'U+0085'],
  ])('a key with a %s character: 400 naming the field, nothing looked up', async (_name, encoded, codePoint) => {
    const reply = await get(`/api/branches/get/Trinco${encoded}malee`);
    expect(reply).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', details: { BranchCity: `BranchCity must not contain control characters (found ${codePoint})` } },
    });
    expect(reply.body.message).toBe(`BranchCity must not contain control characters (found ${codePoint}).`);
  });

  it('an encoded slash stays inside the key: it finds the branch named with one and reaches no other route', async () => {
    expect(await get('/api/branches/get/Port%2FLouis')).toMatchObject({ status: 200, body: { BranchCity: 'Port/Louis', Code: 'PLU' } });
    // Not the list of users behind "../../users/all", nor the delete route: a key that names no row.
    expect(await get('/api/branches/get/..%2F..%2Fusers%2Fall')).toMatchObject({ status: 404, body: { message: Messages.branchNotFound } });
    expect(await get('/api/branches/get/Trincomalee%2F..%2F..%2Fdelete%2FTrincomalee')).toMatchObject({
      status: 404,
      body: { message: Messages.branchNotFound },
    });
    expect(await get('/api/branches/get/Trincomalee')).toMatchObject({ status: 200, body: { BranchCity: 'Trincomalee' } });
    // Unencoded, the slash splits the path: no route has that shape.
    expect((await get('/api/branches/get/Port/Louis')).status).toBe(404);
  });

  it("a long key: the longest valid one is looked up, a longer one named by its field, a far longer one refused in the contract's shape", async () => {
    // 100 Sinhala letters: valid, and 900 characters once percent-encoded.
    const longest = encodeURIComponent('ශ'.repeat(KEY_MAX_LENGTH));
    expect(await get(`/api/branches/get/${longest}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: Messages.branchNotFound } });
    expect(await get(`/api/users/get/${'a'.repeat(KEY_MAX_LENGTH + 1)}`)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', details: { username: 'Username is too long' } },
    });
    expect(await get(`/api/users/get/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`)).toMatchObject({
      status: 414,
      body: { code: 'VALIDATION_FAILED', message: 'A part of the request path is too long.' },
    });
    expect(await get('/api/users/get/%E0%B7')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'The request path is not a valid URL (broken percent-encoding).' },
    });
  });

  it('a 1 MB key is refused before the gateway reads it, and the gateway still serves', async () => {
    expect((await get(`/api/users/get/${'a'.repeat(1024 * 1024)}`)).status).toBe(431);
    expect(await get('/api/users/get/case.key')).toMatchObject({ status: 200, body: { username: 'Case.Key' } });
  });
});
