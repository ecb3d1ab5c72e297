import { randomUUID } from 'node:crypto';
import { branches, idempotencyKeyReusedMessage, users, type Actor } from '@freight/contracts';
import pg from 'pg';
import { newUser } from '@freight/server-testing';
import { errorOf, headActor as actor, startDirectory, type DirectoryHarness } from './testing/directory-harness.js';

const U = users.subjects;
let h: DirectoryHarness;

const usersNamed = async (username: string) =>
  (await h.adminQuery<{ n: number }>(`SELECT count(*)::int AS n FROM directory.app_user WHERE username = $1`, [username]))[0]!.n;

beforeAll(async () => {
  h = await startDirectory();
  await h.client.request(branches.subjects.add, { actor, body: { BranchCity: 'Colombo', Location: 'Colombo 01', Contact: '011 234 5678', Code: 'CMB' } });
});
afterAll(() => h?.close());

/**
 * Sends a create whose reply is lost: the branch row is locked so the service cannot finish
 * before the caller's timeout; once the caller has given up, the lock goes and the write commits.
 * The timeout leaves the password's hash time enough on a loaded machine (it must be done within
 * 60% of the time the caller waits, password.ts, or the add is refused as busy before writing).
 */
async function createWithLostReply(username: string, idempotencyKey?: string): Promise<void> {
  const blocker = new pg.Client({ connectionString: h.db.adminUrl });
  await blocker.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query(`SELECT 1 FROM directory.branch WHERE city = 'Colombo' FOR UPDATE`);
    const request = h.client.request(U.add, { actor, idempotencyKey, body: newUser(username) }, { timeoutMs: 3500 });
    await expect(errorOf(request)).resolves.toMatchObject({ code: 'SERVICE_TIMEOUT' });
    await blocker.query('COMMIT');
  } finally {
    await blocker.end();
  }
  for (let tries = 0; (await usersNamed(username)) === 0; tries++) {
    if (tries > 200) throw new Error(`${username} was never written`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('creates with an Idempotency-Key', () => {
  it('a create whose reply was lost after the commit: the retry with its key answers the first result, not 409', async () => {
    const key = randomUUID();
    await createWithLostReply('lost-reply', key);
    const [row] = await h.adminQuery<{ id: string }>(`SELECT id FROM directory.app_user WHERE username = 'lost-reply'`);
    await expect(h.client.request(U.add, { actor, idempotencyKey: key, body: newUser('lost-reply') })).resolves.toMatchObject({
      user: { _id: row!.id, username: 'lost-reply' },
    });
    expect(await usersNamed('lost-reply')).toBe(1);
  });

  it('without a key, the same retry is 409: what the key avoids', async () => {
    await createWithLostReply('lost-no-key');
    await expect(errorOf(h.client.request(U.add, { actor, body: newUser('lost-no-key') }))).resolves.toMatchObject({ code: 'CONFLICT' });
  });

  it('answers a branch create sent twice with one key with the first branch, and a changed body with IDEMPOTENCY_KEY_REUSED', async () => {
    const key = randomUUID();
    const branch = { BranchCity: 'Kandy', Location: 'Kandy 01', Contact: '081 222 3333', Code: 'KDY' };
    const first = await h.client.request(branches.subjects.add, { actor, idempotencyKey: key, body: branch });
    await expect(h.client.request(branches.subjects.add, { actor, idempotencyKey: key, body: branch })).resolves.toEqual(first);
    await expect(errorOf(h.client.request(branches.subjects.add, { actor, idempotencyKey: key, body: { ...branch, Location: 'Kandy 02' } }))).resolves.toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: idempotencyKeyReusedMessage,
    });
  });

  it("does not answer another actor's result for their key", async () => {
    const key = randomUUID();
    await h.client.request(U.add, { actor, idempotencyKey: key, body: newUser('first-owner') });
    const other: Actor = { id: randomUUID(), username: 'other-head', role: 'Head' };
    await expect(errorOf(h.client.request(U.add, { actor: other, idempotencyKey: key, body: newUser('first-owner') }))).resolves.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('refuses a malformed key in the message itself', async () => {
    const body = await errorOf(h.client.request(U.add, { actor, idempotencyKey: 'clé-42', body: newUser('bad-key') }));
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', details: { idempotencyKey: expect.stringContaining('printable ASCII') } });
    expect(await usersNamed('bad-key')).toBe(0);
  });
});
