import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../users/password.js';

export type SeedResult = { created: true; username: string; password: string } | { created: false };

/**
 * On a database without any Head user, create the Colombo branch (if missing) and a
 * Head user. A strong random password when none is given. Safe to run concurrently.
 */
export async function seedHead(dataSource: DataSource, options: { username: string; password?: string }): Promise<SeedResult> {
  const { username } = options;
  const password = options.password ?? randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('directory:seed'))`);
    const [head] = await manager.query(`SELECT 1 FROM directory.app_user WHERE role = 'Head' LIMIT 1`);
    if (head) return false;
    await manager.query(
      `INSERT INTO directory.branch (city, location, contact, code)
       SELECT 'Colombo', 'Head Office, Colombo 01', '+94 11 234 5678', 'CMB'
       WHERE NOT EXISTS (SELECT 1 FROM directory.branch WHERE lower(city) = 'colombo')`,
    );
    await manager.query(
      `INSERT INTO directory.app_user (full_name, username, email, password_hash, branch_id, contact, role, department)
       SELECT 'Head Office Administrator', $1, $2, $3, id, '+94 11 234 5678', 'Head', 'Import'
         FROM directory.branch WHERE lower(city) = 'colombo'`,
      [username, `${username.toLowerCase()}@example.com`, passwordHash],
    );
    return true;
  });
  return created ? { created: true, username, password } : { created: false };
}
