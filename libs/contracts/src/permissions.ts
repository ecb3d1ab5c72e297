import type { Actor, StaffRole } from './roles.js';

/**
 * The permission matrix of spec/DECISIONS.md §4, for the areas built so far.
 * The gateway enforces it on every call; the screens use the same functions to
 * hide what a role cannot do.
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

/** Roles whose users this role may add or edit: Head any; Admin Admin and Employee. */
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

/** May the actor create a user with this role, or edit a user from `currentRole` to `newRole`? */
export function canWriteUser(actor: Pick<Actor, 'role'>, newRole: StaffRole, currentRole?: StaffRole): boolean {
  const allowed = manageableRoles(actor.role);
  return allowed.includes(newRole) && (currentRole === undefined || allowed.includes(currentRole));
}

/** Head deletes anyone but themself; Admin deletes Employees; nobody deletes themself. */
export function canDeleteUser(actor: Pick<Actor, 'role' | 'username'>, target: { username: string; role: StaffRole }): boolean {
  if (actor.username.toLowerCase() === target.username.toLowerCase()) return false;
  if (actor.role === 'Head') return true;
  if (actor.role === 'Admin') return target.role === 'Employee';
  return false;
}
