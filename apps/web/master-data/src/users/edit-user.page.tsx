import { useParams } from 'react-router-dom';
import { Loader, Stack, Title } from '@mantine/core';
import { Messages, api, assignableRoles, canEditUser, type User } from '@freight/contracts';
import { ErrorNotice, NoPermissionPage, apiPut, isApiError, useAfterSave, useSession } from '@freight/web-kit';
import { UserForm, type UserFormValues } from './user-form.js';
import { USERS_KEY, useUser, userLoadErrorText } from './users.api.js';

function toFormValues(user: User): UserFormValues {
  return {
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    password: '',
    branchCity: user.branchCity.BranchCity,
    contact: user.contact,
    role: user.role,
    department: user.department,
  };
}

/** Update failures (spec 01 §8): the server answered → 'Failed to update user', else 'Error updating user'. */
export function userUpdateErrorText(error: unknown): string {
  if (isApiError(error) && error.answered) return `Failed to update user: ${error.message}`;
  return `Error updating user${error instanceof Error ? `: ${error.message}` : ''}`;
}

/** edituser/{username} (Admin) and edituserhead/{username} (Head). */
export function EditUserPage() {
  const { username = '' } = useParams();
  const session = useSession();
  const afterSave = useAfterSave(USERS_KEY, '../manageuser');
  const user = useUser(username);

  if (!session) return null;
  if (user.isPending) return <Loader aria-label="Loading..." />;
  if (user.isError) return <ErrorNotice>{userLoadErrorText(user.error)}</ErrorNotice>;
  if (!canEditUser(session, user.data)) return <NoPermissionPage />;

  const current = user.data.username;
  return (
    <Stack>
      <Title order={2}>Edit User</Title>
      <UserForm
        mode="edit"
        defaultValues={toFormValues(user.data)}
        roles={assignableRoles(session, user.data)}
        cancelTo="../manageuser"
        errorText={userUpdateErrorText}
        onSubmit={async ({ password, ...values }) => {
          // A blank password keeps the current one.
          const body = password ? { ...values, password } : values;
          await apiPut(api.usersUpdate.path, body, { term: current, updateterm: values.username });
          await afterSave(Messages.userUpdated);
        }}
      />
    </Stack>
  );
}
