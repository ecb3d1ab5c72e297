import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UserListQuery, UserSessionState } from '@freight/contracts';
import { EntityRepository, type Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { UserEntity, type UserFields } from './user.entity.js';

/** The read queries' select list (`u` the user, `b` its branch), named as UserFields. */
export const USER_COLUMNS = `u.id, u.full_name AS "fullName", u.username, u.email, u.contact, u.role, u.department, b.city AS "branchCity"`;
const WITH_BRANCH = `JOIN directory.branch b ON b.id = u.branch_id`;

/**
 * ORDER BY per sort key, matching an index exactly (migration DirectoryListIndexes): the key,
 * then `u.id` where the key is not unique, so ties always come back in one order.
 */
const SORT: Record<NonNullable<UserListQuery['sort']>, readonly string[]> = {
  username: ['lower(u.username)'],
  fullName: ['lower(u.full_name)', 'u.id'],
  email: ['lower(u.email)'],
  branchCity: ['lower(b.city)', 'u.id'],
  role: ['u.role', 'u.id'],
  department: ['u.department', 'u.id'],
};

/** A user as the write rules judge them: the public fields and the session version. */
export type UserRow = UserFields & { sessionVersion: number };
/** A user as sign-in checks them. */
export type UserCredentials = UserRow & { passwordHash: string };

/** directory.app_user: the username is the natural key; username and e-mail are unique whatever their case. */
@Injectable()
export class UserRepository extends EntityRepository<UserEntity, UserFields, NonNullable<UserListQuery['sort']>> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, UserEntity, {
      alias: 'u',
      key: 'username',
      columns: USER_COLUMNS,
      joins: WITH_BRANCH,
      sort: SORT,
      joinedSorts: ['branchCity'],
      search: ['username', 'fullName', 'email'],
      unique: { username: 'ux_app_user_username', email: 'ux_app_user_email' },
    });
  }

  async credentials(username: string): Promise<UserCredentials | undefined> {
    const [user] = await this.dataSource.query<UserCredentials[]>(
      `SELECT ${USER_COLUMNS}, u.session_version AS "sessionVersion", u.password_hash AS "passwordHash"
         FROM directory.app_user u ${WITH_BRANCH} WHERE lower(u.username) = lower($1)`,
      [username.trim()],
    );
    return user;
  }

  /** By primary key: the gateway asks this for every signed-in user about once a second. */
  async sessionState(id: string): Promise<UserSessionState | undefined> {
    const [state] = await this.dataSource.query<UserSessionState[]>(
      `SELECT id, username, role, session_version AS "sessionVersion" FROM directory.app_user WHERE id = $1`,
      [id],
    );
    return state;
  }

  /** Distinct full names, sorted case-insensitively. */
  async fullNames(): Promise<string[]> {
    const rows = await this.dataSource.query<{ full_name: string }[]>(
      `SELECT DISTINCT full_name, lower(full_name) FROM directory.app_user ORDER BY lower(full_name), full_name`,
    );
    return rows.map((row) => row.full_name);
  }

  /**
   * Locks the user named `username` and, `withHeads`, every Head too, in one statement in id
   * order: two Heads demoting each other at once queue on the same rows instead of
   * deadlocking, and the second sees the first's change.
   */
  lockForChange(tx: Tx, username: string, withHeads: boolean): Promise<UserRow[]> {
    return tx.query<UserRow[]>(
      `SELECT ${USER_COLUMNS}, u.session_version AS "sessionVersion" FROM directory.app_user u ${WITH_BRANCH}
        WHERE lower(u.username) = lower($1)${withHeads ? ` OR u.role = 'Head'` : ''} ORDER BY u.id FOR UPDATE OF u`,
      [username],
    );
  }

  /** Users of a branch (BranchUsers, for the branch's delete). */
  async countInBranch(tx: Tx, branchId: string): Promise<number> {
    const [row] = await tx.query<{ users: number }[]>(`SELECT count(*)::int AS users FROM directory.app_user WHERE branch_id = $1`, [branchId]);
    return row!.users;
  }
}
