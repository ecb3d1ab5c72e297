import { Stack, Title } from '@mantine/core';
import { Messages, api, manageableRoles, type UserCreate } from '@freight/contracts';
import { apiPost, serverMessage, useAfterSave, useRole } from '@freight/web-kit';
import { UserForm, emptyUser } from './user-form.js';
import { USERS_KEY } from './users.api.js';

/** adduser (Admin) and adduserhead (Head): the same form, the role options follow the signed-in role. */
export function AddUserPage() {
  const role = useRole();
  const afterSave = useAfterSave(USERS_KEY, '../manageuser');
  if (!role) return null;

  return (
    <Stack>
      <Title order={2}>Add User</Title>
      <UserForm
        mode="add"
        defaultValues={emptyUser}
        roles={manageableRoles(role)}
        cancelTo="../manageuser"
        errorText={(error) => serverMessage(error, 'Failed to add user. Please try again.')}
        onSubmit={async (values) => {
          await apiPost(api.usersAdd.path, values as UserCreate);
          await afterSave(Messages.userAdded);
        }}
      />
    </Stack>
  );
}
