import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, renderAt, reply, setField, type Answer } from '../screens.spec.setup.js';

const api = fakeGateway();

const shanghai = { _id: 'v1', origin: 'Shanghai', details: 'MSC Aurora, cut-off Tuesday' };
const ningbo = { _id: 'v2', origin: 'Ningbo', details: 'Ever Given, cut-off Friday' };

/** The gateway's vessel and agent calls; `overrides` answers the call under test. */
function gateway(overrides: Record<string, Answer> = {}) {
  const list = () => reply([shanghai, ningbo], 200, { 'X-Total-Count': '52' });
  Object.assign(api.routes, { 'GET /api/vessels/all': list, 'GET /api/agents/all': list, 'GET /api/vessels/get/Shanghai': () => reply(shanghai) }, overrides);
}

const rows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row');

describe('vessels and agents (requirements 02 §2)', () => {
  it('Weekly Vessel Planning (Admin): Sr No., origin and details, searched by origin on the server; add, edit and delete', async () => {
    gateway();
    renderAt('/managevessel', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Weekly Vessel Planning' })).toBeTruthy();
    await screen.findByText('Ningbo');
    expect(
      within(rows('Vessel voyages')[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/\s*[↕▲▼]$/, '')),
    ).toEqual(['Sr No.', 'Origin', 'Details', 'Actions']);
    expect(within(rows('Vessel voyages')[2]!).getAllByRole('cell')[0]!.textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Add Vessel' }).getAttribute('href')).toBe('/addvessel');
    expect(screen.getByRole('link', { name: 'Edit vessel Shanghai' }).getAttribute('href')).toBe('/editvessel/Shanghai');
    expect(screen.getByRole('button', { name: 'Delete vessel Ningbo' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by origin'), { target: { value: 'ning' } });
    await waitFor(() => expect(api.calls.at(-1)?.url).toBe('/api/vessels/all?q=ning&page=1&pageSize=25'));
  });

  it('Overseas Offices Detail for an Employee: read-only, the details under "Contact Details"', async () => {
    gateway();
    renderAt('/manageagentemployee', 'Employee');
    expect(await screen.findByRole('heading', { name: 'Overseas Offices Detail' })).toBeTruthy();
    await screen.findByText('Ningbo');
    expect(within(rows('Overseas offices')[0]!).getByText('Contact Details')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add Agent' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit agent/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete agent/ })).toBeNull();
  });

  it.each([
    ['/managevessel', 'Admin', '/importbooklist'],
    ['/manageagent', 'Head', '/importbooklist'],
    ['/managevesselemployee', 'Employee', '/importbooklistemployee'],
    ['/manageagentemployee', 'Employee', '/importbooklistemployee'],
  ] as const)('%s (%s) leads back to the Daily Booking Sheet at %s', async (path, role, sheet) => {
    gateway();
    renderAt(path, role);
    await screen.findByText('Ningbo');
    const links = screen.getByRole('navigation', { name: 'Shipment screens' });
    expect(within(links).getByRole('link', { name: 'Daily Booking Sheet' }).getAttribute('href')).toBe(sheet);
  });

  it("the employee's vessel list is read-only for an Admin too; an Employee is refused the admin list and the add screen", async () => {
    gateway();
    renderAt('/managevesselemployee', 'Admin');
    await screen.findByText('Ningbo');
    expect(screen.queryByRole('link', { name: 'Add Vessel' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete vessel/ })).toBeNull();
  });

  it.each(['/managevessel', '/addvessel', '/editagent/Shanghai'])('an Employee is refused %s', async (path) => {
    gateway();
    renderAt(path, 'Employee');
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('Add Vessel: origin and details required, then "Vessel added successfully!" and back to the list', async () => {
    gateway({ 'POST /api/vessels/add': ({ body }) => reply({ success: true, message: 'ok', vessel: { _id: 'v3', ...(body as object) } }, 201) });
    const router = renderAt('/addvessel', 'Head');
    await screen.findByRole('heading', { name: 'Add Vessel' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Vessel' }));
    expect(await screen.findByText('Origin is required')).toBeTruthy();
    setField('Origin', 'Xiamen');
    setField('Details', 'Maersk Kolkata');
    fireEvent.click(screen.getByRole('button', { name: 'Add Vessel' }));
    expect(await screen.findByText('Vessel added successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/managevessel'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ origin: 'Xiamen', details: 'Maersk Kolkata' });
  });

  it("Add Vessel refused (400/409) shows the server's message; a failure without one 'Error adding vessel'", async () => {
    gateway({ 'POST /api/vessels/add': () => reply({ message: 'A vessel with this origin already exists', code: 'CONFLICT' }, 409) });
    renderAt('/addvessel', 'Admin');
    await screen.findByRole('heading', { name: 'Add Vessel' });
    setField('Origin', 'Shanghai');
    setField('Details', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Add Vessel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A vessel with this origin already exists');
    api.routes['POST /api/vessels/add'] = () => new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Add Vessel' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error adding vessel'));
  });

  it('Edit Vessel: loads by origin, may rename it, "Vessel updated successfully"; "Vessel not found." for an unknown origin', async () => {
    gateway({ 'PUT /api/vessels/update/Shanghai': ({ body }) => reply({ success: true, message: 'ok', vessel: { _id: 'v1', ...(body as object) } }) });
    renderAt('/editvessel/Shanghai', 'Admin');
    await screen.findByDisplayValue('MSC Aurora, cut-off Tuesday');
    setField('Origin', 'Shanghai (Yangshan)');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Vessel updated successfully')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ origin: 'Shanghai (Yangshan)', details: 'MSC Aurora, cut-off Tuesday' });
  });

  it('"Agent not found." for an unknown origin', async () => {
    gateway({ 'GET /api/agents/get/Nowhere': () => reply({ message: 'Agent not found.', code: 'NOT_FOUND' }, 404) });
    renderAt('/editagent/Nowhere', 'Admin');
    expect((await screen.findByRole('alert')).textContent).toBe('Agent not found.');
  });

  it('"Error fetching agents" when the list cannot be loaded', async () => {
    gateway({ 'GET /api/agents/all': () => new Response('', { status: 500 }) });
    renderAt('/manageagent', 'Head');
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching agents');
  });
});
