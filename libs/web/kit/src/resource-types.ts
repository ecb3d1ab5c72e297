import type { z } from 'zod/mini';
import type { ListColumnDef, OperationDef, ResourceDef } from '@freight/contracts';
import type { ListRoute, RowOf } from './use-server-list.js';

/**
 * The kit's pages work on a resource definition (contracts `defineResource`) whose operations
 * carry the usual names of master data: `all` (a paged list), `get` (one record by its natural
 * key), `add`, `update` (by the natural key) and `delete`, and `export` (the list as CSV, which
 * `defineResource` adds to every paged list), with the list's columns. A list without `add`,
 * `update` or `delete` offers none of them.
 */
export type ListResource = ResourceDef & {
  columns: readonly ListColumnDef[];
  operations: { all: OperationDef & ListRoute; delete?: OperationDef; export: OperationDef };
};
export type FormResource = ResourceDef & {
  operations: { get: OperationDef; add: OperationDef & { body: z.ZodMiniType }; update: OperationDef & { body: z.ZodMiniType } };
};

/** The update body's names of the fields it renames (defineMasterData's `renames`), none for other resources. */
export const renamesOf = (resource: object): Readonly<Record<string, string>> =>
  (resource as { masterData?: { renames: Record<string, string> } }).masterData?.renames ?? {};

/** A row of the resource's list. */
export type ListRowOf<R extends ListResource> = RowOf<R['operations']['all']>;
/** The record the edit screen loads (the `get` reply). */
export type RecordOf<R extends FormResource> = z.output<R['operations']['get']['reply']>;
/** The fields of the resource's add body: the form's inputs carry these names, end to end. */
export type FieldName<R extends FormResource> = keyof z.input<R['operations']['add']['body']> & string;
/** An edit's values once the `update` schema validated them. */
export type UpdateValues<R extends FormResource> = z.output<R['operations']['update']['body']>;
/** What a form's inputs hold: text, validated by the contracts' schemas on submit. */
export type FormValues<R extends FormResource> = Record<FieldName<R>, string>;

/** A field of a record by name, as text (the natural key in a URL, a cell of a table). */
export const fieldText = (record: unknown, field: string): string => {
  const value = (record as Record<string, unknown>)[field];
  return value === undefined || value === null ? '' : String(value);
};
