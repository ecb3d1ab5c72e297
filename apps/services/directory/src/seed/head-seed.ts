import { randomBytes } from 'node:crypto';
import { branches, users } from '@freight/contracts';
import { appendEvents, changeEvent, type OutboxEvent } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { toUser } from '../users/user.entity.js';
import { hashPassword } from '../users/password.js';

export type SeedResult = { created: true; username: string; password: string } | { created: false };

/**
 * On a database without any Head user, create the Colombo branch (if missing) and a
 * Head user. A strong random password when none is given. Safe to run concurrently.
 * Their `created` events go through the outbox like any other change, so the services that
 * keep copies (the shipment service's names, ADR 29) know the first Head and branch too.
 */
export async function seedHead(dataSource: DataSource, options: { username: string; password?: string }): Promise<SeedResult> {
  const { username } = options;
  const password = options.password ?? randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('directory:seed'))`);
    const [head] = await manager.query(`SELECT 1 FROM directory.app_user WHERE role = 'Head' LIMIT 1`);
    if (head) return false;
    const events: OutboxEvent[] = [];
    const branch = (await manager.query(
      `INSERT INTO directory.branch (city, location, contact, code)
       SELECT 'Colombo', 'Head Office, Colombo 01', '+94 11 234 5678', 'CMB'
       WHERE NOT EXISTS (SELECT 1 FROM directory.branch WHERE lower(city) = 'colombo')
       RETURNING id, city, location, contact, code`,
    )) as { id: string; city: string; location: string; contact: string; code: string }[];
    for (const row of branch) {
      events.push(
        changeEvent(branches, 'created', { after: { _id: row.id, BranchCity: row.city, Location: row.location, Contact: row.contact, Code: row.code } }),
      );
    }
    const [user] = (await manager.query(
      `INSERT INTO directory.app_user (full_name, username, email, password_hash, branch_id, contact, role, department)
       SELECT 'Head Office Administrator', $1, $2, $3, id, '+94 11 234 5678', 'Head', 'Import'
         FROM directory.branch WHERE lower(city) = 'colombo'
       RETURNING id, full_name, username, email, contact, role, department`,
      [username, `${username.toLowerCase()}@example.com`, passwordHash],
    )) as { id: string; full_name: string; username: string; email: string; contact: string; role: 'Head'; department: 'Import' }[];
    if (user) events.push(changeEvent(users, 'created', { after: toUser({ ...user, fullName: user.full_name, branchCity: 'Colombo' }) }));
    await appendEvents(manager, events);
    return true;
  });
  return created ? { created: true, username, password } : { created: false };
}
