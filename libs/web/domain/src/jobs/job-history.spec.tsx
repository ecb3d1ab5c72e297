import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { JobHistoryEntry } from '@freight/contracts';
import { createQueryClient } from '@freight/web-kit';
import { JobTabs, historyValueText } from './job-history.js';

const entry = (id: number, overrides: Partial<JobHistoryEntry> = {}): JobHistoryEntry => ({
  id: String(id),
  changedAt: '2026-11-27T09:05:00.000Z',
  changedBy: 'Nimal Perera',
  field: 'etd',
  before: '2026-12-01',
  after: '2026-12-03',
  ...overrides,
});

describe('historyValueText', () => {
  it('reads a value as the views do: dd/mm/yyyy, money, kg, Yes/No, Active/Inactive, N/A for none', () => {
    expect(historyValueText('etd', '2026-12-03')).toBe('03/12/2026');
    expect(historyValueText('invoiceAmount', '125000.50')).toMatch(/^Rs\. ?125,000\.50$/);
    expect(historyValueText('weight', '1200')).toBe('1200 kg');
    expect(historyValueText('proceedToProceeding', 'true')).toBe('Yes');
    expect(historyValueText('jobStatus', 'false')).toBe('Inactive');
    expect(historyValueText('blNo', null)).toBe('N/A');
    expect(historyValueText('remarks', 'Called back')).toBe('Called back');
  });
});

describe('JobTabs', () => {
  it('shows the details first, and the history on its tab: a page at a time, one field on request', async () => {
    const fetchMock = jest.fn<typeof fetch>().mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const items =
        url.searchParams.get('field') === 'blNo'
          ? [entry(7, { field: 'blNo', before: null, after: 'CGPCMB123' })]
          : [entry(31), entry(30, { field: 'user', before: 'Emma Perera', after: 'Eric Silva', changedBy: null })];
      return new Response(JSON.stringify(items), {
        headers: { 'content-type': 'application/json', 'x-total-count': url.searchParams.get('field') ? '1' : '30' },
      });
    });
    globalThis.fetch = fetchMock;
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <JobTabs jobNo="IMP-000001">
            <p>The job&apos;s details</p>
          </JobTabs>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText("The job's details")).toBeTruthy();
    // The history is asked for only once its tab is opened.
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));

    const table = await screen.findByRole('table', { name: 'History of job IMP-000001' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      [expect.stringMatching(/^27\/11\/2026 \d\d:05$/), 'Nimal Perera', 'ETD', '01/12/2026', '03/12/2026'],
      [expect.stringMatching(/^27\/11\/2026/), 'N/A', 'Assigned To', 'Emma Perera', 'Eric Silva'],
    ]);
    expect(screen.getByText('30 changes')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/shipments/history/IMP-000001?page=1&pageSize=25');

    fireEvent.click(screen.getByRole('button', { name: 'Next page of the history' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/shipments/history/IMP-000001?page=2&pageSize=25');

    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'blNo' } });
    expect(await screen.findByText('1 change')).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/shipments/history/IMP-000001?page=1&pageSize=25&field=blNo');
    expect(screen.getByRole('cell', { name: 'CGPCMB123' })).toBeTruthy();
    expect(screen.queryByText(/^Page \d/)).toBeNull();
  });

  it("shows the server's reason when the history cannot be read", async () => {
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ success: false, code: 'FORBIDDEN', message: 'You can only see and change the jobs assigned to you.' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <JobTabs jobNo="IMP-000002">
            <p>Details</p>
          </JobTabs>
        </QueryClientProvider>
      </MantineProvider>,
    );
    // By keyboard, as the tabs pattern has it: an arrow moves to the next tab and selects it.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Details' }), { key: 'ArrowRight' });
    const history = screen.getByRole('tab', { name: 'History' });
    expect([history.getAttribute('aria-selected'), document.activeElement]).toEqual(['true', history]);
    expect(screen.getByRole('tabpanel', { name: 'History' })).toBeTruthy();
    expect(await screen.findByText('You can only see and change the jobs assigned to you.')).toBeTruthy();
    fireEvent.keyDown(history, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Details', { selector: 'p' })).toBeTruthy();
  });
});
