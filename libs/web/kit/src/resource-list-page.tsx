import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { can, columnText } from '@freight/contracts';
import type { Session } from '@freight/web-session';
import { callRoute, downloadFile } from './api-client.js';
import { confirmAndDelete } from './confirm-delete.js';
import { DataTable, type Column } from './data-table.js';
import { RowActions } from './row-actions.js';
import { screenTexts, type ScreenTexts } from './resource-texts.js';
import { toastError } from './toast.js';
import { serverMessage } from './form-errors.js';
import { fieldText, type ListResource, type ListRowOf } from './resource-types.js';
import { nonEmpty, useServerList } from './use-server-list.js';
import { useSession } from './use-session.js';

/** A column of the screen's table; by default the resource definition's columns (contracts ListColumnDef), which the CSV export has too. */
export type ListColumn<Row> =
  | {
      header: string;
      /** The row's field; the column sorts on the server when the resource lists it among its sort fields. */
      field: keyof Row & string;
      /** Default: the field's value as text. */
      render?: (row: Row) => ReactNode;
    }
  /** A column that is not a field of the row (something another service says about it): never sorted. */
  | { header: string; field?: undefined; render: (row: Row) => ReactNode };

/** The resource definition's columns, as the CSV export writes them: a list's default, which a screen may add to. */
export function definitionColumns<R extends ListResource>(resource: R): ListColumn<ListRowOf<R>>[] {
  return resource.columns.map((column) => ({
    header: column.label,
    field: column.field as keyof ListRowOf<R> & string,
    render: (row: ListRowOf<R>) => columnText(row, column),
  }));
}

const PageRows = createContext<readonly unknown[]>([]);

/** The rows of the page the list shows: for a column that asks something about the whole page in one call, not one call a row. */
export const usePageRows = (): readonly unknown[] => useContext(PageRows);

/** A choice that narrows the list on the server, e.g. Show: Open / Handled / All (`handled=false|true|`). */
export interface ListFilter {
  label: string;
  /** The list call's query parameter. */
  param: string;
  /** Value '' filters nothing. */
  options: readonly { value: string; label: string }[];
  /** The option the screen opens with. */
  initial: string;
}

/** An entity's list screen as data: its columns and the few texts and rules of its own. */
export interface ResourceListConfig<R extends ListResource> {
  resource: R;
  /** Default: the definition's columns, as the CSV export writes them. */
  columns?: readonly ListColumn<ListRowOf<R>>[];
  /** Label of the search box: 'Search by city'. */
  searchLabel: string;
  /** The delete dialog's question: 'Are you sure you want to delete user amara?'; default 'Are you sure you want to delete the <thing> <key>?' */
  deleteQuestion?: (row: ListRowOf<R>) => string;
  filter?: ListFilter;
  /** A first column numbering the rows across pages, under this header ('Sr No.'). */
  numberedAs?: string;
  /** The entity's own buttons in a row's Actions cell; `refresh` reloads the list after one acted. */
  rowActions?: (row: ListRowOf<R>, refresh: () => Promise<void>) => ReactNode;
  /** The add screen, relative to the list's route; default `../add<name>` (requirements 01 §2 routes). */
  addPath?: (session: Session) => string;
  /** A row's view screen, where the entity has one (`../viewconsignee/<id>`). */
  viewPath?: (row: ListRowOf<R>) => string;
  /** A row's edit screen; default `../edit<name>/<natural key>`. */
  editPath?: (row: ListRowOf<R>, session: Session) => string;
  /** How the row's buttons name it ("Edit consignee Lanka Traders"); default: its natural key. */
  rowName?: (row: ListRowOf<R>) => string;
  /** The Add button; default: the resource has `add` and the role may write in its area. */
  mayAdd?: (session: Session) => boolean;
  /** Default: the resource has `update` and the role may write in its area (contracts `can`). */
  mayEdit?: (session: Session, row: ListRowOf<R>) => boolean;
  /** Default: the resource has `delete` and the role may delete in its area. */
  mayDelete?: (session: Session, row: ListRowOf<R>) => boolean;
  /** Links under the title, to the screens around this one (the booking screens' header links). */
  links?: ReactNode;
  texts?: Partial<ScreenTexts>;
}

/**
 * The list screen of an entity: title, Export CSV (every row of the current search, filter and sort,
 * streamed by the server) and Add button (for roles that may write), a table searched, sorted,
 * filtered and paged on the server, and Edit and Delete (with a confirmation) on each row where
 * the resource has them and the permission rules allow.
 */
export function ResourceListPage<R extends ListResource>({ config }: { config: ResourceListConfig<R> }) {
  const { resource } = config;
  const session = useSession();
  const { filter } = config;
  const list = useServerList(resource.key, resource.operations.all, undefined, filter && { [filter.param]: filter.initial });
  const [exporting, setExporting] = useState(false);
  if (!session) return null;

  const texts = screenTexts(resource, config.texts);
  const { name, naturalKey, area, sortFields, operations } = resource;
  const keyOf = (row: ListRowOf<R>) => fieldText(row, naturalKey);
  const mayAdd = 'add' in operations && (config.mayAdd?.(session) ?? can(session.role, area, 'write'));
  const mayEdit = config.mayEdit ?? (() => 'update' in operations && can(session.role, area, 'write'));
  const mayDelete = config.mayDelete ?? (() => operations.delete !== undefined && can(session.role, area, 'delete'));
  const editPath = config.editPath ?? ((row) => `../edit${name}/${encodeURIComponent(keyOf(row))}`);
  const addPath = config.addPath?.(session) ?? `../add${name}`;

  const remove = (row: ListRowOf<R>) =>
    confirmAndDelete({
      question: config.deleteQuestion?.(row) ?? `Are you sure you want to delete the ${resource.texts.singular} ${keyOf(row)}?`,
      remove: () => callRoute(operations.delete!, { params: { [naturalKey]: keyOf(row) } }) as Promise<{ message: string }>,
      failureTexts: texts.deleteFailure,
      onDeleted: list.refresh,
    });

  const exportCsv = async () => {
    const { q, sort, order, filters } = list.params;
    setExporting(true);
    try {
      const query = { ...nonEmpty(filters), q: q || undefined, sort, order: sort ? order : undefined };
      await downloadFile(resource.operations.export, query, `${resource.key}.csv`);
    } catch (error) {
      toastError(serverMessage(error, texts.exportError));
    } finally {
      setExporting(false);
    }
  };

  const listColumns = config.columns ?? definitionColumns(resource);
  const columns: Column<ListRowOf<R>>[] = [
    ...(config.numberedAs ? [{ header: config.numberedAs, render: (_row: ListRowOf<R>, position: number) => position }] : []),
    ...listColumns.map(({ header, field, render }) => ({
      header,
      sortField: field !== undefined && sortFields.includes(field) ? field : undefined,
      render: render ?? ((row: ListRowOf<R>) => fieldText(row, field!)),
    })),
    {
      header: 'Actions',
      render: (row) => (
        <RowActions
          what={`${resource.texts.singular} ${config.rowName?.(row) ?? keyOf(row)}`}
          viewTo={config.viewPath?.(row)}
          editTo={mayEdit(session, row) ? editPath(row, session) : undefined}
          onDelete={mayDelete(session, row) ? () => void remove(row) : undefined}
        >
          {config.rowActions?.(row, list.refresh)}
        </RowActions>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{texts.listTitle}</Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
            Export CSV
          </Button>
          {mayAdd && (
            <Button component={Link} to={addPath}>
              {texts.addTitle}
            </Button>
          )}
        </Group>
      </Group>
      {config.links}
      {filter && (
        <NativeSelect
          label={filter.label}
          data={filter.options}
          value={list.params.filters[filter.param] ?? ''}
          onChange={(event) => list.setFilter(filter.param, event.currentTarget.value)}
          maw={360}
        />
      )}
      <PageRows.Provider value={list.items}>
        <DataTable
          list={list}
          columns={columns}
          rowKey={(row) => fieldText(row, '_id') || keyOf(row)}
          searchLabel={config.searchLabel}
          caption={texts.caption}
          emptyText={texts.emptyText}
          loadErrorText={texts.listLoadError}
        />
      </PageRows.Provider>
    </Stack>
  );
}
