import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { Messages } from '@freight/contracts';
import { AppError, requestTimeLeft } from '@freight/server';
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

const busy = () => new AppError('SERVICE_UNAVAILABLE', Messages.serverBusy);

/**
 * A hash must start within the first 40% of the time the caller still waits when it asks
 * (requestTimeLeft: the gateway sends its deadline), and be done within 60% (a starved machine);
 * else it is refused with a 503 before anything is written. The rest is for the write and the
 * reply, so an add is refused, or written with time to say so, not written after the gateway
 * answered 504. A caller that sends no deadline waits NATS_REQUEST_TIMEOUT_MS.
 */
const DEADLINES = { start: 0.4, done: 0.6 };

const hashing = { queue: new BoundedWork(hashingSlots(), busy), requestTimeoutMs: 5000 };

/** Sizes the hashing queue, and the wait of callers without a deadline (at start-up). */
export function limitPasswordHashing(requestTimeoutMs: number, slots = hashingSlots()): void {
  Object.assign(hashing, { queue: new BoundedWork(slots, busy), requestTimeoutMs });
}

/**
 * The argon2id hash of `password`, a few at a time (limitPasswordHashing). `first` (say, is the
 * username still free?) runs before the request queues, and again once the slot is ours: a
 * request it refuses does not queue, or gives the slot back at once, so a crowd of adds of one
 * username answers 409 rather than waiting for hashes no write will use.
 */
export async function hashPassword(password: string, first?: () => Promise<void>): Promise<string> {
  const { queue, requestTimeoutMs } = hashing;
  const asked = performance.now();
  const waits = requestTimeLeft() ?? requestTimeoutMs;
  await first?.();
  // The time to start counts from when it was asked: `first` may itself have waited (a crowd on the pool).
  const hash = await queue.run(
    async () => {
      await first?.();
      return argon2.hash(password, OPTIONS);
    },
    waits * DEADLINES.start - (performance.now() - asked),
  );
  if (performance.now() - asked > waits * DEADLINES.done) throw busy();
  return hash;
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
