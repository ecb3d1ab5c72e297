import { Link } from 'react-router-dom';
import { Button, Group, Stack, Title } from '@mantine/core';
import { api, apiPath, canDeleteUser, canEditUser, type User } from '@freight/contracts';
import { DataTable, RowActions, confirmAndDelete, useServerList, useSession, type Column } from '@freight/web-kit';
import { USERS_KEY, USER_DELETE_FAILURE } from './users.api.js';

/** manageuser: every staff member may read; add/edit/delete only where the permission matrix allows. */
export function ManageUsersPage() {
  const session = useSession();
  const list = useServerList<User>(USERS_KEY, api.usersAll.path);
  if (!session) return null;

  const head = session.role === 'Head';
  const mayAdd = session.role !== 'Employee';
  const editPath = (username: string) => `../${head ? 'edituserhead' : 'edituser'}/${encodeURIComponent(username)}`;

  const remove = (user: User) =>
    confirmAndDelete({
      question: `Are you sure you want to delete user ${user.username}?`,
      path: apiPath(api.usersDelete.path, { username: user.username }),
      failureTexts: USER_DELETE_FAILURE,
      onDeleted: list.refresh,
    });

  const columns: Column<User>[] = [
    { header: 'Username', sortField: 'username', render: (u) => u.username },
    { header: 'Fullname', sortField: 'fullName', render: (u) => u.fullName },
    { header: 'Email', sortField: 'email', render: (u) => u.email },
    { header: 'Branch', sortField: 'branchCity', render: (u) => u.branchCity.BranchCity },
    { header: 'Contact', render: (u) => u.contact },
    { header: 'Role', sortField: 'role', render: (u) => u.role },
    { header: 'Department', sortField: 'department', render: (u) => u.department },
    {
      header: 'Actions',
      render: (u) => (
        <RowActions
          what={`user ${u.username}`}
          editTo={canEditUser(session, u) ? editPath(u.username) : undefined}
          onDelete={canDeleteUser(session, u) ? () => void remove(u) : undefined}
        />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Manage Users</Title>
        {mayAdd && (
          <Button component={Link} to={head ? '../adduserhead' : '../adduser'}>
            Add User
          </Button>
        )}
      </Group>
      <DataTable list={list} columns={columns} rowKey={(u) => u._id} searchLabel="Search users" caption="Users" emptyText="No users found." />
    </Stack>
  );
}
