import { canDeleteUser, canEditUser, users } from '@freight/contracts';
import { ResourceListPage, screenTexts, type ResourceListConfig } from '@freight/web-kit';
import { usesHeadScreens } from './head-screens.js';
import { USER_SCREEN_TEXTS } from './user-texts.js';

/** manageuser: every staff member may read; add, edit and delete only where the permission rules allow. */
export const userList: ResourceListConfig<typeof users> = {
  resource: users,
  searchLabel: 'Search users',
  deleteQuestion: (user) => `Are you sure you want to delete user ${user.username}?`,
  addPath: (session) => (usesHeadScreens(session.role) ? '../adduserhead' : '../adduser'),
  editPath: (user, session) => `../${usesHeadScreens(session.role) ? 'edituserhead' : 'edituser'}/${encodeURIComponent(user.username)}`,
  mayEdit: canEditUser,
  mayDelete: canDeleteUser,
  // Requirements 01 §8: a user delete the server gave no message for names the status.
  texts: { ...USER_SCREEN_TEXTS, deleteFailure: { ...screenTexts(users).deleteFailure, status: (code) => `HTTP error! Status: ${code}` } },
};

export function ManageUsersPage() {
  return <ResourceListPage config={userList} />;
}
