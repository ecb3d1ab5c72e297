import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Group, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ServerList } from './use-server-list.js';
import { ErrorNotice } from './pages.js';
import { serverMessage } from './form-errors.js';

export interface Column<T> {
  header: string;
  /** The server's sort field; a column without one is not sortable. */
  sortField?: string;
  /** Kept in view while a wide table scrolls sideways (a phone): at its left edge ('start') or its right ('end'). */
  sticky?: 'start' | 'end';
  /** The cell; `position` is the row's number in the whole list (1 for the first row of page 1), for a "Sr No." column. */
  render: (row: T, position: number) => ReactNode;
}

export interface DataTableProps<T> {
  list: ServerList<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** Label of the search box, e.g. 'Search by username'. */
  searchLabel: string;
  emptyText?: string;
  /** Shown when the list cannot be loaded and the server gave no message, e.g. 'Error fetching users' (requirements 01 §8). */
  loadErrorText: string;
  /** Accessible name of the table, e.g. 'Users'. */
  caption: string;
  /** A click on a row highlights it, a second click on it clears the highlight (requirements 02 §2 lists). */
  highlightRows?: boolean;
  /** Above the table, beside the search box (a list's filter, a sort button). */
  toolbar?: ReactNode;
}

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A sticky cell's place and an opaque background of its row's colour (else the cells that scroll
 * by would show through it), with a line on its inner side.
 */
function stickyStyle(sticky: 'start' | 'end' | undefined, background: string): CSSProperties | undefined {
  if (!sticky) return undefined;
  const edge =
    sticky === 'start'
      ? { left: 0, boxShadow: 'inset -1px 0 0 var(--table-border-color)' }
      : { right: 0, boxShadow: 'inset 1px 0 0 var(--table-border-color)' };
  return { position: 'sticky', zIndex: 1, background, ...edge };
}

const ROW_BACKGROUND = 'var(--mantine-color-body)';
const STRIPED_BACKGROUND = 'var(--table-striped-color)';
const HIGHLIGHT_BACKGROUND = 'var(--mantine-color-yellow-1)';

function sortMark(active: boolean, order: 'asc' | 'desc'): string {
  if (!active) return '↕';
  return order === 'asc' ? '▲' : '▼';
}

/** The one list component: server-side search (debounced), sortable headers and a pager. */
export function DataTable<T>({
  list,
  columns,
  rowKey,
  searchLabel,
  emptyText = 'No records found.',
  loadErrorText,
  caption,
  highlightRows,
  toolbar,
}: DataTableProps<T>) {
  const [search, setSearch] = useState(list.params.q);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { setSearch: applySearch, setPage, pageCount } = list;
  const page = list.params.page;

  useEffect(() => applySearch(debounced), [debounced, applySearch]);
  // After a delete the last page may be gone: step back to the last one there is.
  useEffect(() => {
    if (!list.loading && page > pageCount) setPage(pageCount);
  }, [list.loading, page, pageCount, setPage]);

  let body: ReactNode;
  if (list.loading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>Loading...</Table.Td>
      </Table.Tr>
    );
  } else if (list.items.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed">{emptyText}</Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = list.items.map((row, index) => {
      const key = rowKey(row);
      const lit = highlightRows && highlighted === key;
      // Mantine stripes the odd rows (1st, 3rd, ...).
      const background = lit ? HIGHLIGHT_BACKGROUND : index % 2 === 0 ? STRIPED_BACKGROUND : ROW_BACKGROUND;
      return (
        <Table.Tr
          key={key}
          onClick={highlightRows ? () => setHighlighted((current) => (current === key ? null : key)) : undefined}
          data-highlighted={lit || undefined}
          bg={lit ? 'yellow.1' : undefined}
        >
          {columns.map((column) => (
            <Table.Td key={column.header} style={stickyStyle(column.sticky, background)}>
              {column.render(row, (page - 1) * list.params.pageSize + index + 1)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <div>
      <Group align="flex-end" gap="sm" mb="sm">
        <TextInput label={searchLabel} type="search" value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={360} maw="100%" />
        {toolbar}
      </Group>
      {list.error && <ErrorNotice>{serverMessage(list.error, loadErrorText)}</ErrorNotice>}
      {/* A list that could not be loaded shows its error instead of an empty table (requirements 02 §2). */}
      {!(list.error && !list.loading && list.items.length === 0) && (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-label={caption} aria-busy={list.loading}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => {
                    const active = column.sortField !== undefined && list.params.sort === column.sortField;
                    return (
                      <Table.Th
                        key={column.header}
                        aria-sort={active ? (list.params.order === 'asc' ? 'ascending' : 'descending') : undefined}
                        style={stickyStyle(column.sticky, ROW_BACKGROUND)}
                      >
                        {column.sortField ? (
                          // A long header may wrap between its words, so a wide table still fits a laptop (no
                          // sticky column then covers another); the non-breaking space keeps the arrow with the last word.
                          <UnstyledButton onClick={() => list.toggleSort(column.sortField!)} fw={600}>
                            {column.header}
                            {'\u00a0'}
                            <span aria-hidden="true">{sortMark(active, list.params.order)}</span>
                          </UnstyledButton>
                        ) : (
                          column.header
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{body}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {/* While the first page loads there is no count to tell yet. */}
          {!list.loading && (
            <Group justify="space-between" mt="sm">
              <Text size="sm" c="dimmed">
                {list.total} {list.total === 1 ? 'record' : 'records'}
              </Text>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
                  Previous
                </Button>
                <Text size="sm" aria-live="polite">
                  Page {page} of {pageCount}
                </Text>
                <Button variant="default" size="xs" onClick={() => setPage(page + 1)} disabled={page >= pageCount} aria-label="Next page">
                  Next
                </Button>
              </Group>
            </Group>
          )}
        </>
      )}
    </div>
  );
}
