import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages, type StaffRole, type User } from '@freight/contracts';
import { logout, setSessionNavigator, startSession } from '@freight/web-kit';
import MasterDataRoutes from './routes.js';

// The remote's screens as the host mounts them, with fetch answering as a failing server
// would: every fallback text is the one of spec 01 §8.
type Handler = (method: string, path: string) => Response | Promise<Response>;
let handle: Handler;
/** Every call the screens made: method, path with query, and JSON body. */
let calls: { method: string; url: string; body: unknown }[];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A reply without a body, as a proxy or a crashed server gives. */
const bare = (status: number) => new Response('', { status });

const nimal: User = {
  _id: 'u1',
  fullName: 'Nimal Perera',
  username: 'nimal',
  email: 'nimal@example.com',
  branchCity: { BranchCity: 'Kandy' },
  contact: '+94 77 123 4567',
  role: 'Employee',
  department: 'Import',
};

const kandy = { _id: 'b1', BranchCity: 'Kandy', Location: 'Hill Street', Contact: '0812345678', Code: 'KDY' };

/** Answers what every screen loads; `overrides` answers the call under test. */
function server(overrides: Record<string, () => Response | Promise<Response>>): Handler {
  return (method, path) => {
    const key = `${method} ${path}`;
    if (overrides[key]) return overrides[key]();
    if (key === 'GET /api/branches/unique-cities') return json(['Colombo', 'Kandy']);
    if (key === 'GET /api/users/get/nimal') return json(nimal);
    if (key === 'GET /api/branches/get/Kandy') return json(kandy);
    throw new Error(`unexpected call ${key}`);
  };
}

function renderAt(path: string, role: StaffRole) {
  startSession({ token: 't', user_id: '1', user_role: role, user_username: 'me', user_fullName: 'Me', expiresAt: 0 });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[`/admindashboard/administrativetools/${path}`]}>
            <Routes>
              <Route path="/admindashboard/administrativetools/*" element={<MasterDataRoutes />} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

async function fillNewUser() {
  await screen.findByRole('option', { name: 'Kandy' });
  set('Full Name', 'Nimal Perera');
  set('Username', 'nimal');
  set('Email', 'nimal@example.com');
  set('Password', 'quiet-harbour-lantern-2024');
  set('Branch', 'Kandy');
  set('Contact', '+94 77 123 4567');
  set('Role', 'Employee');
  set('Department', 'Import');
}

const alertText = async () => (await screen.findByRole('alert')).textContent;

beforeEach(() => {
  setSessionNavigator(() => {});
  calls = [];
  globalThis.fetch = jest.fn<typeof fetch>().mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    calls.push({ method, url: url.pathname + url.search, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return handle(method, url.pathname);
  });
});
afterEach(() => {
  cleanup();
  notifications.clean();
  void logout();
});

describe('fallback texts of the master-data screens (spec 01 §8)', () => {
  it.each([
    ['adduserhead', 'Head'],
    ['adduser', 'Admin'],
  ] as const)("%s: a failed add without a server message shows 'Failed to add user. Please try again.'", async (path, role) => {
    handle = server({ 'POST /api/users/add': () => bare(500) });
    renderAt(path, role);
    await fillNewUser();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await alertText()).toBe('Failed to add user. Please try again.');
  });

  it("a failed add shows the server's message when it gave one", async () => {
    handle = server({ 'POST /api/users/add': () => json({ message: 'Username already exists', code: 'CONFLICT' }, 409) });
    renderAt('adduserhead', 'Head');
    await fillNewUser();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await alertText()).toBe('Username already exists');
  });

  it("a failed user update: 'Failed to update user' without a message, 'Error updating user' when not reached", async () => {
    handle = server({ 'PUT /api/users/update': () => bare(500) });
    renderAt('edituserhead/nimal', 'Head');
    await screen.findByDisplayValue('Nimal Perera');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await alertText()).toBe('Failed to update user');

    handle = server({ 'PUT /api/users/update': () => Promise.reject(new TypeError('Failed to fetch')) });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error updating user'));
  });

  it("a failed branch add without a server message shows 'Error creating branch'", async () => {
    handle = server({ 'POST /api/branches/add': () => bare(400) });
    renderAt('addbranch', 'Head');
    await screen.findByLabelText(/^Branch Name/);
    set('Branch Name', 'Galle');
    set('Location', 'Fort');
    set('Contact', '0912223344');
    set('Branch Code', 'GAL');
    fireEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    expect(await alertText()).toBe('Error creating branch');
  });

  it.each([
    ['manageuser', 'Error fetching users', 'GET /api/users/all'],
    ['managebranch', 'Error fetching branches', 'GET /api/branches/all'],
  ])('%s: a list that fails to load without a message says "%s"', async (path, text, call) => {
    handle = server({ [call!]: () => bare(500) });
    renderAt(path!, 'Head');
    expect(await alertText()).toBe(text);
  });

  it('the edit screen of a user that fails to load says Error fetching user data', async () => {
    handle = server({ 'GET /api/users/get/nimal': () => bare(500) });
    renderAt('edituserhead/nimal', 'Head');
    expect(await alertText()).toBe('Error fetching user data');
  });
});

describe('the list screens (columns, sorting and actions from the definitions and the permission rules)', () => {
  const head: User = { ...nimal, _id: 'u0', username: 'boss', fullName: 'The Head', role: 'Head' };
  const listed = () => json([nimal, head]);

  it("an Admin adds on 'adduser', edits the Employee and deletes them, and may do neither to the Head", async () => {
    handle = server({ 'GET /api/users/all': listed });
    renderAt('manageuser', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Manage Users' })).toBeTruthy();
    await screen.findByRole('cell', { name: 'boss' });
    expect(screen.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/admindashboard/administrativetools/adduser');
    expect(screen.getByRole('link', { name: 'Edit user nimal' }).getAttribute('href')).toBe('/admindashboard/administrativetools/edituser/nimal');
    expect(screen.getByRole('button', { name: 'Delete user nimal' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit user boss' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete user boss' })).toBeNull();
    // The branch column shows the city; Contact is not among the users' sort fields.
    expect(screen.getAllByRole('cell', { name: 'Kandy' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Branch/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Contact/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Contact' })).toBeTruthy();
  });

  it('a Head works on the Head variants of the user screens', async () => {
    handle = server({ 'GET /api/users/all': listed });
    renderAt('manageuser', 'Head');
    await screen.findByRole('cell', { name: 'boss' });
    expect(screen.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/admindashboard/administrativetools/adduserhead');
    expect(screen.getByRole('link', { name: 'Edit user boss' }).getAttribute('href')).toBe('/admindashboard/administrativetools/edituserhead/boss');
    // Nobody deletes themself: the Head signed in here is 'me', so 'boss' may go.
    expect(screen.getByRole('button', { name: 'Delete user boss' })).toBeTruthy();
  });

  it('an Employee reads the users, without Add, Edit or Delete', async () => {
    handle = server({ 'GET /api/users/all': listed });
    renderAt('manageuser', 'Employee');
    await screen.findByRole('cell', { name: 'boss' });
    expect(screen.queryByRole('link', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('branches: every column sorts on the server, rows edit by city and delete after the question', async () => {
    handle = server({
      'GET /api/branches/all': () => json([kandy]),
      'DELETE /api/branches/delete/Kandy': () => json({ message: Messages.branchDeleted }),
    });
    renderAt('managebranch', 'Head');
    await screen.findByRole('cell', { name: 'KDY' });
    fireEvent.click(screen.getByRole('button', { name: /^Branch Code/ }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/branches/all?sort=Code&order=asc&page=1&pageSize=25'));
    for (const header of ['Branch Name', 'Location', 'Contact']) expect(screen.getByRole('button', { name: new RegExp(`^${header}`) })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit branch Kandy' }).getAttribute('href')).toBe('/admindashboard/administrativetools/editbranch/Kandy');
    fireEvent.click(screen.getByRole('button', { name: 'Delete branch Kandy' }));
    expect(await screen.findByText('Are you sure you want to delete the branch in Kandy?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(Messages.branchDeleted)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/branches/delete/Kandy')).toBe(true);
  });
});

describe('the edit screens load the record by its key and save it under the contract names', () => {
  const notFound = (message: string) => () => json({ message, code: 'NOT_FOUND' }, 404);

  it('edit branch: GET branches/get/{BranchCity}, then PUT branches/update/{BranchCity} with the fields that may change', async () => {
    handle = server({ 'PUT /api/branches/update/Kandy': () => json({ success: true, message: Messages.branchUpdated, branch: kandy }) });
    renderAt('editbranch/Kandy', 'Head');
    expect(await screen.findByDisplayValue('Hill Street')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/branches/get/Kandy']);
    set('Location', 'Temple Road');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(Messages.branchUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/branches/update/Kandy', body: { Location: 'Temple Road', Contact: '0812345678' } });
  });

  it('edit user: GET users/get/{username}, then PUT users/update?term&updateterm, a blank password left out', async () => {
    handle = server({ 'PUT /api/users/update': () => json({ success: true, message: Messages.userUpdated, user: nimal }) });
    renderAt('edituserhead/nimal', 'Head');
    await screen.findByDisplayValue('Nimal Perera');
    expect(calls.filter((c) => c.url.startsWith('/api/users/'))).toEqual([{ method: 'GET', url: '/api/users/get/nimal', body: undefined }]);
    set('Username', 'nimal.p');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(Messages.userUpdated)).toBeTruthy();
    const body = { fullName: 'Nimal Perera', username: 'nimal.p', email: 'nimal@example.com', branchCity: 'Kandy', contact: '+94 77 123 4567', role: 'Employee', department: 'Import' };
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/users/update?term=nimal&updateterm=nimal.p', body });
  });

  it.each([
    ['edituserhead/ghost', 'GET /api/users/get/ghost', Messages.userNotFound, 'User not found'],
    ['editbranch/Nowhere', 'GET /api/branches/get/Nowhere', Messages.branchNotFound, 'Branch not found'],
  ])('%s: a record that is not there (404) says "%s"', async (path, call, message, text) => {
    handle = server({ [call!]: notFound(message!) });
    renderAt(path!, 'Head');
    expect(await alertText()).toBe(text);
  });

  it("a branch that fails to load says 'Error fetching branch data'", async () => {
    handle = server({ 'GET /api/branches/get/Kandy': () => bare(502) });
    renderAt('editbranch/Kandy', 'Head');
    expect(await alertText()).toBe('Error fetching branch data');
  });
});

describe('screens that are not there', () => {
  it.each([
    ['manageforwarder', 'Manage Forwarder'],
    ['viewforwarder/Acme', 'View Forwarder'],
    ['AddShipmentType', 'Add Shipment Type'],
  ])('%s says "Not available yet", not "Page not found"', async (path, title) => {
    handle = server({});
    renderAt(path!, 'Admin');
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(/^Not available yet/)).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('refuses an Admin a Head-only screen with a way back to Administrative Tools', () => {
    handle = server({});
    renderAt('managebranch', 'Admin');
    expect(screen.getByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Administrative Tools' }).getAttribute('href')).toBe('/admindashboard/administrativetools');
  });
});
