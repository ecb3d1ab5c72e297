import { useQuery } from '@tanstack/react-query';
import { Messages, api, apiPath, type User } from '@freight/contracts';
import { apiGet, isApiError, type DeleteFailureTexts } from '@freight/web-kit';

export const USERS_KEY = 'users';

/** Branch cities for the user form's select. */
export function useBranchCities() {
  return useQuery({
    queryKey: ['branches', 'cities'],
    queryFn: ({ signal }) => apiGet<string[]>(api.branchesUniqueCities.path, undefined, signal),
  });
}

export class UserNotFoundError extends Error {}

/** GET users/search/{username} answers every user whose name contains the text: pick the exact one. */
export function pickExactUser(users: User[], username: string): User | undefined {
  return users.find((u) => u.username === username) ?? users.find((u) => u.username.toLowerCase() === username.toLowerCase());
}

export function useUser(username: string) {
  return useQuery({
    queryKey: [USERS_KEY, 'one', username],
    queryFn: async ({ signal }) => {
      const reply = await apiGet<{ users: User[] }>(apiPath(api.usersSearch.path, { username }), undefined, signal);
      const user = pickExactUser(reply.users ?? [], username);
      if (!user) throw new UserNotFoundError('User not found');
      return user;
    },
    retry: false,
  });
}

/** Edit-screen load error texts (spec 01 §8). */
export function userLoadErrorText(error: unknown): string {
  if (error instanceof UserNotFoundError || (isApiError(error) && error.status === 404)) return 'User not found';
  return 'Error fetching user data';
}

/** A failed user delete's own texts (spec 01 §8, as a toast; the row stays). */
export const USER_DELETE_FAILURE: DeleteFailureTexts = {
  notFound: Messages.userNotFound,
  failed: 'Failed to delete user. Please try again.',
  status: (code) => `HTTP error! Status: ${code}`,
};
