import { Inject, Injectable } from '@nestjs/common';
import {
  Messages,
  canAddUser,
  canDeleteUser,
  canWriteUser,
  removesHead,
  users,
  type ReplyOf,
  type RequestOf,
  type ResourceHandlers,
  type StaffRole,
  type UserSessionState,
} from '@freight/contracts';
import { AppError } from '@freight/server';
import {
  alreadyAnswered,
  changeEvent,
  idempotencyOf,
  type FindOptions,
  type MasterDataRepository,
  type MessageOfOp,
  type ReplyOfOp,
  type Tx,
} from '@freight/server-database';
import { BranchRepository } from '../branches/branch.repository.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { toUser, type UserEntity, type UserFields } from './user.entity.js';
import { UserRepository, type UserRow } from './user.repository.js';

/** What the handlers need of the users' table (UserRepository; a fake in unit tests). */
export type UserStore = MasterDataRepository<UserEntity, UserFields> & Pick<UserRepository, 'credentials' | 'sessionState' | 'fullNames' | 'lockForChange'>;
/** What a user needs of the branches: the branch of a city, found in the change's transaction. */
export interface UserBranches {
  findByKey(city: string, options: FindOptions): Promise<{ id: string; city: string } | undefined>;
}
/** Sign-in limits (LoginThrottleService). */
export type SignInThrottle = Pick<LoginThrottleService, 'begin' | 'succeeded' | 'failed'>;

type Message<K extends keyof typeof users.operations> = MessageOfOp<typeof users, K>;
type Reply<K extends keyof typeof users.operations> = Promise<ReplyOfOp<typeof users, K>>;

const usernameTaken = (username: string) =>
  new AppError('CONFLICT', `Username '${username}' is already taken`, { username: `Username '${username}' is already taken` });
const emailTaken = (email: string) => new AppError('CONFLICT', `Email '${email}' is already in use`, { email: `Email '${email}' is already in use` });
const forbidden = () => new AppError('FORBIDDEN', Messages.forbidden);
const notFound = () => new AppError('NOT_FOUND', users.texts.notFound);
const noSuchBranch = (city: string) => new AppError('VALIDATION_FAILED', `Branch '${city}' does not exist`, { branchCity: `Branch '${city}' does not exist` });

/**
 * Staff users (requirements 01 §4). The gateway has checked the actor's role may act in the area; whom
 * they may add, edit or delete (permissions.ts), and the last Head, are judged here on the rows
 * the change's transaction locked (ADR 17). Sign-in and the session checks are here too, on the
 * internal subjects (UserInternalController).
 */
@Injectable()
export class UserHandlers implements ResourceHandlers<typeof users> {
  constructor(
    @Inject(UserRepository) private readonly users: UserStore,
    @Inject(BranchRepository) private readonly branches: UserBranches,
    @Inject(LoginThrottleService) private readonly throttle: SignInThrottle,
  ) {}

  async all({ query }: Message<'all'>): Reply<'all'> {
    const page = await this.users.list(query);
    return { items: page.items.map(toUser), total: page.total };
  }

  /** One chunk of the list's CSV export, in the list's order. */
  async export({ query, after, limit }: Message<'export'>): Reply<'export'> {
    const chunk = await this.users.chunk(query, after, limit);
    return { items: chunk.items.map(toUser), next: chunk.next };
  }

  async search({ params }: Message<'search'>): Reply<'search'> {
    return { success: true, users: (await this.users.search(params.username)).map(toUser) };
  }

  async unique(): Reply<'unique'> {
    return this.users.fullNames();
  }

  async get({ params }: Message<'get'>): Reply<'get'> {
    const user = await this.users.findByKey(params.username);
    if (!user) throw notFound();
    return toUser(user);
  }

  /**
   * With an idempotency key, a repeat from the same actor answers the first reply (writeTransaction).
   * The username and e-mail are checked once a hashing slot is ours, before the hash (a crowd of
   * adds of one username answers 409 without queueing for hashes), and again in the transaction.
   */
  async add({ actor, idempotencyKey, body }: Message<'add'>): Reply<'add'> {
    if (!canAddUser(actor, body.role)) throw forbidden();
    const unique = { username: body.username, email: body.email };
    const idempotency = idempotencyOf(actor, idempotencyKey, { subject: users.subjects.add, body });
    const passwordHash = await hashPassword(body.password, () =>
      this.users.transaction(async (tx) => {
        if (!(await alreadyAnswered(tx, idempotency))) await this.assertFree(tx, unique);
      }),
    );
    return this.users.transaction(
      async (tx) => {
        const branch = await this.branchFor(tx, body.branchCity);
        await this.assertFree(tx, unique);
        const user = await this.users.insert(tx, {
          fullName: body.fullName,
          username: body.username,
          email: body.email,
          passwordHash,
          branchId: branch.id,
          contact: body.contact,
          role: body.role,
          department: body.department,
          createdBy: actor.id,
          updatedBy: actor.id,
        });
        const added = toUser({ ...user, branchCity: branch.city });
        await this.users.appendEvents(tx, [changeEvent(users, 'created', { after: added })]);
        return { success: true as const, message: users.texts.added, user: added };
      },
      { idempotency, taken: (property) => this.taken(property, unique) },
    );
  }

  /**
   * Edit the user `term` and possibly rename them to `updateterm`. Everything refers to users by
   * id, so a rename keeps every reference. A blank password keeps the current one. A new
   * password, role or username ends the user's sessions.
   */
  async update({ actor, query, body }: Message<'update'>): Reply<'update'> {
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const username = query.updateterm;
    const unique = { username, email: body.email };
    return this.users.transaction(
      async (tx) => {
        const user = await this.lockForChange(tx, query.term, body.role, (target) => canWriteUser(actor, target, body.role));
        const branch = await this.branchFor(tx, body.branchCity);
        await this.assertFree(tx, unique, user.id);
        const endsSessions = passwordHash !== undefined || body.role !== user.role || username !== user.username;
        await this.users.update(tx, user.id, {
          fullName: body.fullName,
          username,
          email: body.email,
          branchId: branch.id,
          contact: body.contact,
          role: body.role,
          department: body.department,
          updatedBy: actor.id,
          ...(passwordHash ? { passwordHash } : {}),
          ...(endsSessions ? { sessionVersion: user.sessionVersion + 1 } : {}),
        });
        const { fullName, email, contact, role, department } = body;
        const updated = toUser({ id: user.id, fullName, username, email, contact, role, department, branchCity: branch.city });
        await this.users.appendEvents(tx, [changeEvent(users, 'updated', { before: toUser(user), after: updated })]);
        return { success: true as const, message: users.texts.updated, user: updated };
      },
      { taken: (property) => this.taken(property, unique) },
    );
  }

  async delete({ actor, params }: Message<'delete'>): Reply<'delete'> {
    await this.users.transaction(async (tx) => {
      const user = await this.lockForChange(tx, params.username, null, (target) => canDeleteUser(actor, target));
      await this.users.delete(tx, user.id);
      await this.users.appendEvents(tx, [changeEvent(users, 'deleted', { before: toUser(user) })]);
    });
    return { message: users.texts.deleted };
  }

  /**
   * The attempt is counted (or refused) before the password is checked, so a burst of
   * parallel guesses gets no more checks than the limit allows.
   */
  async verifyCredentials({ username, password, ip }: RequestOf<'directory.user.verifyCredentials'>): Promise<ReplyOf<'directory.user.verifyCredentials'>> {
    const attempt = await this.throttle.begin(username, ip);
    const user = await this.users.credentials(username);
    // Always one hash verification, found or not: the answer time does not tell which.
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) {
      await this.throttle.failed();
      throw new AppError('INVALID_CREDENTIALS', Messages.invalidCredentials);
    }
    await this.throttle.succeeded(attempt);
    return { ...toUser(user), sessionVersion: user.sessionVersion };
  }

  async sessionState({ id }: RequestOf<'directory.user.sessionState'>): Promise<UserSessionState> {
    const state = await this.users.sessionState(id);
    if (!state) throw notFound();
    return state;
  }

  /**
   * Locks the user to change (and, when the change may take a Head away: `newRole` not Head,
   * null = delete, every Head), checks the actor `may` change them (403), and refuses to leave
   * no Head (409).
   */
  private async lockForChange(tx: Tx, username: string, newRole: StaffRole | null, may: (target: UserRow) => boolean): Promise<UserRow> {
    const rows = await this.users.lockForChange(tx, username, newRole !== 'Head');
    const user = rows.find((row) => row.username.toLowerCase() === username.toLowerCase());
    if (!user) throw notFound();
    if (!may(user)) throw forbidden();
    if (removesHead(user.role, newRole) && rows.filter((row) => row.role === 'Head').length < 2) {
      throw new AppError('CONFLICT', Messages.lastHead);
    }
    return user;
  }

  /** The branch by city, share-locked so it cannot be deleted before this transaction ends. */
  private async branchFor(tx: Tx, city: string): Promise<{ id: string; city: string }> {
    const branch = await this.branches.findByKey(city, { tx, lock: 'share' });
    if (!branch) throw noSuchBranch(city);
    return branch;
  }

  private async assertFree(tx: Tx, unique: { username: string; email: string }, exceptId?: string): Promise<void> {
    const property = await this.users.taken(tx, unique, exceptId);
    if (property) throw this.taken(property, unique);
  }

  private taken(property: string, { username, email }: { username: string; email: string }): AppError {
    return property === 'username' ? usernameTaken(username) : emailTaken(email);
  }
}
