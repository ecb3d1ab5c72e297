import type { Actor, StaffRole } from './roles.js';

/**
 * The permission matrix of spec/DECISIONS.md §4, for the areas built so far.
 * The gateway checks the role × area × action half on every call; the rules that depend
 * on the user being written (below) are checked by the directory service in the
 * transaction of the change, with that user's row locked. The screens use the same
 * functions to hide what a role cannot do.
 */
export type Area = 'users' | 'branches';
export type Action = 'read' | 'write' | 'delete';

const matrix: Record<Area, Record<Action, readonly StaffRole[]>> = {
  users: { read: ['Head', 'Admin', 'Employee'], write: ['Head', 'Admin'], delete: ['Head', 'Admin'] },
  branches: { read: ['Head', 'Admin', 'Employee'], write: ['Head'], delete: ['Head'] },
};

/** May this role do this action in this area at all (before looking at the target)? */
export function can(role: StaffRole, area: Area, action: Action): boolean {
  return matrix[area][action].includes(role);
}

/*
 * Users: who may write whom. DECISIONS §4 lets an Admin add and edit Admin and Employee
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
