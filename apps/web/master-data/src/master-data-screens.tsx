import { useContext } from 'react';
import type { z } from 'zod/mini';
import {
  ResourceFormPage,
  ResourceListPage,
  ResourceViewPage,
  refusalOr,
  renamesOf,
  type FormField,
  type FormResource,
  type ListResource,
} from '@freight/web-kit';
import { ResourcePathsContext, type ResourceScreens } from './resource-routes.js';

/** A field of the screens: its name in the add body, its label, and its input type where not text. */
export type ScreenField = readonly [name: string, label: string, type?: 'email' | 'tel'];

export interface MasterDataScreensConfig {
  /** Every field, in the order of the form, the list's columns and the view. */
  fields: readonly ScreenField[];
  /** The search box's label: 'Search by forwarder name'. */
  searchLabel: string;
}

type MasterDataResource = ListResource & FormResource & { masterData: { view: boolean } };

const encoded = (record: unknown, field: string) => encodeURIComponent(String((record as Record<string, unknown>)[field] ?? ''));

/**
 * The screens of a master-data entity made with `npm run new:resource`, from its definition and
 * its fields as data, on the kit's pages: the list (server-side search, sort and paging; view,
 * edit, and delete with a confirmation, each for the roles that may), add, edit and, where the
 * definition has one, view. Links between them follow the routes resourceRoutes gives
 * (ResourcePathsContext). The key is editable on edit when the update renames it (requirements 01 §7
 * `newForwarderName`), read-only otherwise. Texts of requirements 01 §8: a refused add shows the server's
 * message, anything else 'Error adding <thing>'; the rest are the kit's ('Error fetching forwarders', …).
 */
export function masterDataScreens<R extends MasterDataResource>(resource: R, { fields, searchLabel }: MasterDataScreensConfig): ResourceScreens {
  const { naturalKey, texts } = resource;
  const required = (name: string) =>
    !((resource.operations.add.body as z.ZodMiniObject).shape[name] as z.ZodMiniType | undefined)?.safeParse(undefined).success;
  const formFields = fields.map(([name, label, type]) => ({
    name,
    label,
    type,
    required: required(name),
    readOnlyOnEdit: name === naturalKey && renamesOf(resource)[name] === undefined,
  })) as FormField<never>[];
  const screenTexts = { addError: refusalOr(`Error adding ${texts.singular}`) };
  const form = (listPath: string) => ({ resource, fields: formFields, listPath: `../${listPath}`, texts: screenTexts });

  function List() {
    const paths = useContext(ResourcePathsContext);
    const config = {
      resource,
      columns: fields.map(([name, header]) => ({ header, field: name as never })),
      searchLabel,
      deleteQuestion: (row: unknown) => `Are you sure you want to delete the ${texts.singular} ${(row as Record<string, string>)[naturalKey]}?`,
      addPath: () => `../${paths.add}`,
      editPath: (row: unknown) => `../${paths.edit}/${encoded(row, naturalKey)}`,
      viewPath: paths.view ? (row: unknown) => `../${paths.view}/${encoded(row, naturalKey)}` : undefined,
    };
    return <ResourceListPage config={config} />;
  }
  const Add = () => <ResourceFormPage mode="add" config={form(useContext(ResourcePathsContext).list)} />;
  const Edit = () => <ResourceFormPage mode="edit" config={form(useContext(ResourcePathsContext).list)} />;
  function View() {
    const paths = useContext(ResourcePathsContext);
    const config = {
      resource,
      fields: fields.map(([name, label]) => ({ name, label })),
      listPath: `../${paths.list}`,
      editPath: (record: unknown) => `../${paths.edit}/${encoded(record, naturalKey)}`,
    };
    return <ResourceViewPage config={config} />;
  }
  return { list: List, add: Add, edit: Edit, ...(resource.masterData.view ? { view: View } : {}) };
}
