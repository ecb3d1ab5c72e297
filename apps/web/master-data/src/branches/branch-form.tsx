import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { branchCreateSchema, branchUpdateSchema, type BranchCreate } from '@freight/contracts';
import { applyServerFieldErrors } from '@freight/web-kit';

export const BRANCH_FIELDS = ['BranchCity', 'Location', 'Contact', 'Code'] as const;
export const emptyBranch: BranchCreate = { BranchCity: '', Location: '', Contact: '', Code: '' };

interface BranchFormProps {
  mode: 'add' | 'edit';
  defaultValues: BranchCreate;
  onSubmit: (values: BranchCreate) => Promise<void>;
  errorText: (error: unknown) => string;
  cancelTo: string;
}

/** Add and edit a branch; on edit the city and code are read-only (spec 01 §5). */
export function BranchForm({ mode, defaultValues, onSubmit, errorText, cancelTo }: BranchFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BranchCreate>({
    resolver: zodResolver(mode === 'add' ? branchCreateSchema : branchUpdateSchema) as unknown as Resolver<BranchCreate>,
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const readOnly = mode === 'edit';

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, BRANCH_FIELDS);
      setFormError(errorText(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add branch' : 'Edit branch'}>
      <Stack maw={720}>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Branch Name" required readOnly={readOnly} {...form.register('BranchCity')} error={errors.BranchCity?.message} />
          <TextInput label="Location" required {...form.register('Location')} error={errors.Location?.message} />
          <TextInput label="Contact" type="tel" required {...form.register('Contact')} error={errors.Contact?.message} />
          <TextInput label="Branch Code" required readOnly={readOnly} {...form.register('Code')} error={errors.Code?.message} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {mode === 'add' ? 'Add Branch' : 'Save Changes'}
          </Button>
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
