import { callRoute, type FormResource, type ListColumn } from '@freight/web-kit';
import type { OperationDef, ResourceDef } from '@freight/contracts';

/*
 * What the client news and announcement screens share: both are text notices, active or
 * inactive, named in URLs by their id, with the spec's own names for reading one (`search/{id}`,
 * `{id}`) and saving an edit (`update`, `edit`).
 */

/** The resource as the kit's form pages take it: its calls to read one record and to save an edit under the kit's names. */
// A definition (ResourceDef) is not yet the derived resource the kit types (FormResource); these two calls are all the form pages read of it.
export const formResource = <R extends ResourceDef>(resource: R, operations: { get: OperationDef; update: OperationDef }) =>
  ({ ...resource, operations: { ...resource.operations, ...operations } }) as unknown as FormResource;

/** The Status column: Active or Inactive (requirements 02 §4), sorted on the server. */
export const activeColumn = <Row extends { isActive: boolean }>(): ListColumn<Row> => ({
  header: 'Status',
  field: 'isActive' as keyof Row & string,
  render: (row) => (row.isActive ? 'Active' : 'Inactive'),
});

/** A long text shortened to name it in a button or a question. */
export const shortText = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** An edit saved with the resource's own call, the id taken from the loaded record (`{success, data}`). */
export const saveEdit =
  (operation: OperationDef) =>
  (values: unknown, record: { data: { _id: string } }): Promise<unknown> =>
    callRoute(operation, { params: { _id: record.data._id }, body: values });
