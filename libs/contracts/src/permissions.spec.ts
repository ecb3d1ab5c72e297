import {
  AREAS,
  clientReaders,
  assignableRoles,
  can,
  canAddUser,
  canDeleteUser,
  canEditUser,
  canWriteUser,
  isPermission,
  manageableRoles,
  removesHead,
  rolesThatCan,
  seesAllJobs,
  type Action,
  type Area,
} from './permissions.js';
import type { StaffRole } from './roles.js';

const head = { role: 'Head' as StaffRole, username: 'hana' };
const admin = { role: 'Admin' as StaffRole, username: 'adam' };
const employee = { role: 'Employee' as StaffRole, username: 'emma' };
const user = (role: StaffRole, username = `some-${role.toLowerCase()}`) => ({ role, username });

describe('permission matrix for users and branches (requirements decisions §4)', () => {
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

  it('lets Head add every role and Admin only Admin and Employee', () => {
    expect(manageableRoles('Head')).toEqual(['Head', 'Admin', 'Employee']);
    expect(manageableRoles('Admin')).toEqual(['Admin', 'Employee']);
    expect(manageableRoles('Employee')).toEqual([]);
    expect(canAddUser(employee, 'Employee')).toBe(false);
    expect(canAddUser(admin, 'Head')).toBe(false);
    expect(canAddUser(admin, 'Admin')).toBe(true);
    expect(canAddUser(head, 'Head')).toBe(true);
  });

  // actor → target → roles the edit may set (none: may not edit at all).
  const actors = { Head: head, Admin: admin, Employee: employee };
  const targets = {
    'another Head': user('Head'),
    'an Admin': user('Admin'),
    'an Employee': user('Employee'),
    'themself (HANA)': user('Head', 'HANA'),
    'themself (Adam)': user('Admin', 'Adam'),
    'themself (emma)': user('Employee', 'emma'),
  };
  it.each([
    ['Head', 'another Head', ['Head', 'Admin', 'Employee']],
    ['Head', 'an Admin', ['Head', 'Admin', 'Employee']],
    ['Head', 'an Employee', ['Head', 'Admin', 'Employee']],
    ['Head', 'themself (HANA)', ['Head', 'Admin', 'Employee']], // the last-Head rule is the service's
    ['Admin', 'another Head', []],
    ['Admin', 'an Admin', []], // not their role, password or anything else
    ['Admin', 'themself (Adam)', ['Admin']], // details and password, not the role
    ['Admin', 'an Employee', ['Admin', 'Employee']],
    ['Employee', 'an Employee', []],
    ['Employee', 'themself (emma)', []],
  ] as const)('%s edits %s to one of %j', (actorRole, targetName, roles) => {
    const actor = actors[actorRole];
    const target = targets[targetName];
    expect(assignableRoles(actor, target)).toEqual(roles);
    expect(canEditUser(actor, target)).toBe(roles.length > 0);
    for (const role of ['Head', 'Admin', 'Employee'] as const) expect(canWriteUser(actor, target, role)).toBe((roles as readonly string[]).includes(role));
  });

  it('never lets an Admin demote or promote an Admin (the first step of demote-then-delete)', () => {
    expect(canWriteUser(admin, user('Admin'), 'Employee')).toBe(false);
    expect(canWriteUser(admin, admin, 'Employee')).toBe(false);
    expect(canWriteUser(admin, user('Employee'), 'Head')).toBe(false);
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

  it('calls a demotion or delete of a Head a removal of a Head', () => {
    expect(removesHead('Head', 'Admin')).toBe(true);
    expect(removesHead('Head', null)).toBe(true);
    expect(removesHead('Head', 'Head')).toBe(false);
    expect(removesHead('Admin', null)).toBe(false);
    expect(removesHead('Employee', 'Head')).toBe(false);
  });
});

describe('permission matrix for the areas of later screens (requirements decisions §4)', () => {
  // The rows of requirements decisions §4, written out here rather than read from the implementation.
  const ALL: StaffRole[] = ['Head', 'Admin', 'Employee'];
  const HEAD: StaffRole[] = ['Head'];
  // By who may read, add/edit and delete, and the areas of each.
  const policies: [areas: Area[], read: StaffRole[], write: StaffRole[], del: StaffRole[]][] = [
    [['users'], ALL, ['Head', 'Admin'], ['Head', 'Admin']],
    [['branches'], ALL, HEAD, HEAD],
    [['consignees', 'shippers', 'forwarders', 'origins', 'yards', 'shipmentTypes', 'shipmentTerms', 'clientNews', 'announcements'], ALL, ALL, HEAD],
    [['shipmentCounter', 'shipmentDeletion', 'accounts'], HEAD, HEAD, HEAD],
    // A job's e-mails: read as jobs are (Head and Admin all; an Employee's own through the shipment service later); written by services only.
    [['mails'], ['Head', 'Admin'], [], []],
    // The contact form's messages (Administrative Tools): Head and Admin read them and mark them handled; nobody deletes them.
    [['contactMessages'], ['Head', 'Admin'], ['Head', 'Admin'], []],
    // Jobs and bookings: all staff (an Employee only their own jobs: the shipment service checks the assignee); deleting is shipment deletion's (Head).
    [['jobs'], ALL, ALL, HEAD],
    // Vessels and agents: all staff (and consignees, below) read; Head and Admin add, edit and delete.
    [['vessels', 'agents'], ALL, ['Head', 'Admin'], ['Head', 'Admin']],
  ];
  const rows = policies.flatMap(([areas, ...roles]) => areas.map((area) => [area, ...roles] as const));

  it('knows exactly these areas', () => {
    expect([...AREAS].sort()).toEqual(rows.map(([area]) => area).sort());
  });

  it.each(rows)('%s: read %j, add/edit %j, delete %j', (area, read, write, del) => {
    const expected: Record<Action, StaffRole[]> = { read, write, delete: del };
    for (const action of ['read', 'write', 'delete'] as const) {
      expect(rolesThatCan(area, action)).toEqual(expected[action]);
      for (const role of ALL) expect(can(role, area, action)).toBe(expected[action].includes(role));
    }
  });

  it('lets consignees read vessels and agents, and clients read nothing else in full', () => {
    const read = AREAS.map((area) => [area, clientReaders(area)] as const).filter(([, clients]) => clients.length);
    expect(read).toEqual([
      ['vessels', ['consignee']],
      ['agents', ['consignee']],
    ]);
  });

  it('lets Head and Admin see every job, an Employee only their own', () => {
    expect(ALL.filter(seesAllJobs)).toEqual(['Head', 'Admin']);
  });

  it('recognises an area and action of this build, nothing else', () => {
    expect(isPermission({ area: 'yards', action: 'delete' })).toBe(true);
    expect(isPermission({ area: 'bookingFees', action: 'read' })).toBe(false);
    expect(isPermission({ area: 'users', action: 'approve' })).toBe(false);
    expect(isPermission({ area: 'toString', action: 'read' })).toBe(false);
    expect(isPermission(null)).toBe(false);
    expect(isPermission('users')).toBe(false);
  });
});
