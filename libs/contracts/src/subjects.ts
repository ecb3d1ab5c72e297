import type { Actor } from './roles.js';
import type { LoginRequest, User, UserCreate, UserListQuery, UserSessionState, UserUpdate } from './users.js';
import type { Branch, BranchCreate, BranchListQuery, BranchUpdate } from './branches.js';
import type { MessageReply, ServiceHealth } from './common.js';
import type { Page } from './list.js';

/**
 * NATS request/reply subjects: `<service>.<thing>.<action>`. Each service listens in a
 * queue group named after the service, so replicas share the load.
 */
export const Subjects = {
  directory: {
    health: 'directory.health',
    user: {
      verifyCredentials: 'directory.user.verify-credentials',
      sessionState: 'directory.user.session-state',
      list: 'directory.user.list',
      search: 'directory.user.search',
      unique: 'directory.user.unique',
      get: 'directory.user.get',
      create: 'directory.user.create',
      update: 'directory.user.update',
      delete: 'directory.user.delete',
    },
    branch: {
      list: 'directory.branch.list',
      search: 'directory.branch.search',
      uniqueCities: 'directory.branch.unique-cities',
      get: 'directory.branch.get',
      create: 'directory.branch.create',
      update: 'directory.branch.update',
      delete: 'directory.branch.delete',
    },
  },
} as const;

export const QUEUE_GROUPS = { directory: 'directory' } as const;

/** Mutating messages carry who asked: for the audit columns and the user rules (permissions.ts). */
export interface WithActor {
  actor: Actor;
}

/**
 * Create messages carry the caller's Idempotency-Key when it sent one: the service answers a
 * repeat from the same actor with the first result (see libs/server/database writeTransaction).
 */
export interface WithIdempotencyKey {
  idempotencyKey?: string;
}

/** Request and reply payload of every subject: the one place both ends agree on. */
export interface DirectoryMessages {
  'directory.health': { request: Record<string, never>; reply: ServiceHealth };
  /** `ip` lets the service slow down repeated failures from one address as well as for one username. */
  /** The reply's `sessionVersion` goes into the token the gateway signs. */
  'directory.user.verify-credentials': { request: LoginRequest & { ip: string }; reply: User & Pick<UserSessionState, 'sessionVersion'> };
  /** What the gateway checks a token against on every staff call; NOT_FOUND once the user is deleted. */
  'directory.user.session-state': { request: { id: string }; reply: UserSessionState };
  'directory.user.list': { request: UserListQuery; reply: Page<User> };
  'directory.user.search': { request: { username: string }; reply: User[] };
  'directory.user.unique': { request: Record<string, never>; reply: string[] };
  'directory.user.get': { request: { username: string }; reply: User };
  'directory.user.create': { request: WithActor & WithIdempotencyKey & { user: UserCreate }; reply: User };
  'directory.user.update': { request: WithActor & { username: string; newUsername: string; user: UserUpdate }; reply: User };
  'directory.user.delete': { request: WithActor & { username: string }; reply: MessageReply };
  'directory.branch.list': { request: BranchListQuery; reply: Page<Branch> };
  'directory.branch.search': { request: { city: string }; reply: Branch[] };
  'directory.branch.unique-cities': { request: Record<string, never>; reply: string[] };
  'directory.branch.get': { request: { city: string }; reply: Branch };
  'directory.branch.create': { request: WithActor & WithIdempotencyKey & { branch: BranchCreate }; reply: Branch };
  'directory.branch.update': { request: WithActor & { city: string; branch: BranchUpdate }; reply: Branch };
  'directory.branch.delete': { request: WithActor & { city: string }; reply: MessageReply };
}

export type MessageMap = DirectoryMessages;
export type Subject = keyof MessageMap;
export type RequestOf<S extends Subject> = MessageMap[S]['request'];
export type ReplyOf<S extends Subject> = MessageMap[S]['reply'];
