import { can, canDeleteUser, canWriteUser, manageableRoles } from './permissions.js';
import type { StaffRole } from './roles.js';

const head = { role: 'Head' as StaffRole, username: 'hana' };
const admin = { role: 'Admin' as StaffRole, username: 'adam' };
const employee = { role: 'Employee' as StaffRole, username: 'emma' };

describe('permission matrix for users and branches (DECISIONS §4)', () => {
  it.each([
    ['Head', 'users', 'read', true],
    ['Admin', 'users', 'read', true],
    ['Employee', 'users', 'read', true],
    ['Employee', 'users', 'write', false],
    ['Employee', 'users', 'delete', false],
    ['Admin', 'users', 'write', true],
    ['Employee', 'branches', 'read', true],
    ['Admin', 'branches', 'write', false],
    ['Admin', 'branches', 'delete', false],
    ['Head', 'branches', 'write', true],
    ['Head', 'branches', 'delete', true],
  ] as const)('%s may %s/%s: %s', (role, area, action, expected) => {
    expect(can(role, area, action)).toBe(expected);
  });

  it('lets Head manage every role and Admin only Admin and Employee', () => {
    expect(manageableRoles('Head')).toEqual(['Head', 'Admin', 'Employee']);
    expect(manageableRoles('Admin')).toEqual(['Admin', 'Employee']);
    expect(manageableRoles('Employee')).toEqual([]);
  });

  it('refuses an Employee adding anyone and an Admin adding or promoting to Head', () => {
    expect(canWriteUser(employee, 'Employee')).toBe(false);
    expect(canWriteUser(admin, 'Head')).toBe(false);
    expect(canWriteUser(admin, 'Admin')).toBe(true);
    expect(canWriteUser(admin, 'Employee', 'Head')).toBe(false); // editing an existing Head
    expect(canWriteUser(head, 'Head', 'Employee')).toBe(true);
  });

  it('lets Head delete anyone but themself and Admin only Employees', () => {
    expect(canDeleteUser(head, { username: 'adam', role: 'Admin' })).toBe(true);
    expect(canDeleteUser(head, { username: 'other-head', role: 'Head' })).toBe(true);
    expect(canDeleteUser(head, { username: 'HANA', role: 'Head' })).toBe(false);
    expect(canDeleteUser(admin, { username: 'emma', role: 'Employee' })).toBe(true);
    expect(canDeleteUser(admin, { username: 'alice', role: 'Admin' })).toBe(false);
    expect(canDeleteUser(admin, { username: 'hana', role: 'Head' })).toBe(false);
    expect(canDeleteUser(employee, { username: 'eve', role: 'Employee' })).toBe(false);
  });
});
