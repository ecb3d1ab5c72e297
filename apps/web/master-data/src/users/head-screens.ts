import { canAddUser, type StaffRole } from '@freight/contracts';

/**
 * Who may give the Head role (contracts canAddUser) works on the Head variants of the user
 * screens, adduserhead and edituserhead (requirements 01 §2); the others on adduser and edituser.
 */
export const usesHeadScreens = (role: StaffRole) => canAddUser({ role }, 'Head');
