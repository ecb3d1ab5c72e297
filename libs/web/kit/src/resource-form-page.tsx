import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.js';
import { ErrorNotice, LoadingNotice, NoPermissionPage } from './pages.js';
import { ResourceForm, type FormField, type FormMode } from './resource-form.js';
import { recordLoadErrorText, screenTexts, type ScreenTexts } from './resource-texts.js';
import { fieldText, renamesOf, type FieldName, type FormResource, type FormValues, type RecordOf, type UpdateValues } from './resource-types.js';
import { useAfterSave } from './use-after-save.js';

/** An entity's add and edit screens as data; what is special about an entity goes in the optional parts. */
export interface ResourceFormConfig<R extends FormResource> {
  resource: R;
  /** The inputs; a function when they depend on the record edited (e.g. the roles one may give). */
  fields: readonly FormField<FieldName<R>>[] | ((record: RecordOf<R> | undefined) => readonly FormField<FieldName<R>>[]);
  /** The list, relative to the form's route; default `../manage<name>` (requirements 01 §2 routes). */
  listPath?: string;
  /** The form's values for a loaded record; default: the record's value of each field. */
  toValues?: (record: RecordOf<R>) => FormValues<R>;
  /** May the signed-in user edit this record at all? If not, the no-permission page with a way back to the list. */
  mayEdit?: (record: RecordOf<R>) => boolean;
  /**
   * Send an edit's values (as the `update` schema gave them). Default: the `update` route with
   * the natural key in the path and the fields that are not read-only on edit as the body.
   * An add sends the values as the body of the `add` route.
   */
  update?: (values: UpdateValues<R>, record: RecordOf<R>) => Promise<unknown>;
  /** Shown above the inputs, e.g. a dropdown that failed to load. */
  notice?: ReactNode;
  texts?: Partial<ScreenTexts>;
}

/** The record an edit screen shows, loaded by its natural key (the resource's `get` route). */
export function useRecord<R extends FormResource>(resource: R, key: string) {
  return useQuery({
    queryKey: [resource.key, 'one', key],
    queryFn: ({ signal }) => callRoute(resource.operations.get, { params: { [resource.naturalKey]: key } }, { signal }) as Promise<RecordOf<R>>,
    retry: false,
  });
}

interface FormScreenProps<R extends FormResource> {
  config: ResourceFormConfig<R>;
  mode: FormMode;
  record?: RecordOf<R>;
  texts: ScreenTexts;
  listPath: string;
}

function FormScreen<R extends FormResource>({ config, mode, record, texts, listPath }: FormScreenProps<R>) {
  const { resource } = config;
  const afterSave = useAfterSave(resource.key, listPath);
  const fields = typeof config.fields === 'function' ? config.fields(record) : config.fields;
  const valuesOf = config.toValues ?? ((r: RecordOf<R>) => Object.fromEntries(fields.map(({ name }) => [name, fieldText(r, name)])) as FormValues<R>);
  const addValue = (field: FormField) => field.defaultValue ?? (field.type === 'checkbox' ? false : '');
  const defaultValues = record ? valuesOf(record) : (Object.fromEntries(fields.map((field) => [field.name, addValue(field)])) as FormValues<R>);

  const update =
    config.update ??
    ((values: UpdateValues<R>, current: RecordOf<R>) => {
      const fixed = new Set<string>(fields.filter((field) => field.readOnlyOnEdit).map((field) => field.name));
      const renames = renamesOf(resource);
      const body = Object.fromEntries(Object.entries(values as object).flatMap(([name, value]) => (fixed.has(name) ? [] : [[renames[name] ?? name, value]])));
      return callRoute(resource.operations.update, { params: { [resource.naturalKey]: fieldText(current, resource.naturalKey) }, body });
    });
  // The form validated the values with the call's schema: they are its output.
  const save = (values: FormValues<R>) => (record ? update(values as UpdateValues<R>, record) : callRoute(resource.operations.add, { body: values }));

  return (
    <Stack>
      <Title order={2}>{mode === 'add' ? texts.addTitle : texts.editTitle}</Title>
      <ResourceForm
        resource={resource}
        mode={mode}
        fields={fields}
        defaultValues={defaultValues}
        cancelTo={listPath}
        errorText={mode === 'add' ? texts.addError : texts.updateError}
        notice={config.notice}
        texts={config.texts}
        onSubmit={async (values) => {
          await save(values);
          await afterSave(mode === 'add' ? resource.texts.added : resource.texts.updated);
        }}
      />
    </Stack>
  );
}

function EditScreen<R extends FormResource>(props: Omit<FormScreenProps<R>, 'mode' | 'record'>) {
  const { config, texts, listPath } = props;
  const key = useParams()[config.resource.naturalKey] ?? '';
  const record = useRecord(config.resource, key);

  if (record.isPending) return <LoadingNotice />;
  if (record.isError) return <ErrorNotice>{recordLoadErrorText(record.error, texts)}</ErrorNotice>;
  if (config.mayEdit && !config.mayEdit(record.data)) return <NoPermissionPage backTo={listPath} backLabel={`Back to ${texts.listTitle}`} />;
  return <FormScreen {...props} mode="edit" record={record.data} />;
}

/**
 * The add screen (`mode="add"`) or the edit screen (`mode="edit"`, the natural key in the
 * route's parameter of the same name, e.g. `editbranch/:BranchCity`) of an entity. Edit loads
 * the record through the resource's get-by-key route; once saved, the list's cache is
 * reloaded, the definition's text toasted and the list shown.
 */
export function ResourceFormPage<R extends FormResource>({ mode, config }: { mode: FormMode; config: ResourceFormConfig<R> }) {
  const texts = screenTexts(config.resource, config.texts);
  const listPath = config.listPath ?? `../manage${config.resource.name}`;
  if (mode === 'add') return <FormScreen config={config} mode="add" texts={texts} listPath={listPath} />;
  return <EditScreen config={config} texts={texts} listPath={listPath} />;
}
