import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Messages } from '@freight/contracts';
import { AppError } from '@freight/server';
import { DataSource } from 'typeorm';

/**
 * Sign-in limits, after OWASP's authentication and credential-stuffing guidance (the numbers
 * and why: docs/adr/0010-sign-in-throttling.md).
 * - pair: one username from one address gets 5 attempts, then waits 15 minutes.
 * - address: one address gets 30 attempts in 15 minutes over all usernames (an office behind
 *   one NAT address shares it), then waits 15 minutes.
 * - username: from all addresses together, 10 attempts a day are free; after that each attempt
 *   waits twice as long as the last (1 s, 2 s, … at most 20 minutes). A delay, never a lock: it
 *   holds a guesser spread over many addresses under 100 guesses a day, and does not apply at an
 *   address the user signed in from in the last 30 days.
 */
export const THROTTLE = {
  pair: { maxAttempts: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  address: { maxAttempts: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  username: { freeAttempts: 10, windowSeconds: 24 * 60 * 60, firstDelaySeconds: 1, maxDelaySeconds: 20 * 60 },
  knownAddressSeconds: 30 * 24 * 60 * 60,
} as const;

type Kind = 'address' | 'pair' | 'username';
/** In key order, the order rows are locked in (so two attempts never deadlock). */
const KINDS: readonly Kind[] = ['address', 'pair', 'username'];
export type ThrottleKeys = Record<Kind, string>;

export const throttleKeys = (username: string, ip: string): ThrottleKeys => {
  const name = username.trim().toLowerCase();
  // An address never holds a space, so the pair key is unambiguous.
  return { address: `ip:${ip}`, pair: `pair:${ip} ${name}`, username: `user:${name}` };
};

/** Seconds the next attempt waits after the `attempts`-th one of a window, or null for none. */
function waitAfter(kind: Kind, attempts: number): number | null {
  if (kind === 'username') {
    const { freeAttempts, firstDelaySeconds, maxDelaySeconds } = THROTTLE.username;
    return attempts < freeAttempts ? null : Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** (attempts - freeAttempts));
  }
  const { maxAttempts, lockSeconds } = THROTTLE[kind];
  return attempts < maxAttempts ? null : lockSeconds;
}

interface Row {
  key: string;
  attempts: number;
  /** Seconds until the key lets an attempt through (≤ 0 or null: now). */
  wait: number | null;
  known: boolean | null;
}

/**
 * Sign-in attempts counted in Postgres, so every replica sees the same counts. An attempt is
 * counted before its password is checked, under row locks, so parallel requests cannot all
 * pass the check before any failure is recorded; a success then gives its own attempt back.
 */
@Injectable()
export class LoginThrottleService {
  private readonly logger = new Logger(LoginThrottleService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Count one attempt, or refuse it (TOO_MANY_ATTEMPTS with retryAfterSeconds) without counting it. */
  begin(username: string, ip: string): Promise<ThrottleKeys> {
    const keys = throttleKeys(username, ip);
    const list = KINDS.map((kind) => keys[kind]);
    return this.dataSource.transaction(async (manager) => {
      // A key whose window is over (and that is not waiting) starts a new one.
      await manager.query(
        `INSERT INTO directory.login_throttle AS t (key, attempts, window_ends_at)
         SELECT k.key, 0, now() + make_interval(secs => k.secs) FROM unnest($1::text[], $2::int[]) AS k(key, secs) ORDER BY k.key
         ON CONFLICT (key) DO UPDATE SET attempts = 0, window_ends_at = excluded.window_ends_at, blocked_until = NULL
           WHERE t.window_ends_at <= now() AND (t.blocked_until IS NULL OR t.blocked_until <= now())`,
        [list, KINDS.map((kind) => THROTTLE[kind].windowSeconds)],
      );
      const rows = await manager.query<Row[]>(
        `SELECT key, attempts, ceil(extract(epoch FROM blocked_until - now()))::int AS wait, known_until > now() AS known
           FROM directory.login_throttle WHERE key = ANY($1) ORDER BY key FOR UPDATE`,
        [list],
      );
      const row = Object.fromEntries(KINDS.map((kind) => [kind, rows.find((r) => r.key === keys[kind])!])) as Record<Kind, Row>;
      // The username's delay is for strangers: not at an address its user signed in from.
      const waiting = KINDS.filter((kind) => (row[kind].wait ?? 0) > 0 && !(kind === 'username' && row.pair.known));
      if (waiting.length) {
        const retryAfter = Math.max(...waiting.map((kind) => row[kind].wait!));
        throw new AppError('TOO_MANY_ATTEMPTS', Messages.tooManyAttempts, { retryAfterSeconds: String(retryAfter) });
      }
      const waits = KINDS.map((kind) => waitAfter(kind, row[kind].attempts + 1));
      await manager.query(
        `UPDATE directory.login_throttle AS t SET attempts = t.attempts + 1, blocked_until = now() + make_interval(secs => k.wait)
           FROM unnest($1::text[], $2::int[]) AS k(key, wait) WHERE t.key = k.key`,
        [list, waits],
      );
      KINDS.forEach((kind, i) => {
        if (waits[i] !== null) this.logTrip(kind, username, ip, row[kind].attempts + 1, waits[i]);
      });
      return keys;
    });
  }

  /**
   * The password was right: the attempt is given back to the address and the username, and the
   * pair forgets its failures and remembers the address as one the user signs in from.
   */
  async succeeded(keys: ThrottleKeys): Promise<void> {
    await this.dataSource.query(
      `UPDATE directory.login_throttle AS t SET
         attempts = CASE WHEN t.key = $1 THEN 0 ELSE greatest(t.attempts - 1, 0) END,
         blocked_until = CASE WHEN t.key = $1 OR t.attempts - 1 < k.free THEN NULL ELSE t.blocked_until END,
         known_until = CASE WHEN t.key = $1 THEN now() + make_interval(secs => $4) ELSE t.known_until END
       FROM unnest($2::text[], $3::int[]) AS k(key, free) WHERE t.key = k.key`,
      [keys.pair, [keys.address, keys.pair, keys.username], [THROTTLE.address.maxAttempts, 0, THROTTLE.username.freeAttempts], THROTTLE.knownAddressSeconds],
    );
  }

  /** The attempt (already counted) failed: a cheap moment to forget windows that are over. */
  async failed(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM directory.login_throttle
        WHERE window_ends_at < now() AND (blocked_until IS NULL OR blocked_until < now()) AND (known_until IS NULL OR known_until < now())`,
    );
  }

  private logTrip(kind: Kind, username: string, ip: string, attempts: number, seconds: number): void {
    const who = { pair: `username '${username}' from ${ip}`, address: `address ${ip}`, username: `username '${username}' from all addresses` }[kind];
    const then = kind === 'username' ? `the next attempt waits ${seconds} s` : `further attempts are refused for ${seconds} s`;
    this.logger.warn(`Sign-in limit reached: ${attempts} attempts for ${who}; ${then}`);
  }
}
