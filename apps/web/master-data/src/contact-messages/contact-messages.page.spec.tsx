import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContactTexts, Messages, type ContactMessage } from '@freight/contracts';
import { alertText, bare, fakeGateway, renderAt, reply } from '../screens.spec.setup.js';
import { MESSAGE_PREVIEW_LENGTH } from './contact-messages.page.js';

// Administrative Tools → Contact messages (issue 8), as the host mounts it, against a fake gateway.
const api = fakeGateway();

const long = `Please quote for a 40 ft container from Shanghai to Colombo. ${'We ship furniture every month. '.repeat(5)}The end.`;
const open: ContactMessage = {
  _id: '0b6f2c1e-8d1a-4c39-9f51-6a0f3d2b7c11',
  fullName: 'Dilani Fernando',
  email: 'dilani@example.com',
  message: long,
  receivedAt: '2026-11-20T09:05:00.000Z',
  handled: false,
  handledAt: null,
  handledBy: null,
};
const done: ContactMessage = {
  ...open,
  _id: '5c1d9e7a-2b3f-4a61-8e0d-7f4b9c2a1d33',
  fullName: 'Kasun Jayasuriya',
  email: 'kasun@example.com',
  message: 'Where is my shipment?',
  handled: true,
  handledAt: '2026-11-21T10:00:00.000Z',
  handledBy: 'amara',
};

const lists = () => api.calls.filter((call) => call.url.startsWith('/api/contactMessages/all')).map((call) => call.url);

describe('Contact messages (Head and Admin)', () => {
  it('lists the open messages first, one page at a time, with the message shortened and its full text a click away', async () => {
    api.otherwise = ({ method }, path) => {
      if (`${method} ${path}` === 'GET /api/contactMessages/all') return reply([open]);
      throw new Error(`unexpected call ${method} ${path}`);
    };
    renderAt('contactmessages', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Contact messages' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Contact messages' });
    await within(table).findByRole('cell', { name: 'Dilani Fernando' });
    expect(lists()).toEqual(['/api/contactMessages/all?handled=false&page=1&pageSize=25']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Received\u00a0↕', 'Full Name\u00a0↕', 'Email\u00a0↕', 'Message', 'Handled', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    // en-GB date and 24-hour time in the test's zone (TZ=UTC in the jest environment or not: the day is the same here)
    expect(within(row).getAllByRole('cell')[0]!.textContent).toMatch(/^20\/11\/2026 \d\d:\d\d$/);
    const summary = row.querySelector('summary')!;
    expect(summary.textContent).toBe(`${long.slice(0, MESSAGE_PREVIEW_LENGTH).trimEnd()}…`);
    expect(summary.parentElement!.textContent).toContain('The end.');
    expect(within(row).getAllByRole('cell')[4]!.textContent).toBe('No');
    // Nothing to add, edit or delete: the messages come from the public form and are kept.
    expect(screen.queryByRole('link', { name: /^Add|^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('filters handled, all and open messages, searches and sorts on the server', async () => {
    api.otherwise = () => reply([open, done]);
    renderAt('contactmessages', 'Head');
    await screen.findByRole('cell', { name: 'Kasun Jayasuriya' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'true' } });
    await waitFor(() => expect(lists().at(-1)).toBe('/api/contactMessages/all?handled=true&page=1&pageSize=25'));
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '' } });
    await waitFor(() => expect(lists().at(-1)).toBe('/api/contactMessages/all?page=1&pageSize=25'));
    fireEvent.click(screen.getByRole('button', { name: /^Received/ }));
    await waitFor(() => expect(lists().at(-1)).toBe('/api/contactMessages/all?sort=receivedAt&order=asc&page=1&pageSize=25'));
    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'kasun' } });
    await waitFor(() => expect(lists().at(-1)).toBe('/api/contactMessages/all?q=kasun&sort=receivedAt&order=asc&page=1&pageSize=25'));
  });

  it('exports what the list shows: its filter, search and sort, every page', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:contact-messages');
    URL.revokeObjectURL = jest.fn();
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    api.otherwise = (_call, path) =>
      path.endsWith('export.csv') ? new Response('\uFEFF"Received"\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }) : reply([open]);
    renderAt('contactmessages', 'Head');
    await screen.findByRole('cell', { name: 'Dilani Fernando' });
    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'dilani' } });
    await waitFor(() => expect(lists().at(-1)).toContain('q=dilani'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.calls.at(-1)!.url).toBe('/api/contactMessages/export.csv?handled=false&q=dilani');
    saved.mockRestore();
  });

  it('marks a message handled and another not handled, with the texts of ContactTexts as toasts, and reloads the list', async () => {
    api.otherwise = ({ method }, path) => {
      if (method === 'GET') return reply([open, done]);
      const handled = path.endsWith(open._id);
      return reply({ success: true, message: 'from the server', contactMessage: { ...(handled ? open : done), handled } });
    };
    renderAt('contactmessages', 'Admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark handled: message from Dilani Fernando' }));
    expect(await screen.findByText(ContactTexts.handled)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark not handled: message from Kasun Jayasuriya' }));
    expect(await screen.findByText(ContactTexts.reopened)).toBeTruthy();
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts).toEqual([
      { method: 'PUT', url: `/api/contactMessages/handle/${open._id}`, body: { handled: true } },
      { method: 'PUT', url: `/api/contactMessages/handle/${done._id}`, body: { handled: false } },
    ]);
    await waitFor(() => expect(lists()).toHaveLength(3));
  });

  it("a refused mark shows the server's reason, an unreachable server the catalogue's text", async () => {
    api.otherwise = ({ method }) => (method === 'GET' ? reply([open]) : reply({ message: ContactTexts.notFound, code: 'NOT_FOUND' }, 404));
    renderAt('contactmessages', 'Head');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark handled: message from Dilani Fernando' }));
    expect(await screen.findByText(`Failed to update contact message: ${ContactTexts.notFound}`)).toBeTruthy();
    api.otherwise = ({ method }) => (method === 'GET' ? reply([open]) : Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(screen.getByRole('button', { name: 'Mark handled: message from Dilani Fernando' }));
    expect(await screen.findByText('Error updating contact message')).toBeTruthy();
  });

  it('an Employee gets the no-permission page with a way back, and no call is made', async () => {
    api.otherwise = () => bare(500);
    renderAt('contactmessages', 'Employee');
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Administrative Tools' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("a 403 from the gateway (a role changed since sign-in) shows the gateway's message, not a crash", async () => {
    api.otherwise = () => reply({ message: Messages.forbidden, code: 'FORBIDDEN' }, 403);
    renderAt('contactmessages', 'Admin');
    expect(await alertText()).toBe(Messages.forbidden);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
