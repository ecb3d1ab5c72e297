import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Stack, Title } from '@mantine/core';
import { Messages, api } from '@freight/contracts';
import { apiPost, toastSuccess } from '@freight/web-kit';
import { BranchForm, emptyBranch } from './branch-form.js';
import { BRANCHES_KEY, branchAddErrorText } from './branches.api.js';

/** addbranch (Head). */
export function AddBranchPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
          await queryClient.invalidateQueries({ queryKey: [BRANCHES_KEY] });
          toastSuccess(Messages.branchAdded);
          navigate('../managebranch');
        }}
      />
    </Stack>
  );
}
