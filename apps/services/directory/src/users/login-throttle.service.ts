import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Messages } from '@freight/contracts';
import { AppError } from '@freight/server';
import { DataSource } from 'typeorm';

/** 5 failures within 15 minutes lock that key for 15 minutes. */
export const THROTTLE = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

export const throttleKeys = (username: string, ip: string) => ({ user: `user:${username.trim().toLowerCase()}`, ip: `ip:${ip}` });

/**
 * Failed sign-ins counted per username and per address in Postgres, so every replica
 * sees the same counts. Each update is one atomic upsert.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Refuse while any of the keys is locked. */
  async assertNotLocked(keys: string[]): Promise<void> {
    const [row] = await this.dataSource.query<{ retry: number | null }[]>(
      `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS retry
         FROM directory.login_throttle WHERE key = ANY($1) AND locked_until > now()`,
      [keys],
    );
    if (row?.retry) throw new AppError('TOO_MANY_ATTEMPTS', Messages.tooManyAttempts, { retryAfterSeconds: String(row.retry) });
  }

  async recordFailure(keys: string[]): Promise<void> {
    const { maxFailures, windowSeconds, lockSeconds } = THROTTLE;
    for (const key of keys) {
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
  async reset(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM directory.login_throttle WHERE key = $1`, [key]);
  }
}
