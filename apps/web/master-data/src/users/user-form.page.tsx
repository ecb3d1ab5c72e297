import { useQuery } from '@tanstack/react-query';
import {
  DEPARTMENTS,
  PASSWORD_MIN_LENGTH,
  assignableRoles,
  branches,
  canEditUser,
  manageableRoles,
  users,
  type StaffRole,
  type User,
} from '@freight/contracts';
import { ErrorNotice, ResourceFormPage, callApi, useRole, useSession, type FieldName, type FormField, type FormValues } from '@freight/web-kit';
import { USER_SCREEN_TEXTS } from './user-texts.js';

/**
 * The user form's inputs. Special to users: the roles offered depend on who is signed in and
 * whom they edit (contracts manageableRoles / assignableRoles), the branches come from the
 * server, and a password left blank on edit keeps the current one.
 */
export function userFields(roles: readonly StaffRole[], cities: readonly string[]): FormField<FieldName<typeof users>>[] {
  return [
    { name: 'fullName', label: 'Full Name' },
    { name: 'username', label: 'Username', autoComplete: 'off' },
    { name: 'email', label: 'Email', type: 'email' },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      required: 'add',
      description: `At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words make a strong one.`,
      editPlaceholder: 'Enter New Password',
    },
    { name: 'branchCity', label: 'Branch', type: 'select', options: cities, placeholder: 'Select a branch' },
    { name: 'contact', label: 'Contact', type: 'tel' },
    { name: 'role', label: 'Role', type: 'select', options: roles, placeholder: 'Select a role' },
    { name: 'department', label: 'Department', type: 'select', options: DEPARTMENTS, placeholder: 'Select a department' },
  ];
}

/** Branch cities for the Branch select, and the notice when they could not be loaded. */
function useBranchCities() {
  const cities = useQuery({
    queryKey: ['branches', 'cities'],
    queryFn: ({ signal }) => callApi(branches.routes.branchesUniqueCities, undefined, { signal }),
  });
  return { names: cities.data ?? [], notice: cities.isError ? <ErrorNotice>Failed to load dropdown data.</ErrorNotice> : undefined };
}

/** Keep the user's own branch selectable even if the city list has not loaded. */
const branchChoices = (names: readonly string[], current = '') => Array.from(new Set([...names, current].filter(Boolean)));

function toFormValues(user: User): FormValues<typeof users> {
  const { fullName, username, email, contact, role, department } = user;
  return { fullName, username, email, password: '', branchCity: user.branchCity.BranchCity, contact, role, department };
}

/** adduser (Admin) and adduserhead (Head): the same form, the role options follow the signed-in role. */
export function AddUserPage() {
  const role = useRole();
  const cities = useBranchCities();
  if (!role) return null;
  return <ResourceFormPage mode="add" config={{ resource: users, fields: userFields(manageableRoles(role), cities.names), notice: cities.notice }} />;
}

/** edituser/{username} (Admin) and edituserhead/{username} (Head). */
export function EditUserPage() {
  const session = useSession();
  const cities = useBranchCities();
  if (!session) return null;
  return (
    <ResourceFormPage
      mode="edit"
      config={{
        resource: users,
        texts: USER_SCREEN_TEXTS,
        fields: (user) => userFields(user ? assignableRoles(session, user) : [], branchChoices(cities.names, user?.branchCity.BranchCity)),
        toValues: toFormValues,
        mayEdit: (user) => canEditUser(session, user),
        notice: cities.notice,
        // PUT users/update?term=<current username>&updateterm=<new username>; a blank password keeps the current one.
        update: ({ password, ...values }, user) =>
          callApi(users.routes.usersUpdate, {
            query: { term: user.username, updateterm: values.username ?? user.username },
            body: password ? { ...values, password } : values,
          }),
      }}
    />
  );
}
