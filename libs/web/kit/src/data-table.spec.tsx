import { jest } from '@jest/globals';
import { z } from 'zod/mini';
import { listQuerySchema } from '@freight/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { DataTable, SEARCH_DEBOUNCE_MS } from './data-table.js';
import { nextSort, useServerList } from './use-server-list.js';
import { createQueryClient } from './query-client.js';

/** A list route as the api table has them: the rows' type comes from its reply schema. */
const rowsRoute = {
  method: 'GET',
  path: '/api/users/all',
  query: listQuerySchema(['name']),
  reply: z.array(z.object({ _id: z.string(), name: z.string() })),
  paged: true,
} as const;

function Users() {
  const list = useServerList('rows', rowsRoute, 2);
  return (
    <DataTable
      list={list}
      caption="Rows"
      searchLabel="Search rows"
      loadErrorText="Error fetching rows"
      rowKey={(r) => r._id}
      columns={[
        { header: 'Name', sortField: 'name', render: (r) => r.name },
        { header: 'Id', render: (r) => r._id },
      ]}
    />
  );
}

const json = (body: unknown, total: number) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) } });

/** The list's address, shown for the assertions. */
function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

/** A row's view screen, with the browser's Back. */
function View() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>Back</button>;
}

function renderTable(at = '/list') {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route
              path="/list"
              element={
                <>
                  <Users />
                  <Address />
                  <Link to="/view">View</Link>
                </>
              }
            />
            <Route path="/view" element={<View />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('nextSort', () => {
  it('sorts ascending on the first click, descending on the second, and restarts on another column', () => {
    const first = nextSort({ order: 'asc' }, 'name');
    expect(first).toEqual({ sort: 'name', order: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort(second, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort(second, 'email')).toEqual({ sort: 'email', order: 'asc' });
  });
});

describe('DataTable', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

  beforeEach(() => {
    localStorage.clear();
    fetchMock = jest.fn<typeof fetch>().mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      const page = Number(url.searchParams.get('page'));
      return json(
        page === 1
          ? [
              { _id: '1', name: 'Ann' },
              { _id: '2', name: 'Bob' },
            ]
          : [{ _id: '3', name: 'Cy' }],
        3,
      );
    });
    globalThis.fetch = fetchMock;
  });

  it("shows 'Loading...', no count or page yet, and then the rows with 'Page X of Y'", async () => {
    renderTable();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText(/records?$/)).toBeNull();
    expect(screen.queryByText(/^Page \d+ of/)).toBeNull();
    await screen.findByText('Ann');
    expect(screen.getByText('3 records')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(urls()[0]).toBe('/api/users/all?page=1&pageSize=2');
  });

  it('pages on the server', async () => {
    renderTable();
    await screen.findByText('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Cy');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(urls().at(-1)).toBe('/api/users/all?page=2&pageSize=2');
  });

  it('sorts on the server: first click ascending, second descending', async () => {
    renderTable();
    await screen.findByText('Ann');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(urls().at(-1)).toBe('/api/users/all?sort=name&order=asc&page=1&pageSize=2'));
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(urls().at(-1)).toBe('/api/users/all?sort=name&order=desc&page=1&pageSize=2'));
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('searches on the server after the typing pauses, from page 1', async () => {
    jest.useFakeTimers();
    try {
      renderTable();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      fireEvent.change(screen.getByLabelText('Search rows'), { target: { value: 'an' } });
      fireEvent.change(screen.getByLabelText('Search rows'), { target: { value: 'ann' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10);
      });
      const searches = urls().filter((u) => u.includes('q='));
      expect(searches).toEqual(['/api/users/all?q=ann&page=1&pageSize=2']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps its search, sort and page in the address: a View and Back, or a link to it, show the same page of the same search', async () => {
    renderTable();
    await screen.findByText('Ann');
    fireEvent.change(screen.getByLabelText('Search rows'), { target: { value: 'o' } });
    // Generous waits: on a busy machine the debounce and the re-renders take their time.
    const slow = { timeout: 5000 };
    await waitFor(() => expect(urls().at(-1)).toBe('/api/users/all?q=o&page=1&pageSize=2'), slow);
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(urls().at(-1)).toBe('/api/users/all?q=o&sort=name&order=desc&page=1&pageSize=2'), slow);
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('Cy', undefined, slow);
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?q=o&sort=name&order=desc&page=2');

    fireEvent.click(screen.getByRole('link', { name: 'View' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByText('Cy', undefined, slow);
    expect((screen.getByLabelText('Search rows') as HTMLInputElement).value).toBe('o');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(urls().at(-1)).toBe('/api/users/all?q=o&sort=name&order=desc&page=2&pageSize=2');
  });

  it('opens at the state its address gives', async () => {
    renderTable('/list?q=b&sort=name&order=asc&page=2');
    await screen.findByText('Cy');
    expect(urls()).toEqual(['/api/users/all?q=b&sort=name&order=asc&page=2&pageSize=2']);
    expect((screen.getByLabelText('Search rows') as HTMLInputElement).value).toBe('b');
  });

  it('shows an empty state, and the error of a failed load', async () => {
    fetchMock.mockResolvedValueOnce(json([], 0));
    const { unmount } = renderTable();
    await screen.findByText('No records found.');
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    unmount();

    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Forbidden here', code: 'FORBIDDEN' }), { status: 403, headers: { 'content-type': 'application/json' } }),
    );
    renderTable();
    // A refused call (4xx) is not retried: the message shows at once.
    expect(await screen.findByText('Forbidden here')).toBeTruthy();
  });

  it("shows the screen's catalogue text when a failed load carries no message from the server", async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    renderTable();
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching rows');
  });

  it('keeps the sort arrow with the last word of its header, which may wrap between words', async () => {
    renderTable();
    await screen.findByText('Ann');
    const header = screen.getByRole('button', { name: 'Name' });
    expect([header.textContent, header.style.whiteSpace]).toEqual(['Name\u00a0↕', '']);
  });
});
