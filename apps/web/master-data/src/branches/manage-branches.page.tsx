import { branches } from '@freight/contracts';
import { ResourceListPage, type ResourceListConfig } from '@freight/web-kit';

/** managebranch (Head only): list, search by city, add, edit, delete. */
export const branchList: ResourceListConfig<typeof branches> = {
  resource: branches,
  searchLabel: 'Search by city',
  deleteQuestion: (branch) => `Are you sure you want to delete the branch in ${branch.BranchCity}?`,
};

export function ManageBranchesPage() {
  return <ResourceListPage config={branchList} />;
}
