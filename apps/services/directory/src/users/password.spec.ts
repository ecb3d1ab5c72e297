import { Messages } from '@freight/contracts';
import { hashPassword, hashingSlots, limitPasswordHashing, verifyPassword } from './password.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct-horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await expect(verifyPassword(hash, 'correct-horse')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'wrong-horse')).resolves.toBe(false);
  });

  it('spends a verification and answers false when there is no user', async () => {
    await expect(verifyPassword(undefined, 'not-a-real-password')).resolves.toBe(false);
  });

  it('answers false for a malformed stored hash instead of throwing', async () => {
    await expect(verifyPassword('garbage', 'x')).resolves.toBe(false);
  });
});

describe('hashing slots', () => {
  it('one per core, leaving a thread of the pool free, at least one', () => {
    expect(hashingSlots(2, 4)).toBe(2);
    expect(hashingSlots(8, 4)).toBe(3);
    expect(hashingSlots(8, 16)).toBe(8);
    expect(hashingSlots(1, 1)).toBe(1);
  });

  it('runs `first` before queueing and again before the hash, and hashes nothing when it refuses', async () => {
    const refusal = new Error('taken meanwhile');
    await expect(hashPassword('correct-horse', () => Promise.reject(refusal))).rejects.toBe(refusal);
    const order: string[] = [];
    const hash = hashPassword('correct-horse', async () => void order.push('first'));
    await expect(hash.then((h) => order.push(h.slice(0, 9)) && order)).resolves.toEqual(['first', 'first', '$argon2id']);
  });
});

describe('hashing deadlines', () => {
  afterAll(() => limitPasswordHashing(5000));

  it('refuses (503, busy) a hash that cannot start within 40% of the time the caller waits, or is not done within 60%', async () => {
    const busy = { code: 'SERVICE_UNAVAILABLE', message: Messages.serverBusy };
    limitPasswordHashing(1000, 1);
    // Holds the one slot for 700 ms: its `first` is slow when run in the slot (the second run).
    let runs = 0;
    const slow = hashPassword('first-in-line', () => new Promise((resolve) => setTimeout(resolve, ++runs === 2 ? 700 : 0)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(hashPassword('waits-too-long')).rejects.toMatchObject(busy);
    await expect(slow).rejects.toMatchObject(busy);
    await expect(hashPassword('in-time')).resolves.toMatch(/^\$argon2id\$/);
  });

  it('counts the time to start from when it was asked: a check that waited (a crowd on the pool) leaves that much less to queue', async () => {
    const busy = { code: 'SERVICE_UNAVAILABLE', message: Messages.serverBusy };
    limitPasswordHashing(2000, 1); // 800 ms to start, 1,200 to be done
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    // Holds the one slot until released (its check in the slot, the second run, waits for the gate).
    const holder = hashPassword('holds-the-slot', () => (++runs === 2 ? gate : Promise.resolve()));
    let checks = 0;
    // Its check before queueing takes 600 ms: 200 ms are left to start, and the slot is freed only at 900.
    const late = hashPassword('late', () => new Promise((resolve) => setTimeout(resolve, ++checks === 1 ? 600 : 0)));
    setTimeout(release, 900);
    await expect(late).rejects.toMatchObject(busy);
    await expect(holder).resolves.toMatch(/^\$argon2id\$/);
  });
});
