import { useParams } from 'react-router-dom';
import { Loader, Stack, Title } from '@mantine/core';
import { Messages, api, apiPath } from '@freight/contracts';
import { ErrorNotice, apiPut, updateErrorText, useAfterSave } from '@freight/web-kit';
import { BranchForm } from './branch-form.js';
import { BRANCHES_KEY, branchLoadErrorText, useBranch } from './branches.api.js';

/** Update failures (spec 01 §8): 'Failed to update branch' (with the server's reason) or 'Error updating branch'. */
export const branchUpdateErrorText = (error: unknown) => updateErrorText(error, 'branch');

/** editbranch/{BranchCity} (Head): city and code read-only. */
export function EditBranchPage() {
  const { BranchCity = '' } = useParams();
  const afterSave = useAfterSave(BRANCHES_KEY, '../managebranch');
  const branch = useBranch(BranchCity);

  if (branch.isPending) return <Loader aria-label="Loading..." />;
  if (branch.isError) return <ErrorNotice>{branchLoadErrorText(branch.error)}</ErrorNotice>;

  const { BranchCity: city, Location, Contact, Code } = branch.data;
  return (
    <Stack>
      <Title order={2}>Edit Branch</Title>
      <BranchForm
        mode="edit"
        defaultValues={{ BranchCity: city, Location, Contact, Code }}
        cancelTo="../managebranch"
        errorText={branchUpdateErrorText}
        onSubmit={async (values) => {
          await apiPut(apiPath(api.branchesUpdate.path, { BranchCity: city }), { Location: values.Location, Contact: values.Contact });
          await afterSave(Messages.branchUpdated);
        }}
      />
    </Stack>
  );
}
