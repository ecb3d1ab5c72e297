import { Link } from 'react-router-dom';
import { Button, Group, Stack, Title } from '@mantine/core';
import { api, apiPath, type Branch } from '@freight/contracts';
import { DataTable, RowActions, confirmAndDelete, useServerList, type Column } from '@freight/web-kit';
import { BRANCHES_KEY, BRANCH_DELETE_FAILURE } from './branches.api.js';

/** managebranch (Head only): list, search by city, add, edit, delete. */
export function ManageBranchesPage() {
  const list = useServerList<Branch>(BRANCHES_KEY, api.branchesAll.path);

  const remove = (branch: Branch) =>
    confirmAndDelete({
      question: `Are you sure you want to delete the branch in ${branch.BranchCity}?`,
      path: apiPath(api.branchesDelete.path, { BranchCity: branch.BranchCity }),
      failureTexts: BRANCH_DELETE_FAILURE,
      onDeleted: list.refresh,
    });

  const columns: Column<Branch>[] = [
    { header: 'Branch Name', sortField: 'BranchCity', render: (b) => b.BranchCity },
    { header: 'Location', sortField: 'Location', render: (b) => b.Location },
    { header: 'Contact', sortField: 'Contact', render: (b) => b.Contact },
    { header: 'Branch Code', sortField: 'Code', render: (b) => b.Code },
    {
      header: 'Actions',
      render: (b) => (
        <RowActions what={`branch ${b.BranchCity}`} editTo={`../editbranch/${encodeURIComponent(b.BranchCity)}`} onDelete={() => void remove(b)} />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Manage Branches</Title>
        <Button component={Link} to="../addbranch">
          Add Branch
        </Button>
      </Group>
      <DataTable
        list={list}
        columns={columns}
        rowKey={(b) => b._id}
        searchLabel="Search by city"
        caption="Branches"
        emptyText="No branches found."
        loadErrorText="Error fetching branches"
      />
    </Stack>
  );
}
