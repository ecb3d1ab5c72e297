import type { Actor, StaffRole, UserCreate } from '@freight/contracts';

/** The actor of a service's message from the seeded Head, for tests that talk to a service directly. */
export const headActor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };

/** The password a test gives a user it adds (the staff password rule accepts it). */
export const testPassword = (username: string) => `${username}-harbour-lantern`;

/** A valid add-user body for `username` (its own email and password), in the seeded Colombo branch. */
export function newUser(username: string, role: StaffRole = 'Employee', extra: Partial<UserCreate> = {}): UserCreate {
  return {
    fullName: `Test ${username}`,
    username,
    email: `${username}@example.com`,
    password: testPassword(username),
    branchCity: 'Colombo',
    contact: '+94 77 123 4567',
    role,
    department: 'Import',
    ...extra,
  };
}
