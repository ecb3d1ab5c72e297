import { Stack, Title } from '@mantine/core';
import { Messages, api } from '@freight/contracts';
import { apiPost, useAfterSave } from '@freight/web-kit';
import { BranchForm, emptyBranch } from './branch-form.js';
import { BRANCHES_KEY, branchAddErrorText } from './branches.api.js';

/** addbranch (Head). */
export function AddBranchPage() {
  const afterSave = useAfterSave(BRANCHES_KEY, '../managebranch');
  return (
    <Stack>
      <Title order={2}>Add Branch</Title>
      <BranchForm
        mode="add"
        defaultValues={emptyBranch}
        cancelTo="../managebranch"
        errorText={branchAddErrorText}
        onSubmit={async (values) => {
          await apiPost(api.branchesAdd.path, values);
          await afterSave(Messages.branchAdded);
        }}
      />
    </Stack>
  );
}
