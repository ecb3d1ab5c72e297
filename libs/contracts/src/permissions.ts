import type { Actor, ClientRole, StaffRole } from './roles.js';

/**
 * The permission matrix of requirements decisions §4.
 * The gateway checks the role × area × action half on every call; the rules that depend
 * on the user being written (below) are checked by the directory service in the
 * transaction of the change, with that user's row locked. The screens use the same
 * functions to hide what a role cannot do (tiles, menu entries, guarded routes).
 * Areas of screens not built yet are here already, so that their tiles are shown to the
 * right roles; their services will be checked against the same rows.
 */
export const ACTIONS = ['read', 'write', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

const ALL_STAFF = ['Head', 'Admin', 'Employee'] as const satisfies readonly StaffRole[];
const HEAD = ['Head'] as const satisfies readonly StaffRole[];
/** Read and add/edit for all staff, delete for Head (the rows of most master data). */
const STAFF_EDIT_HEAD_DELETE = { read: ALL_STAFF, write: ALL_STAFF, delete: HEAD };
const HEAD_ONLY = { read: HEAD, write: HEAD, delete: HEAD };
const HEAD_ADMIN = ['Head', 'Admin'] as const satisfies readonly StaffRole[];
const NOBODY = [] as const satisfies readonly StaffRole[];

const matrix = {
  users: { read: ALL_STAFF, write: ['Head', 'Admin'], delete: ['Head', 'Admin'] },
  branches: { read: ALL_STAFF, write: HEAD, delete: HEAD },
  consignees: STAFF_EDIT_HEAD_DELETE,
  shippers: STAFF_EDIT_HEAD_DELETE,
  forwarders: STAFF_EDIT_HEAD_DELETE,
  origins: STAFF_EDIT_HEAD_DELETE,
  yards: STAFF_EDIT_HEAD_DELETE,
  shipmentTypes: STAFF_EDIT_HEAD_DELETE,
  shipmentTerms: STAFF_EDIT_HEAD_DELETE,
  clientNews: STAFF_EDIT_HEAD_DELETE,
  announcements: STAFF_EDIT_HEAD_DELETE,
  shipmentCounter: HEAD_ONLY,
  /**
   * Jobs and bookings: every staff role reads and writes, an Employee only the jobs assigned to
   * them (the shipment service checks the assignee; `self` routes name the caller). Deleting a
   * job is the shipmentDeletion area's.
   */
  jobs: { read: ALL_STAFF, write: ALL_STAFF, delete: HEAD },
  shipmentDeletion: HEAD_ONLY,
  /** Debits, credits, the voucher counter, and the accounts hub of the console. */
  accounts: HEAD_ONLY,
  /**
   * The e-mails of a job (its "last sent"): jobs are Head's and Admin's to read in full (requirements decisions §4); an
   * Employee's own jobs will show theirs through the shipment service, which knows the assignee.
   * Nobody writes or deletes them through the API: services queue them.
   */
  mails: { read: HEAD_ADMIN, write: NOBODY, delete: NOBODY },
  /** Messages of the public contact form (requirements decisions §2): Head and Admin read them and mark them handled. */
  contactMessages: { read: HEAD_ADMIN, write: HEAD_ADMIN, delete: NOBODY },
  /** Vessel voyages and overseas agents (requirements 02 §6): all staff read, Head and Admin add, edit and delete; consignees read too (CLIENT_READS). */
  vessels: { read: ALL_STAFF, write: HEAD_ADMIN, delete: HEAD_ADMIN },
  agents: { read: ALL_STAFF, write: HEAD_ADMIN, delete: HEAD_ADMIN },
  // new:resource areas
} as const satisfies Record<string, Record<Action, readonly StaffRole[]>>;

export type Area = keyof typeof matrix;
export const AREAS = Object.keys(matrix) as Area[];

/**
 * Areas a client reads in full besides their own data (requirements decisions §4: consignees read the vessel
 * voyages and overseas agents): every read operation of the area also takes a client token of
 * these kinds. Writes stay staff-only.
 */
const CLIENT_READS: Partial<Record<Area, readonly ClientRole[]>> = { vessels: ['consignee'], agents: ['consignee'] };

/** The client kinds that may read everything of this area (none for most areas). */
export function clientReaders(area: Area): readonly ClientRole[] {
  return CLIENT_READS[area] ?? [];
}

/** May this role do this action in this area at all (before looking at the target)? */
export function can(role: StaffRole, area: Area, action: Action): boolean {
  return (matrix[area][action] as readonly StaffRole[]).includes(role);
}

/** The roles that may do this action in this area, for a screen guard (`RequireRole`). */
export function rolesThatCan(area: Area, action: Action): readonly StaffRole[] {
  return matrix[area][action];
}

/** An area and an action, e.g. what a tile needs to be shown (menu.ts). */
export interface Permission {
  area: Area;
  action: Action;
}

/** Is this (from a remote, at run time) an area and action this build knows? */
export function isPermission(value: unknown): value is Permission {
  if (typeof value !== 'object' || value === null) return false;
  const { area, action } = value as Record<string, unknown>;
  return (AREAS as unknown[]).includes(area) && (ACTIONS as readonly unknown[]).includes(action);
}

/**
 * Jobs and bookings (requirements decisions §4): Head and Admin see every job, an Employee the jobs
 * assigned to them. So Head and Admin have the admin shipment entry (/adminshipmentmanagement,
 * all jobs), an Employee the employee one (/shipmentmanagement).
 */
export function seesAllJobs(role: StaffRole): boolean {
  return role === 'Head' || role === 'Admin';
}

/*
 * Users: who may write whom. requirements decisions §4 lets an Admin add and edit Admin and Employee
 * users; issue 5 narrows the edit, because an Admin who could change another Admin's role
 * or password could remove that Admin (demote, then delete) or take the account over
 * (reset the password, then sign in with it). Only a Head changes an Admin's role or
 * password. So:
 *
 * - Head: adds any role; edits anyone, themself included, to any role; deletes anyone
 *   but themself.
 * - Admin: adds Admins and Employees; edits Employees (every field, the password too, and
 *   the role to Employee or Admin) and themself (every field but the role); never edits
 *   another Admin or a Head; deletes Employees only.
 * - Employee: none of these.
 *
 * And whoever acts: the last Head cannot be demoted or deleted (`removesHead`; the
 * directory counts the Heads under lock and answers 409 `Messages.lastHead`).
 */

/** A user as these rules see them; `username` (any case) tells whether the actor acts on themself. */
export type UserRef = Pick<Actor, 'username' | 'role'>;

const isSelf = (actor: UserRef, target: UserRef) => actor.username.toLowerCase() === target.username.toLowerCase();

/** Roles this role may give a user it adds: Head any; Admin Admin and Employee. */
export function manageableRoles(role: StaffRole): readonly StaffRole[] {
  switch (role) {
    case 'Head':
      return ['Head', 'Admin', 'Employee'];
    case 'Admin':
      return ['Admin', 'Employee'];
    case 'Employee':
      return [];
  }
}

/** May the actor add a user with this role? */
export function canAddUser(actor: Pick<Actor, 'role'>, role: StaffRole): boolean {
  return manageableRoles(actor.role).includes(role);
}

/** Roles the actor may leave or put `target` in when editing them; none = may not edit them at all. */
export function assignableRoles(actor: UserRef, target: UserRef): readonly StaffRole[] {
  switch (actor.role) {
    case 'Head':
      return ['Head', 'Admin', 'Employee'];
    case 'Admin':
      if (isSelf(actor, target)) return [target.role]; // own details and password, never own role
      return target.role === 'Employee' ? ['Admin', 'Employee'] : [];
    case 'Employee':
      return [];
  }
}

/** May the actor open `target` for editing at all? */
export function canEditUser(actor: UserRef, target: UserRef): boolean {
  return assignableRoles(actor, target).length > 0;
}

/**
 * May the actor save an edit of `target` that gives them `newRole`? Whoever may edit a
 * user may also set their password, so the role is all the rule needs to see.
 */
export function canWriteUser(actor: UserRef, target: UserRef, newRole: StaffRole): boolean {
  return assignableRoles(actor, target).includes(newRole);
}

/** Head deletes anyone but themself; Admin deletes Employees; nobody deletes themself. */
export function canDeleteUser(actor: UserRef, target: UserRef): boolean {
  if (isSelf(actor, target)) return false;
  if (actor.role === 'Head') return true;
  if (actor.role === 'Admin') return target.role === 'Employee';
  return false;
}

/** Does this change take a Head away (an edit to `newRole`, or a delete: null)? Refused for the last Head. */
export function removesHead(currentRole: StaffRole, newRole: StaffRole | null): boolean {
  return currentRole === 'Head' && newRole !== 'Head';
}
