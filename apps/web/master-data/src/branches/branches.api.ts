import { useQuery } from '@tanstack/react-query';
import { Messages, api, apiPath, type Branch } from '@freight/contracts';
import { apiGet, isApiError } from '@freight/web-kit';

export const BRANCHES_KEY = 'branches';

export class BranchNotFoundError extends Error {}

export function pickExactBranch(branches: Branch[], city: string): Branch | undefined {
  return branches.find((b) => b.BranchCity === city) ?? branches.find((b) => b.BranchCity.toLowerCase() === city.toLowerCase());
}

export function useBranch(city: string) {
  return useQuery({
    queryKey: [BRANCHES_KEY, 'one', city],
    queryFn: async ({ signal }) => {
      const reply = await apiGet<{ branches: Branch[] }>(apiPath(api.branchesSearch.path, { BranchCity: city }), undefined, signal);
      const branch = pickExactBranch(reply.branches ?? [], city);
      if (!branch) throw new BranchNotFoundError('Branch not found');
      return branch;
    },
    retry: false,
  });
}

export function branchLoadErrorText(error: unknown): string {
  if (error instanceof BranchNotFoundError || (isApiError(error) && error.status === 404)) return 'Branch not found';
  return 'Error fetching branch data';
}

/** What a failed branch delete shows (the 409 "still has users" message comes from the server). */
export function branchDeleteErrorText(error: unknown): string {
  if (!isApiError(error)) return 'Failed to delete branch. Please try again.';
  switch (error.status) {
    case 401:
      return Messages.unauthorized;
    case 403:
      return Messages.forbidden;
    case 404:
      return Messages.branchNotFound;
    case 0:
      return error.message;
    default:
      return error.code.startsWith('HTTP_') ? `HTTP error! Status: ${error.status}` : error.message;
  }
}

/** Add failures: a refused input (4xx) shows the server's message, anything else 'Error creating branch'. */
export function branchAddErrorText(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : 'Error creating branch';
}
