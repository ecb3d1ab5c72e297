import { Messages, branches, users } from '@freight/contracts';
import { ApiError, deleteErrorText, recordLoadErrorText, screenTexts } from '@freight/web-kit';
import { userList } from './users/manage-users.page.js';
import { branchList } from './branches/manage-branches.page.js';
import { branchAddErrorText } from './branches/branch-form.page.js';

// The texts the kit's pages show for these two entities: derived from the definitions, with the entity's own overrides.
const USER_DELETE_FAILURE = screenTexts(users, userList.texts).deleteFailure;
const BRANCH_DELETE_FAILURE = screenTexts(branches, branchList.texts).deleteFailure;
const userLoadErrorText = (error: unknown) => recordLoadErrorText(error, screenTexts(users));
const branchLoadErrorText = (error: unknown) => recordLoadErrorText(error, screenTexts(branches));
const userUpdateErrorText = screenTexts(users).updateError;
const branchUpdateErrorText = screenTexts(branches).updateError;

const http = (status: number, message = 'server says', code = 'X') => new ApiError(message, status, code);
/** What the API client makes of a reply without a message (e.g. a proxy's bare 500). */
const noMessage = (status: number) => new ApiError(`HTTP error! Status: ${status}`, status, `HTTP_${status}`, undefined, false);

describe('texts of the error catalogue (requirements 01 §8)', () => {
  it('user delete: 403, 401 and 404 show the catalogue texts', () => {
    const userDeleteErrorText = (error: unknown) => deleteErrorText(error, USER_DELETE_FAILURE);
    expect(userDeleteErrorText(http(403))).toBe(Messages.forbidden);
    expect(userDeleteErrorText(http(401))).toBe(Messages.unauthorized);
    expect(userDeleteErrorText(http(404))).toBe(Messages.userNotFound);
    expect(userDeleteErrorText(noMessage(500))).toBe('HTTP error! Status: 500');
    expect(userDeleteErrorText(noMessage(502))).toBe('HTTP error! Status: 502');
    expect(userDeleteErrorText(http(409, 'You cannot delete yourself', 'CONFLICT'))).toBe('You cannot delete yourself');
    expect(userDeleteErrorText(new Error('boom'))).toBe('Failed to delete user. Please try again.');
  });

  it('branch delete: 404 catalogue text, 409 the server message (branch still has users)', () => {
    const branchDeleteErrorText = (error: unknown) => deleteErrorText(error, BRANCH_DELETE_FAILURE);
    expect(branchDeleteErrorText(http(404))).toBe(Messages.branchNotFound);
    expect(branchDeleteErrorText(http(409, 'Branch Kandy still has 3 users', 'CONFLICT'))).toBe('Branch Kandy still has 3 users');
    expect(branchDeleteErrorText(noMessage(500))).toBe('Failed to delete branch. Please try again.');
  });

  it("branch add: a refused input shows the server's message, anything else 'Error creating branch'", () => {
    expect(branchAddErrorText(http(400, 'Branch code must be letters, digits or hyphens', 'VALIDATION_FAILED'))).toBe(
      'Branch code must be letters, digits or hyphens',
    );
    expect(branchAddErrorText(http(503))).toBe('Error creating branch');
    expect(branchAddErrorText(noMessage(400))).toBe('Error creating branch');
    expect(branchAddErrorText(http(0))).toBe('Error creating branch');
  });

  it('edit screens: not found (the get-by-key route answers 404) versus a failed load', () => {
    expect(userLoadErrorText(http(404, Messages.userNotFound, 'NOT_FOUND'))).toBe('User not found');
    expect(userLoadErrorText(http(500))).toBe('Error fetching user data');
    expect(userLoadErrorText(new Error('boom'))).toBe('Error fetching user data');
    expect(branchLoadErrorText(http(404, Messages.branchNotFound, 'NOT_FOUND'))).toBe('Branch not found');
    expect(branchLoadErrorText(http(0))).toBe('Error fetching branch data');
  });

  it('updates: Failed to update … when the server refused (with its reason if it gave one), Error updating … when it was not reached', () => {
    expect(userUpdateErrorText(http(409, 'Email is taken'))).toBe('Failed to update user: Email is taken');
    expect(userUpdateErrorText(noMessage(500))).toBe('Failed to update user');
    expect(userUpdateErrorText(http(0, 'offline'))).toBe('Error updating user');
    expect(userUpdateErrorText(new Error('boom'))).toBe('Error updating user');
    expect(branchUpdateErrorText(http(400, 'Location is required'))).toBe('Failed to update branch: Location is required');
    expect(branchUpdateErrorText(noMessage(502))).toBe('Failed to update branch');
    expect(branchUpdateErrorText(http(0, 'offline'))).toBe('Error updating branch');
  });

  it('the texts the screens derive from the definitions are the catalogue words', () => {
    expect(screenTexts(users, userList.texts)).toMatchObject({
      listTitle: 'Manage User',
      addTitle: 'Add User',
      editTitle: 'Edit User',
      caption: 'Users',
      emptyText: 'No users found.',
      listLoadError: 'Error fetching users',
      deleteFailure: { notFound: Messages.userNotFound, failed: 'Failed to delete user. Please try again.' },
    });
    expect(screenTexts(branches, branchList.texts)).toMatchObject({
      listTitle: 'Manage Branches',
      addTitle: 'Add Branch',
      editTitle: 'Edit Branch',
      caption: 'Branches',
      emptyText: 'No branches found.',
      listLoadError: 'Error fetching branches',
      deleteFailure: { notFound: Messages.branchNotFound, failed: 'Failed to delete branch. Please try again.' },
    });
    expect(screenTexts(users).addError(new ApiError('offline', 0, 'NETWORK'))).toBe('Failed to add user. Please try again.');
    expect(screenTexts(users).addError(http(409, 'Username already exists'))).toBe('Username already exists');
  });
});
