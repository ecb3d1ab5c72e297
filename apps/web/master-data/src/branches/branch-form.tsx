import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { branchCreateSchema, branchUpdateSchema, type BranchCreate } from '@freight/contracts';
import { ErrorNotice, FormActions, READ_ONLY_INPUT, useServerForm } from '@freight/web-kit';

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
  const { form, submit, formError } = useServerForm<BranchCreate>({
    schema: mode === 'add' ? branchCreateSchema : branchUpdateSchema,
    defaultValues,
    fields: BRANCH_FIELDS,
    onSubmit,
    errorText,
  });
  const { errors, isSubmitting } = form.formState;
  // Spec 01 §5: on edit, the city (the branch's key) and the code are read-only.
  const fixed = mode === 'edit' ? READ_ONLY_INPUT : { required: true };

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add branch' : 'Edit branch'}>
      <Stack maw={720}>
        {formError && <ErrorNotice>{formError}</ErrorNotice>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Branch Name" {...fixed} {...form.register('BranchCity')} error={errors.BranchCity?.message} />
          <TextInput label="Location" required {...form.register('Location')} error={errors.Location?.message} />
          <TextInput label="Contact" type="tel" required {...form.register('Contact')} error={errors.Contact?.message} />
          <TextInput label="Branch Code" {...fixed} {...form.register('Code')} error={errors.Code?.message} />
        </SimpleGrid>
        <FormActions submitLabel={mode === 'add' ? 'Add Branch' : 'Save Changes'} submitting={isSubmitting} cancelTo={cancelTo} />
      </Stack>
    </form>
  );
}
