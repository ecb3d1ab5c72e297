import { hashPassword, verifyPassword } from './password.js';

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
