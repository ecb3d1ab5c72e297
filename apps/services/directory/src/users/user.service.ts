import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_PAGE_SIZE,
  Messages,
  Subjects,
  canAddUser,
  canDeleteUser,
  canWriteUser,
  removesHead,
  type Actor,
  type Page,
  type StaffRole,
  type User,
  type UserCreate,
  type UserListQuery,
  type UserSessionState,
  type UserUpdate,
} from '@freight/contracts';
import { AppError } from '@freight/server';
import { idempotencyOf, writeTransaction, type IdempotentRequest } from '@freight/server-database';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { BranchEntity } from '../branches/branch.entity.js';
import { SEARCH_LIMIT, containsPattern } from '../payloads.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { USER_COLUMNS, UserEntity, toUser, type UserFields } from './user.entity.js';

type LoadedUser = UserEntity & { branch: BranchEntity };

/**
 * ORDER BY per sort key, matching an index exactly (migration DirectoryListIndexes): the key,
 * then `u.id` where the key is not unique, so ties always come back in one order.
 */
const SORT_KEYS: Record<NonNullable<UserListQuery['sort']>, string[]> = {
  username: ['lower(u.username)'],
  fullName: ['lower(u.full_name)', 'u.id'],
  email: ['lower(u.email)'],
  branchCity: ['lower(b.city)', 'u.id'],
  role: ['u.role', 'u.id'],
  department: ['u.department', 'u.id'],
};

const USER_WITH_BRANCH = `directory.app_user u JOIN directory.branch b ON b.id = u.branch_id`;

const usernameTaken = (username: string) =>
  new AppError('CONFLICT', `Username '${username}' is already taken`, { username: `Username '${username}' is already taken` });
const emailTaken = (email: string) => new AppError('CONFLICT', `Email '${email}' is already in use`, { email: `Email '${email}' is already in use` });
const forbidden = () => new AppError('FORBIDDEN', Messages.forbidden);
const noSuchBranch = (city: string) =>
  new AppError('VALIDATION_FAILED', `Branch '${city}' does not exist`, { branchCity: `Branch '${city}' does not exist` });

@Injectable()
export class UserService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly throttle: LoginThrottleService,
  ) {}

  private query(manager: EntityManager = this.dataSource.manager): SelectQueryBuilder<UserEntity> {
    return manager.getRepository(UserEntity).createQueryBuilder('u').innerJoinAndSelect('u.branch', 'b');
  }

  /**
   * The attempt is counted (or refused) before the password is checked, so a burst of
   * parallel guesses gets no more checks than the limit allows.
   */
  async verifyCredentials(username: string, password: string, ip: string): Promise<User & { sessionVersion: number }> {
    const attempt = await this.throttle.begin(username, ip);
    const user = (await this.query().where('lower(u.username) = lower(:username)', { username: username.trim() }).getOne()) as LoadedUser | null;
    // Always one hash verification, found or not: the answer time does not tell which.
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) {
      await this.throttle.failed();
      throw new AppError('INVALID_CREDENTIALS', Messages.invalidCredentials);
    }
    await this.throttle.succeeded(attempt);
    return { ...toUser({ ...user, branchCity: user.branch.city }), sessionVersion: user.sessionVersion };
  }

  /** By primary key: the gateway asks this for every signed-in user about once a second. */
  async sessionState(id: string): Promise<UserSessionState> {
    const [state] = await this.dataSource.query<UserSessionState[]>(
      `SELECT id, username, role, session_version AS "sessionVersion" FROM directory.app_user WHERE id = $1`,
      [id],
    );
    if (!state) throw new AppError('NOT_FOUND', Messages.userNotFound);
    return state;
  }

  /**
   * A page is the ids of one index range (an index-only scan past OFFSET), then those rows
   * with their branch; the total is a plain count of the filter, asked only for a page.
   */
  async list(query: UserListQuery): Promise<Page<User>> {
    const params: unknown[] = [];
    let where = '';
    if (query.q) {
      params.push(containsPattern(query.q));
      where = `WHERE (u.username ILIKE $1 OR u.full_name ILIKE $1 OR u.email ILIKE $1)`;
    }
    const sort = query.sort ?? 'username';
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const orderBy = SORT_KEYS[sort].map((key) => `${key} ${direction}`).join(', ');
    if (!query.page) {
      const rows = await this.dataSource.query<UserFields[]>(`SELECT ${USER_COLUMNS} FROM ${USER_WITH_BRANCH} ${where} ORDER BY ${orderBy}`, params);
      return { items: rows.map(toUser), total: rows.length };
    }
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const ids = `SELECT u.id FROM ${sort === 'branchCity' ? USER_WITH_BRANCH : 'directory.app_user u'} ${where}
      ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${(query.page - 1) * pageSize}`;
    const [rows, [count]] = await Promise.all([
      this.dataSource.query<UserFields[]>(`SELECT ${USER_COLUMNS} FROM (${ids}) page JOIN directory.app_user u ON u.id = page.id JOIN directory.branch b ON b.id = u.branch_id
         ORDER BY ${orderBy}`, params),
      this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM directory.app_user u ${where}`, params),
    ]);
    return { items: rows.map(toUser), total: count!.total };
  }

  /**
   * Usernames containing the text, the exact (case-insensitive) match first, then by name.
   * Two arms so each can use an index: the exact match by the unique index, the rest by the
   * trigram index (few matches) or by walking the name index until the cap (many matches).
   */
  async search(username: string): Promise<User[]> {
    const rows = await this.dataSource.query<UserFields[]>(
      `SELECT ${USER_COLUMNS} FROM (
         (SELECT u.*, 0 AS rank FROM directory.app_user u WHERE lower(u.username) = lower($2))
         UNION ALL
         (SELECT u.*, 1 FROM directory.app_user u WHERE u.username ILIKE $1 AND lower(u.username) <> lower($2)
          ORDER BY lower(u.username) LIMIT ${SEARCH_LIMIT})
       ) u JOIN directory.branch b ON b.id = u.branch_id
       ORDER BY u.rank, lower(u.username) LIMIT ${SEARCH_LIMIT}`,
      [containsPattern(username), username],
    );
    return rows.map(toUser);
  }

  async uniqueFullNames(): Promise<string[]> {
    const rows = await this.dataSource.query<{ full_name: string }[]>(
      `SELECT DISTINCT full_name, lower(full_name) FROM directory.app_user ORDER BY lower(full_name), full_name`,
    );
    return rows.map((row) => row.full_name);
  }

  async get(username: string): Promise<User> {
    const user = await this.findByUsername(this.dataSource.manager, username);
    return toUser({ ...user, branchCity: user.branch.city });
  }

  /** With `idempotencyKey`, a repeat from the same actor answers the first result (writeTransaction). */
  async create(actor: Actor, input: UserCreate, idempotencyKey?: string): Promise<User> {
    if (!canAddUser(actor, input.role)) throw forbidden();
    const passwordHash = await hashPassword(input.password);
    const idempotency = idempotencyOf(actor, idempotencyKey, { subject: Subjects.directory.user.create, user: input });
    return this.write(input, async (manager) => {
      const branch = await this.branchFor(manager, input.branchCity);
      await this.assertUnique(manager, input.username, input.email);
      const user = manager.getRepository(UserEntity).create({
        fullName: input.fullName,
        username: input.username,
        email: input.email,
        passwordHash,
        branchId: branch.id,
        contact: input.contact,
        role: input.role,
        department: input.department,
        createdBy: actor.id,
        updatedBy: actor.id,
      });
      const saved = await manager.save(user);
      return toUser({ ...saved, branchCity: branch.city });
    }, idempotency);
  }

  /**
   * Edit a user and possibly rename them (`newUsername`). Everything refers to users by
   * id, so a rename keeps every reference. A blank password keeps the current one.
   * Whom the actor may edit, and to which role, is decided here on the locked row
   * (permissions.ts). A new password, role or username ends the user's sessions.
   */
  async update(actor: Actor, username: string, newUsername: string, input: UserUpdate): Promise<User> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    return this.write({ username: newUsername, email: input.email }, async (manager) => {
      const user = await this.lockForChange(manager, username, input.role, (target) => canWriteUser(actor, target, input.role));
      const branch = await this.branchFor(manager, input.branchCity);
      await this.assertUnique(manager, newUsername, input.email, user.id);
      const endsSessions = passwordHash !== undefined || input.role !== user.role || newUsername !== user.username;
      Object.assign(user, {
        fullName: input.fullName,
        username: newUsername,
        email: input.email,
        branchId: branch.id,
        branch,
        contact: input.contact,
        role: input.role,
        department: input.department,
        updatedBy: actor.id,
        ...(passwordHash ? { passwordHash } : {}),
        ...(endsSessions ? { sessionVersion: user.sessionVersion + 1 } : {}),
      });
      const saved = await manager.getRepository(UserEntity).save(user);
      return toUser({ ...saved, branchCity: branch.city });
    });
  }

  async delete(actor: Actor, username: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.lockForChange(manager, username, null, (target) => canDeleteUser(actor, target));
      await manager.getRepository(UserEntity).delete(user.id);
    });
    return { message: Messages.userDeleted };
  }

  /**
   * Locks the user to change, checks the actor `may` change them (403), and, when the change
   * may take a Head away (`newRole` not Head; null = delete), locks every Head too and
   * refuses to leave none (409). One statement locks all those rows in id order, so two
   * Heads demoting each other at once queue on the same rows instead of deadlocking, and
   * the second sees the first's change.
   */
  private async lockForChange(manager: EntityManager, username: string, newRole: StaffRole | null, may: (target: LoadedUser) => boolean): Promise<LoadedUser> {
    const query = this.query(manager).where('lower(u.username) = lower(:username)', { username });
    if (newRole !== 'Head') query.orWhere(`u.role = 'Head'`);
    const rows = (await query.orderBy('u.id').setLock('pessimistic_write', undefined, ['u']).getMany()) as LoadedUser[];
    const user = rows.find((row) => row.username.toLowerCase() === username.toLowerCase());
    if (!user) throw new AppError('NOT_FOUND', Messages.userNotFound);
    if (!may(user)) throw forbidden();
    if (removesHead(user.role, newRole) && rows.filter((row) => row.role === 'Head').length < 2) {
      throw new AppError('CONFLICT', Messages.lastHead);
    }
    return user;
  }

  private async findByUsername(manager: EntityManager, username: string): Promise<LoadedUser> {
    const user = await this.query(manager).where('lower(u.username) = lower(:username)', { username }).getOne();
    if (!user) throw new AppError('NOT_FOUND', Messages.userNotFound);
    return user as LoadedUser;
  }

  /** The branch by city, share-locked so it cannot be deleted before this transaction ends. */
  private async branchFor(manager: EntityManager, city: string): Promise<BranchEntity> {
    const branch = await manager
      .getRepository(BranchEntity)
      .createQueryBuilder('b')
      .where('lower(b.city) = lower(:city)', { city })
      .setLock('pessimistic_read')
      .getOne();
    if (!branch) throw noSuchBranch(city);
    return branch;
  }

  private async assertUnique(manager: EntityManager, username: string, email: string, exceptId?: string): Promise<void> {
    const clashes = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('(lower(u.username) = lower(:username) OR lower(u.email) = lower(:email))', { username, email })
      .andWhere(exceptId ? 'u.id <> :exceptId' : 'TRUE', { exceptId })
      .getMany();
    if (clashes.some((u) => u.username.toLowerCase() === username.toLowerCase())) throw usernameTaken(username);
    if (clashes.length > 0) throw emailTaken(email);
  }

  /** Run a write in a transaction; a unique-index race still answers with the right message. */
  private write<T>(input: { username?: string; email?: string }, work: (manager: EntityManager) => Promise<T>, idempotency?: IdempotentRequest): Promise<T> {
    return writeTransaction(this.dataSource, {
      ux_app_user_username: () => usernameTaken(input.username ?? ''),
      ux_app_user_email: () => emailTaken(input.email ?? ''),
    }, work, idempotency);
  }

}
