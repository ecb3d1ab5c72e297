import { useQuery } from '@tanstack/react-query';
import { Messages, api, apiPath, type Branch } from '@freight/contracts';
import { apiGet, isApiError, type DeleteFailureTexts } from '@freight/web-kit';

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

/** A failed branch delete's own texts (the 409 "still has users" message comes from the server). */
export const BRANCH_DELETE_FAILURE: DeleteFailureTexts = {
  notFound: Messages.branchNotFound,
  failed: 'Failed to delete branch. Please try again.',
};

/** Add failures: a refused input (4xx) shows the server's message, anything else 'Error creating branch'. */
export function branchAddErrorText(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.fromServer ? error.message : 'Error creating branch';
}
