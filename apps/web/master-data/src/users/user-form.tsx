import { Controller } from 'react-hook-form';
import { Alert, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DEPARTMENTS, PASSWORD_MIN_LENGTH, loadPasswordEstimator, userCreateSchema, userUpdateSchema, type StaffRole } from '@freight/contracts';
import { ErrorNotice, FormActions, useServerForm } from '@freight/web-kit';
import { useBranchCities } from './users.api.js';

/** What the inputs hold: plain strings, validated by the contracts' schemas. */
export interface UserFormValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
  branchCity: string;
  contact: string;
  role: string;
  department: string;
}

export const USER_FIELDS = ['fullName', 'username', 'email', 'password', 'branchCity', 'contact', 'role', 'department'] as const;

export const emptyUser: UserFormValues = {
  fullName: '',
  username: '',
  email: '',
  password: '',
  branchCity: '',
  contact: '',
  role: '',
  department: '',
};

interface UserFormProps {
  mode: 'add' | 'edit';
  defaultValues: UserFormValues;
  /** Roles the signed-in user may give (contracts manageableRoles). */
  roles: readonly StaffRole[];
  /** Send the validated values; throw (ApiError) on failure. */
  onSubmit: (values: UserFormValues) => Promise<void>;
  /** The text shown above the form for a failure. */
  errorText: (error: unknown) => string;
  cancelTo: string;
}

/** A failed fetch is retried when the form validates; the server checks the same rule anyway. */
const prefetchPasswordEstimator = () => void loadPasswordEstimator().catch(() => undefined);

const withPlaceholder = (placeholder: string, values: readonly string[]) => [{ value: '', label: placeholder, disabled: true }, ...values.map((v) => ({ value: v, label: v }))];

/**
 * Add and edit a user, validated with the same schemas as the gateway (userCreateSchema /
 * userUpdateSchema), password rule included: the resolver's async parse loads its estimator.
 */
export function UserForm({ mode, defaultValues, roles, onSubmit, errorText, cancelTo }: UserFormProps) {
  const cities = useBranchCities();
  const { form, submit, formError } = useServerForm<UserFormValues>({
    schema: mode === 'add' ? userCreateSchema : userUpdateSchema,
    defaultValues,
    fields: USER_FIELDS,
    onSubmit,
    errorText,
  });
  const { errors, isSubmitting } = form.formState;

  // Keep the current branch selectable even if the city list has not loaded.
  const cityOptions = Array.from(new Set([...(cities.data ?? []), defaultValues.branchCity].filter(Boolean)));

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add user' : 'Edit user'}>
      <Stack maw={720}>
        {formError && <ErrorNotice>{formError}</ErrorNotice>}
        {cities.isError && (
          <Alert color="orange" variant="light">
            Failed to load dropdown data.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full Name" required {...form.register('fullName')} error={errors.fullName?.message} />
          <TextInput label="Username" required autoComplete="off" {...form.register('username')} error={errors.username?.message} />
          <TextInput label="Email" type="email" required {...form.register('email')} error={errors.email?.message} />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words make a strong one.`}
            required={mode === 'add'}
            placeholder={mode === 'edit' ? 'Enter New Password' : undefined}
            autoComplete="new-password"
            // Keep the word 'password' out of the toggle's name: getByLabel('Password') finds the input only.
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
            // The common-password list is fetched while the password is typed, not with the page.
            onFocus={prefetchPasswordEstimator}
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Controller
            control={form.control}
            name="branchCity"
            render={({ field }) => (
              <NativeSelect label="Branch" required data={withPlaceholder('Select a branch', cityOptions)} {...field} error={errors.branchCity?.message} />
            )}
          />
          <TextInput label="Contact" type="tel" required {...form.register('contact')} error={errors.contact?.message} />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <NativeSelect label="Role" required data={withPlaceholder('Select a role', roles)} {...field} error={errors.role?.message} />
            )}
          />
          <Controller
            control={form.control}
            name="department"
            render={({ field }) => (
              <NativeSelect
                label="Department"
                required
                data={withPlaceholder('Select a department', DEPARTMENTS)}
                {...field}
                error={errors.department?.message}
              />
            )}
          />
        </SimpleGrid>
        <FormActions submitLabel={mode === 'add' ? 'Add User' : 'Save Changes'} submitting={isSubmitting} cancelTo={cancelTo} />
      </Stack>
    </form>
  );
}
