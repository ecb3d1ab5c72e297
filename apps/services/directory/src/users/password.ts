import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { Messages } from '@freight/contracts';
import { AppError } from '@freight/server';
import { BoundedWork } from './bounded-work.js';

/** argon2id with OWASP's recommended cost (19 MiB, 2 passes, 1 lane): safe and quick enough on 2 cores. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default): at most one per core, and
 * one thread always left for the rest of the pool's work (sign-in checks, files, DNS).
 */
export function hashingSlots(cores = availableParallelism(), threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4): number {
  return Math.max(1, Math.min(cores, threadPool - 1));
}

/**
 * A hash waits for a slot at most half of the gateway's request timeout (NATS_REQUEST_TIMEOUT_MS,
 * which the directory reads too): one that cannot start by then is refused with a 503 before
 * anything is written, and one that starts leaves the other half for itself, the write and the reply.
 */
const hashingQueue = (requestTimeoutMs: number, slots: number) =>
  new BoundedWork(slots, Math.floor(requestTimeoutMs / 2), () => new AppError('SERVICE_UNAVAILABLE', Messages.serverBusy));
let hashing = hashingQueue(5000, hashingSlots());

/** Sizes the hashing queue for the service's request timeout (at start-up). */
export function limitPasswordHashing(requestTimeoutMs: number, slots = hashingSlots()): void {
  hashing = hashingQueue(requestTimeoutMs, slots);
}

/**
 * The argon2id hash of `password`, a few at a time (limitPasswordHashing). `first` runs once the
 * slot is ours, before hashing: a request it refuses (its username was taken while it waited)
 * gives the slot back at once, so a crowd of adds of one username do not queue for hashes no
 * write will use.
 */
export function hashPassword(password: string, first?: () => Promise<void>): Promise<string> {
  return hashing.run(async () => {
    await first?.();
    return argon2.hash(password, OPTIONS);
  });
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
