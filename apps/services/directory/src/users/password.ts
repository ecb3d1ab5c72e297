import argon2 from 'argon2';

/** argon2id with OWASP's recommended cost (19 MiB, 2 passes, 1 lane): safe and quick enough on 2 cores. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verify against the stored hash, or against a dummy hash when there is no such user,
 * so an unknown username costs the same time as a wrong password (no timing oracle).
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= argon2.hash('not-a-real-password', OPTIONS);
  const target = hash ?? (await dummyHash);
  try {
    return (await argon2.verify(target, password)) && hash !== undefined;
  } catch {
    return false;
  }
}
