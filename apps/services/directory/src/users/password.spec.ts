import { hashPassword, hashingSlots, verifyPassword } from './password.js';

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

  it('runs `first` before the hash, and hashes nothing when it refuses', async () => {
    const refusal = new Error('taken meanwhile');
    await expect(hashPassword('correct-horse', () => Promise.reject(refusal))).rejects.toBe(refusal);
    const order: string[] = [];
    const hash = hashPassword('correct-horse', async () => void order.push('first'));
    await expect(hash.then((h) => order.push(h.slice(0, 9)) && order)).resolves.toEqual(['first', '$argon2id']);
  });
});
