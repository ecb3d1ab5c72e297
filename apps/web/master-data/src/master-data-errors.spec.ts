import { Messages, type User } from '@freight/contracts';
import { ApiError, deleteErrorText } from '@freight/web-kit';
import { pickExactUser, USER_DELETE_FAILURE, userLoadErrorText, UserNotFoundError } from './users/users.api.js';
import { BRANCH_DELETE_FAILURE, branchAddErrorText, branchLoadErrorText, BranchNotFoundError, pickExactBranch } from './branches/branches.api.js';
import { userUpdateErrorText } from './users/edit-user.page.js';
import { branchUpdateErrorText } from './branches/edit-branch.page.js';

const http = (status: number, message = 'server says', code = 'X') => new ApiError(message, status, code);
/** What the API client makes of a reply without a message (e.g. a proxy's bare 500). */
const noMessage = (status: number) => new ApiError(`HTTP error! Status: ${status}`, status, `HTTP_${status}`, undefined, false);

describe('texts of the error catalogue (spec 01 §8)', () => {
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

  it('edit screens: not found versus a failed load', () => {
    expect(userLoadErrorText(new UserNotFoundError())).toBe('User not found');
    expect(userLoadErrorText(http(500))).toBe('Error fetching user data');
    expect(branchLoadErrorText(new BranchNotFoundError())).toBe('Branch not found');
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
});

describe('edit screens pick the exact record from a substring search', () => {
  const user = (username: string) => ({ username }) as User;
  it('prefers the exact username, then a case-insensitive match', () => {
    expect(pickExactUser([user('anna2'), user('anna')], 'anna')?.username).toBe('anna');
    expect(pickExactUser([user('Anna')], 'anna')?.username).toBe('Anna');
    expect(pickExactUser([user('anna2')], 'anna')).toBeUndefined();
  });
  it('does the same for branch cities', () => {
    const b = (BranchCity: string) => ({ _id: BranchCity, BranchCity, Location: '', Contact: '', Code: '' });
    expect(pickExactBranch([b('Colombo 2'), b('Colombo')], 'Colombo')?.BranchCity).toBe('Colombo');
    expect(pickExactBranch([b('Colombo 2')], 'Colombo')).toBeUndefined();
  });
});
