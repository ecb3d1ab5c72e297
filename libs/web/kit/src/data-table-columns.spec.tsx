import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DataTable, type Column } from './data-table.js';
import type { ServerList } from './use-server-list.js';

/** A loaded list of two rows, as useServerList gives it. */
const list: ServerList<{ id: string }> = {
  params: { q: '', order: 'asc', page: 3, pageSize: 50, filters: {} },
  items: [{ id: 'a' }, { id: 'b' }],
  total: 102,
  pageCount: 3,
  loading: false,
  error: null,
  setSearch: () => {},
  toggleSort: () => {},
  setPage: () => {},
  setFilter: () => {},
  refresh: async () => {},
};

const columns: Column<{ id: string }>[] = [
  { header: 'Key', sticky: 'start', render: (row) => row.id },
  { header: 'Middle', render: (row, position) => `${position}. ${row.id}` },
  { header: 'Actions', sticky: 'end', render: (row) => `act ${row.id}` },
];

describe('DataTable columns', () => {
  it('keeps the sticky columns at their edge, on an opaque background, while the others scroll by', () => {
    render(
      <MantineProvider>
        <DataTable list={list} columns={columns} rowKey={(row) => row.id} caption="Rows" searchLabel="Search rows" loadErrorText="Error" highlightRows />
      </MantineProvider>,
    );
    const [header, first, second] = within(screen.getByRole('table', { name: 'Rows' })).getAllByRole('row');
    const [key, middle, actions] = within(first!).getAllByRole('cell');
    expect([key!.style.position, key!.style.left, actions!.style.position, actions!.style.right]).toEqual(['sticky', '0px', 'sticky', '0px']);
    expect(middle!.style.position).toBe('');
    // Striped first row, plain second, as Mantine stripes them; headers stick too.
    expect(key!.style.background).toBe('var(--table-striped-color)');
    expect(within(second!).getAllByRole('cell')[0]!.style.background).toBe('var(--mantine-color-body)');
    expect(within(header!).getAllByRole('columnheader')[2]!.style.position).toBe('sticky');
  });

  it("gives a cell the row's position in the whole list (page 3 of 50 a page starts at 101)", () => {
    render(
      <MantineProvider>
        <DataTable list={list} columns={columns} rowKey={(row) => row.id} caption="Rows" searchLabel="Search rows" loadErrorText="Error" />
      </MantineProvider>,
    );
    expect(screen.getByText('101. a')).toBeTruthy();
    expect(screen.getByText('102. b')).toBeTruthy();
  });
});
