import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AnnouncementTexts, ClientNewsTexts, type Announcement, type ClientNews } from '@freight/contracts';
import { alertText, bare, fakeGateway, field, renderAt, reply, setField, type Answer } from '../screens.spec.setup.js';

// The client news and announcement screens (requirements 02 §2, §5, §8; requirements decisions §2, §4) as the host
// mounts them, against a fake gateway: what they show, check and send.
const api = fakeGateway();

const news: ClientNews = { _id: 'n1', news: 'Port closed on Friday', isActive: true };
const announcement: Announcement = {
  _id: 'a1',
  annoucment_id: 7,
  annoucment: 'Your container has arrived',
  consignee: { _id: 'c1', consigneeName: 'Lanka Traders' },
  isActive: false,
};

const serve = (routes: Record<string, Answer>) => Object.assign(api.routes, routes);
const sent = (method: string) => api.calls.filter((c) => c.method === method);
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const list = (rows: unknown[], key?: string) => () =>
  new Response(JSON.stringify(key ? { [key]: rows } : rows), {
    status: 200,
    headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
  });

describe('Manage Client News', () => {
  it('lists the news with its status; Head may edit and delete, an Employee edit only', async () => {
    serve({ 'GET /api/clientnews/all': list([news, { ...news, _id: 'n2', news: 'Old notice', isActive: false }]) });
    renderAt('manageclientnews', 'Head');
    const table = await screen.findByRole('table', { name: 'Client News' });
    expect(await within(table).findByText('Port closed on Friday')).toBeTruthy();
    expect(within(table).getByText('Inactive')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /^Delete news item/ })).toHaveLength(2);
    expect(api.calls[0]!.url).toMatch(/^\/api\/clientnews\/all\?page=1&pageSize=\d+$/);
  });

  it('shows no delete to an Employee, and the spec text when the list cannot be loaded', async () => {
    serve({ 'GET /api/clientnews/all': list([news]) });
    renderAt('manageclientnews', 'Employee');
    expect(await screen.findByText('Port closed on Friday')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^Edit news item/ }).getAttribute('href')).toBe('/admindashboard/administrativetools/editclientnews/n1');
  });

  it('add: the news text is required; sent with the Active box (ticked by default) and the spec toast', async () => {
    serve({
      'POST /api/clientnews/add': () => reply({ success: true, message: ClientNewsTexts.added, data: news }, 201),
      'GET /api/clientnews/all': list([news]),
    });
    renderAt('addclientnews', 'Employee');
    expect(await screen.findByRole('heading', { name: 'Add Client News' })).toBeTruthy();
    expect(field('Active').checked).toBe(true);
    submit('Add Client News');
    expect(await screen.findByText('News is required')).toBeTruthy();
    expect(sent('POST')).toHaveLength(0);
    setField('News', 'Port closed on Friday');
    fireEvent.click(field('Active'));
    submit('Add Client News');
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({ news: 'Port closed on Friday', isActive: false });
    expect(await screen.findByText(ClientNewsTexts.added)).toBeTruthy();
  });

  it('add refused by the server (409) shows its message; anything else "Error adding client news"', async () => {
    serve({ 'POST /api/clientnews/add': () => reply({ message: ClientNewsTexts.taken, code: 'CONFLICT' }, 409) });
    renderAt('addclientnews', 'Head');
    await screen.findByLabelText(/^News/);
    setField('News', 'Again');
    submit('Add Client News');
    expect(await alertText()).toBe(ClientNewsTexts.taken);
    serve({ 'POST /api/clientnews/add': () => bare(502) });
    submit('Add Client News');
    await waitFor(async () => expect(await alertText()).toBe(ClientNewsTexts.addFailed));
  });

  it('edit loads the item by id (search/{id}) and saves text and box with update/{id}; a missing one says "News item not found."', async () => {
    serve({
      'GET /api/clientnews/search/n1': () => reply({ success: true, data: news }),
      'PUT /api/clientnews/update/n1': () => reply({ success: true, message: ClientNewsTexts.updated, data: news }),
      'GET /api/clientnews/all': list([news]),
    });
    renderAt('editclientnews/n1', 'Admin');
    expect(await screen.findByDisplayValue('Port closed on Friday')).toBeTruthy();
    setField('News', 'Port closed on Saturday');
    submit('Save Changes');
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]!.body).toEqual({ news: 'Port closed on Saturday', isActive: true });
    expect(await screen.findByText(ClientNewsTexts.updated)).toBeTruthy();
  });

  it('edit of a missing item shows the spec text', async () => {
    serve({ 'GET /api/clientnews/search/gone': () => reply({ message: ClientNewsTexts.notFound, code: 'NOT_FOUND' }, 404) });
    renderAt('editclientnews/gone', 'Head');
    expect(await alertText()).toBe(ClientNewsTexts.notFound);
  });
});

describe('Manage Client Announcements', () => {
  it('lists announcements from data[] with the consignee name and "announcement" in what people read; Head deletes', async () => {
    serve({ 'GET /api/consigneeanc/all': list([announcement], 'data') });
    renderAt('manageannouncement', 'Head');
    expect(await screen.findByRole('heading', { name: 'Manage Client Announcements' })).toBeTruthy();
    expect(await screen.findByText('Lanka Traders')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete announcement 7' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/annoucment/i);
  });

  it.each(['Head', 'Admin', 'Employee'] as const)(
    'every row has an Edit action for %s (all staff edit announcements), to editannouncement/{id}',
    async (role) => {
      serve({ 'GET /api/consigneeanc/all': list([announcement], 'data') });
      const router = renderAt('manageannouncement', role);
      const edit = await screen.findByRole('link', { name: 'Edit announcement 7' });
      expect(edit.getAttribute('href')).toBe('/admindashboard/administrativetools/editannouncement/a1');
      expect(screen.queryAllByRole('button', { name: /^Delete/ })).toHaveLength(role === 'Head' ? 1 : 0);
      serve({ 'GET /api/consigneeanc/a1': () => reply({ success: true, data: announcement }), 'GET /api/consignees/unique': () => reply(['Lanka Traders']) });
      fireEvent.click(edit);
      expect(await screen.findByDisplayValue('Your container has arrived')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/admindashboard/administrativetools/editannouncement/a1');
    },
  );

  it('an empty list says "No announcements found."; an Employee has no delete', async () => {
    serve({ 'GET /api/consigneeanc/all': list([], 'data') });
    renderAt('manageannouncement', 'Employee');
    expect(await screen.findByText(AnnouncementTexts.none)).toBeTruthy();
  });

  it('add offers the consignees in a dropdown, requires text and consignee, and sends the spec body', async () => {
    serve({
      'GET /api/consignees/unique': () => reply(['Ceylon Spice', 'Lanka Traders']),
      'POST /api/consigneeanc/add': () => reply({ success: true, message: AnnouncementTexts.added, data: announcement }, 201),
      'GET /api/consigneeanc/all': list([announcement], 'data'),
    });
    renderAt('Addannouncement', 'Admin');
    expect(await screen.findByRole('option', { name: 'Lanka Traders' })).toBeTruthy();
    submit('Add Announcement');
    expect(await screen.findByText('Announcement is required')).toBeTruthy();
    expect(screen.getByText('Consignee is required')).toBeTruthy();
    setField('Announcement', 'Your container has arrived');
    fireEvent.change(field('Consignee'), { target: { value: 'Lanka Traders' } });
    submit('Add Announcement');
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({ annoucment: 'Your container has arrived', consignee: 'Lanka Traders', isActive: true });
    expect(await screen.findByText(AnnouncementTexts.added)).toBeTruthy();
  });

  it('a dropdown that cannot be loaded says "Failed to load dropdown data."', async () => {
    serve({ 'GET /api/consignees/unique': () => bare(500) });
    renderAt('Addannouncement', 'Head');
    expect(await screen.findByText('Failed to load dropdown data.')).toBeTruthy();
  });

  it('edit loads {id} (data), keeps its consignee selectable and saves with edit/{id}', async () => {
    serve({
      'GET /api/consignees/unique': () => reply(['Ceylon Spice']),
      'GET /api/consigneeanc/a1': () => reply({ success: true, data: announcement }),
      'PUT /api/consigneeanc/edit/a1': () => reply({ success: true, message: AnnouncementTexts.updated, data: announcement }),
      'GET /api/consigneeanc/all': list([announcement], 'data'),
    });
    renderAt('editannouncement/a1', 'Employee');
    expect(await screen.findByDisplayValue('Your container has arrived')).toBeTruthy();
    expect(field('Consignee').value).toBe('Lanka Traders');
    expect(field('Active').checked).toBe(false);
    fireEvent.click(field('Active'));
    submit('Save Changes');
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]!.body).toEqual({ annoucment: 'Your container has arrived', consignee: 'Lanka Traders', isActive: true });
    expect(await screen.findByText(AnnouncementTexts.updated)).toBeTruthy();
  });

  it('edit of a missing announcement says "Announcement not found"', async () => {
    serve({ 'GET /api/consignees/unique': () => reply([]), 'GET /api/consigneeanc/gone': () => reply({ message: 'x', code: 'NOT_FOUND' }, 404) });
    renderAt('editannouncement/gone', 'Head');
    expect(await alertText()).toBe(AnnouncementTexts.editNotFound);
  });
});
