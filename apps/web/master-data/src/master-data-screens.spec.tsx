import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Messages, type User } from '@freight/contracts';
import { alertText, bare, fakeGateway, nimal, renderAt, reply, setField, type Answer } from './screens.spec.setup.js';

// The remote's screens as the host mounts them, with fetch answering as a failing server
// would: every fallback text is the one of requirements 01 §8.
const api = fakeGateway();

const kandy = { _id: 'b1', BranchCity: 'Kandy', Location: 'Hill Street', Contact: '0812345678', Code: 'KDY' };

/** Answers what every screen loads; `overrides` answers the call under test. */
function server(overrides: Record<string, Answer>) {
  Object.assign(
    api.routes,
    {
      'GET /api/branches/unique-cities': () => reply(['Colombo', 'Kandy']),
      'GET /api/users/get/nimal': () => reply(nimal),
      'GET /api/branches/get/Kandy': () => reply(kandy),
    },
    overrides,
  );
}

async function fillNewUser() {
  await screen.findByRole('option', { name: 'Kandy' });
  setField('Full Name', 'Nimal Perera');
  setField('Username', 'nimal');
  setField('Email', 'nimal@example.com');
  setField('Password', 'quiet-harbour-lantern-2024');
  setField('Branch', 'Kandy');
  setField('Contact', '+94 77 123 4567');
  setField('Role', 'Employee');
  setField('Department', 'Import');
}

describe('fallback texts of the master-data screens (requirements 01 §8)', () => {
  it.each([
    ['adduserhead', 'Head'],
    ['adduser', 'Admin'],
  ] as const)("%s: a failed add without a server message shows 'Failed to add user. Please try again.'", async (path, role) => {
    server({ 'POST /api/users/add': () => bare(500) });
    renderAt(path, role);
    await fillNewUser();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await alertText()).toBe('Failed to add user. Please try again.');
  });

  it("a failed add shows the server's message when it gave one", async () => {
    server({ 'POST /api/users/add': () => reply({ message: 'Username already exists', code: 'CONFLICT' }, 409) });
    renderAt('adduserhead', 'Head');
    await fillNewUser();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await alertText()).toBe('Username already exists');
  });

  it("a failed user update: 'Failed to update user' without a message, 'Error updating user' when not reached", async () => {
    server({ 'PUT /api/users/update': () => bare(500) });
    renderAt('edituserhead/nimal', 'Head');
    await screen.findByDisplayValue('Nimal Perera');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await alertText()).toBe('Failed to update user');

    server({ 'PUT /api/users/update': () => Promise.reject(new TypeError('Failed to fetch')) });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error updating user'));
  });

  it("a failed branch add without a server message shows 'Error creating branch'", async () => {
    server({ 'POST /api/branches/add': () => bare(400) });
    renderAt('addbranch', 'Head');
    await screen.findByLabelText(/^Branch Name/);
    setField('Branch Name', 'Galle');
    setField('Location', 'Fort');
    setField('Contact', '0912223344');
    setField('Branch Code', 'GAL');
    fireEvent.click(screen.getByRole('button', { name: 'Add Branch' }));
    expect(await alertText()).toBe('Error creating branch');
  });

  it.each([
    ['manageuser', 'Error fetching users', 'GET /api/users/all'],
    ['managebranch', 'Error fetching branches', 'GET /api/branches/all'],
  ])('%s: a list that fails to load without a message says "%s"', async (path, text, call) => {
    server({ [call!]: () => bare(500) });
    renderAt(path!, 'Head');
    expect(await alertText()).toBe(text);
  });

  it.each([
    ['edituserhead/nimal', 'GET /api/users/get/nimal', 500, 'Error fetching user data'],
    ['editbranch/Kandy', 'GET /api/branches/get/Kandy', 502, 'Error fetching branch data'],
  ] as const)('%s: a record that fails to load (%s answers %i) says "%s"', async (path, call, status, text) => {
    server({ [call]: () => bare(status) });
    renderAt(path, 'Head');
    expect(await alertText()).toBe(text);
  });
});

describe('the list screens (columns, sorting and actions from the definitions and the permission rules)', () => {
  const head: User = { ...nimal, _id: 'u0', username: 'boss', fullName: 'The Head', role: 'Head' };
  const listed = () => reply([nimal, head]);

  it("an Admin adds on 'adduser', edits the Employee and deletes them, and may do neither to the Head", async () => {
    server({ 'GET /api/users/all': listed });
    renderAt('manageuser', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Manage User' })).toBeTruthy();
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
    server({ 'GET /api/users/all': listed });
    renderAt('manageuser', 'Head');
    await screen.findByRole('cell', { name: 'boss' });
    expect(screen.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/admindashboard/administrativetools/adduserhead');
    expect(screen.getByRole('link', { name: 'Edit user boss' }).getAttribute('href')).toBe('/admindashboard/administrativetools/edituserhead/boss');
    // Nobody deletes themself: the Head signed in here is ME ('kamal'), so 'boss' may go.
    expect(screen.getByRole('button', { name: 'Delete user boss' })).toBeTruthy();
  });

  it('an Employee reads the users, without Add, Edit or Delete', async () => {
    server({ 'GET /api/users/all': listed });
    renderAt('manageuser', 'Employee');
    await screen.findByRole('cell', { name: 'boss' });
    expect(screen.queryByRole('link', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('branches: every column sorts on the server, rows edit by city and delete after the question', async () => {
    server({
      'GET /api/branches/all': () => reply([kandy]),
      'DELETE /api/branches/delete/Kandy': () => reply({ message: Messages.branchDeleted }),
    });
    renderAt('managebranch', 'Head');
    await screen.findByRole('cell', { name: 'KDY' });
    fireEvent.click(screen.getByRole('button', { name: /^Branch Code/ }));
    await waitFor(() => expect(api.calls.at(-1)?.url).toBe('/api/branches/all?sort=Code&order=asc&page=1&pageSize=25'));
    for (const header of ['Branch Name', 'Location', 'Contact']) expect(screen.getByRole('button', { name: new RegExp(`^${header}`) })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit branch Kandy' }).getAttribute('href')).toBe('/admindashboard/administrativetools/editbranch/Kandy');
    fireEvent.click(screen.getByRole('button', { name: 'Delete branch Kandy' }));
    expect(await screen.findByText('Are you sure you want to delete the branch in Kandy?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(Messages.branchDeleted)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.url === '/api/branches/delete/Kandy')).toBe(true);
  });
});

describe('the master data made with new:resource (forwarders, origins, yards, shipment types and terms)', () => {
  const acme = { _id: 'f1', Forwarder: 'Acme Freight', email: 'ops@acme.example', contact: '', address: '12 Harbour Road', remarks: '' };

  it('forwarders: an Admin views and edits, and sees no Delete; a Head deletes after the question', async () => {
    server({ 'GET /api/forwarders/all': () => reply([acme]) });
    renderAt('manageforwarder', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Manage Forwarders' })).toBeTruthy();
    await screen.findByRole('cell', { name: 'Acme Freight' });
    expect(screen.getByRole('link', { name: 'View forwarder Acme Freight' }).getAttribute('href')).toBe(
      '/admindashboard/administrativetools/viewforwarder/Acme%20Freight',
    );
    expect(screen.getByRole('link', { name: 'Edit forwarder Acme Freight' }).getAttribute('href')).toBe(
      '/admindashboard/administrativetools/editforwarder/Acme%20Freight',
    );
    expect(screen.getByRole('link', { name: 'Add Forwarder' }).getAttribute('href')).toBe('/admindashboard/administrativetools/addforwarder');
    expect(screen.queryByRole('button', { name: 'Delete forwarder Acme Freight' })).toBeNull();
    cleanup();

    server({
      'GET /api/forwarders/all': () => reply([acme]),
      'DELETE /api/forwarders/delete/Acme%20Freight': () => reply({ message: 'Forwarder deleted successfully' }),
    });
    renderAt('manageforwarder', 'Head');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete forwarder Acme Freight' }));
    expect(await screen.findByText('Are you sure you want to delete the forwarder Acme Freight?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Forwarder deleted successfully')).toBeTruthy();
  });

  it('edit forwarder: the name is editable and travels as newForwarderName; a taken name shows under the input', async () => {
    let answer = () => reply({ message: "Forwarder 'Blue' already exists", code: 'CONFLICT', details: { Forwarder: "Forwarder 'Blue' already exists" } }, 409);
    server({ 'GET /api/forwarders/get/Acme%20Freight': () => reply(acme), 'PUT /api/forwarders/update/Acme%20Freight': () => answer() });
    renderAt('editforwarder/Acme%20Freight', 'Employee');
    expect(await screen.findByDisplayValue('Acme Freight')).toBeTruthy();
    setField('Forwarder Name', 'Blue');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await alertText()).toBe("Failed to update forwarder: Forwarder 'Blue' already exists");
    expect(screen.getByText("Forwarder 'Blue' already exists")).toBeTruthy();
    answer = () => reply({ success: true, message: 'Forwarder updated successfully', forwarder: { ...acme, Forwarder: 'Acme Lines' } });
    setField('Forwarder Name', 'Acme Lines');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Forwarder updated successfully')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      newForwarderName: 'Acme Lines',
      email: 'ops@acme.example',
      contact: '',
      address: '12 Harbour Road',
      remarks: '',
    });
  });

  it("view forwarder: every field, 'N/A' for an empty one; 'No forwarder data found' for an unknown name", async () => {
    server({
      'GET /api/forwarders/get/Acme%20Freight': () => reply(acme),
      'GET /api/forwarders/get/Nobody': () => reply({ message: 'Not Found', code: 'NOT_FOUND' }, 404),
    });
    renderAt('viewforwarder/Acme%20Freight', 'Employee');
    expect(await screen.findByRole('heading', { name: 'View Forwarder' })).toBeTruthy();
    expect(await screen.findByText('12 Harbour Road')).toBeTruthy();
    expect(screen.getAllByText('N/A')).toHaveLength(2);
    cleanup();
    renderAt('viewforwarder/Nobody', 'Employee');
    expect(await alertText()).toBe('No forwarder data found');
  });

  it('edit origin: name and location travel as newOriginPortName and newOriginPortLocation', async () => {
    const colombo = { _id: 'o1', OriginPortName: 'Colombo', OriginPortLocation: 'Sri Lanka' };
    server({
      'GET /api/origins/get/Colombo': () => reply(colombo),
      'PUT /api/origins/update/Colombo': () => reply({ success: true, message: 'Origin updated successfully', origin: colombo }),
    });
    renderAt('editorigin/Colombo', 'Admin');
    expect(await screen.findByDisplayValue('Sri Lanka')).toBeTruthy();
    setField('Origin Port Location', 'Western Province');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Origin updated successfully')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ newOriginPortName: 'Colombo', newOriginPortLocation: 'Western Province' });
  });

  it.each([
    ['addyard', 'Add Yard', 'Yard Name', 'POST /api/yards/add', 'Error adding yard'],
    ['AddShipmentType', 'Add Shipment Type', 'Type of Shipment', 'POST /api/ShipmentType/add', 'Error adding shipment type'],
    ['AddShipmentterm', 'Add Shipment Term', 'Term of Shipment', 'POST /api/ShipmentTerm/add', 'Error adding shipment term'],
  ])("%s: a refused add shows the server's message, any other failure the catalogue's text", async (path, button, label, call, fallback) => {
    let answer = () => reply({ message: 'Already there', code: 'CONFLICT' }, 409);
    server({ [call]: () => answer() });
    renderAt(path, 'Head');
    await screen.findByLabelText(new RegExp(`^${label}`));
    setField(label, 'North');
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect(await alertText()).toBe('Already there');
    answer = () => bare(500);
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(fallback));
  });
});

describe('the edit screens load the record by its key and save it under the contract names', () => {
  const notFound = (message: string) => () => reply({ message, code: 'NOT_FOUND' }, 404);

  it('edit branch: GET branches/get/{BranchCity}, then PUT branches/update/{BranchCity} with the fields that may change', async () => {
    server({ 'PUT /api/branches/update/Kandy': () => reply({ success: true, message: Messages.branchUpdated, branch: kandy }) });
    renderAt('editbranch/Kandy', 'Head');
    expect(await screen.findByDisplayValue('Hill Street')).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/branches/get/Kandy']);
    setField('Location', 'Temple Road');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(Messages.branchUpdated)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/branches/update/Kandy',
      body: { Location: 'Temple Road', Contact: '0812345678' },
    });
  });

  it('edit user: GET users/get/{username}, then PUT users/update?term&updateterm, a blank password left out', async () => {
    server({ 'PUT /api/users/update': () => reply({ success: true, message: Messages.userUpdated, user: nimal }) });
    renderAt('edituserhead/nimal', 'Head');
    await screen.findByDisplayValue('Nimal Perera');
    expect(api.calls.filter((c) => c.url.startsWith('/api/users/'))).toEqual([{ method: 'GET', url: '/api/users/get/nimal', body: undefined }]);
    setField('Username', 'nimal.p');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(Messages.userUpdated)).toBeTruthy();
    const body = {
      fullName: 'Nimal Perera',
      username: 'nimal.p',
      email: 'nimal@example.com',
      branchCity: 'Kandy',
      contact: '+94 77 123 4567',
      role: 'Employee',
      department: 'Import',
    };
    expect(api.calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/users/update?term=nimal&updateterm=nimal.p', body });
  });

  it.each([
    ['edituserhead/ghost', 'GET /api/users/get/ghost', Messages.userNotFound, 'User not found'],
    ['editbranch/Nowhere', 'GET /api/branches/get/Nowhere', Messages.branchNotFound, 'Branch not found'],
  ])('%s: a record that is not there (404) says "%s"', async (path, call, message, text) => {
    server({ [call!]: notFound(message!) });
    renderAt(path!, 'Head');
    expect(await alertText()).toBe(text);
  });
});

describe('screens that are not there', () => {
  it('a path that is no screen of requirements 01 §2 says "Page not found"', async () => {
    server({});
    renderAt('manageconsignees', 'Admin');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.queryByText(/^Not available yet/)).toBeNull();
  });

  it('refuses an Admin a Head-only screen with a way back to Administrative Tools', () => {
    server({});
    renderAt('managebranch', 'Admin');
    expect(screen.getByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Administrative Tools' }).getAttribute('href')).toBe('/admindashboard/administrativetools');
  });
});
