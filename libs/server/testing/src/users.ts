import type { StaffRole, UserCreate } from '@freight/contracts';

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
