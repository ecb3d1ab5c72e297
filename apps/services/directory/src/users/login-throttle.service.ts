import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Messages } from '@freight/contracts';
import { AppError } from '@freight/server';
import { DataSource } from 'typeorm';

/**
 * 5 failures for one username within 15 minutes lock it for 15 minutes. An address gets
 * more room, because a whole office may sign in from behind one NAT address; it still
 * stops one address guessing across many usernames.
 */
export const THROTTLE = {
  user: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  address: { maxFailures: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
} as const;

type Limit = (typeof THROTTLE)[keyof typeof THROTTLE];
export interface ThrottleKey {
  key: string;
  limit: Limit;
}

export const throttleKeys = (username: string, ip: string) => ({
  user: { key: `user:${username.trim().toLowerCase()}`, limit: THROTTLE.user },
  ip: { key: `ip:${ip}`, limit: THROTTLE.address },
});

/**
 * Failed sign-ins counted per username and per address in Postgres, so every replica
 * sees the same counts. Each update is one atomic upsert.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Refuse while any of the keys is locked. */
  async assertNotLocked(keys: ThrottleKey[]): Promise<void> {
    const [row] = await this.dataSource.query<{ retry: number | null }[]>(
      `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS retry
         FROM directory.login_throttle WHERE key = ANY($1) AND locked_until > now()`,
      [keys.map((k) => k.key)],
    );
    if (row?.retry) throw new AppError('TOO_MANY_ATTEMPTS', Messages.tooManyAttempts, { retryAfterSeconds: String(row.retry) });
  }

  async recordFailure(keys: ThrottleKey[]): Promise<void> {
    // Failures are rare, so this is a cheap moment to forget windows that are over.
    await this.dataSource.query(
      `DELETE FROM directory.login_throttle
        WHERE window_started_at < now() - make_interval(secs => $1) AND (locked_until IS NULL OR locked_until < now())`,
      [Math.max(THROTTLE.user.windowSeconds, THROTTLE.address.windowSeconds)],
    );
    for (const { key, limit } of keys) {
      const { maxFailures, windowSeconds, lockSeconds } = limit;
      await this.dataSource.query(
        `INSERT INTO directory.login_throttle AS t (key, failures, window_started_at, locked_until)
         VALUES ($1, 1, now(), NULL)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN t.window_started_at < now() - make_interval(secs => $2) THEN 1 ELSE t.failures + 1 END,
           window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => $2) THEN now() ELSE t.window_started_at END,
           locked_until = CASE
             WHEN t.window_started_at >= now() - make_interval(secs => $2) AND t.failures + 1 >= $3 THEN now() + make_interval(secs => $4)
             ELSE NULL END`,
        [key, windowSeconds, maxFailures, lockSeconds],
      );
    }
  }

  /** A successful sign-in clears the username's count; an address's count only expires. */
  async reset({ key }: ThrottleKey): Promise<void> {
    await this.dataSource.query(`DELETE FROM directory.login_throttle WHERE key = $1`, [key]);
  }
}
