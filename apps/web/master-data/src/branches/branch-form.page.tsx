import { branches } from '@freight/contracts';
import { ResourceFormPage, refusalOr, type FieldName, type FormField, type ResourceFormConfig } from '@freight/web-kit';

/** On edit the city (the key) and the code are read-only (requirements 01 §5). */
export const branchFields: FormField<FieldName<typeof branches>>[] = [
  { name: 'BranchCity', label: 'Branch Name', readOnlyOnEdit: true },
  { name: 'Location', label: 'Location' },
  { name: 'Contact', label: 'Contact', type: 'tel' },
  { name: 'Code', label: 'Branch Code', readOnlyOnEdit: true },
];

/** Add failures (requirements 01 §8): a refused input shows the server's message, anything else 'Error creating branch'. */
export const branchAddErrorText = refusalOr('Error creating branch');

export const branchForm: ResourceFormConfig<typeof branches> = { resource: branches, fields: branchFields, texts: { addError: branchAddErrorText } };

/** addbranch (Head). */
export function AddBranchPage() {
  return <ResourceFormPage mode="add" config={branchForm} />;
}

/** editbranch/{BranchCity} (Head). */
export function EditBranchPage() {
  return <ResourceFormPage mode="edit" config={branchForm} />;
}
