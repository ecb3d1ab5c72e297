import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages, type StaffRole, type User } from '@freight/contracts';
import { ME, fakeGateway, field, nimal, renderSignedIn, reply, setField } from '../screens.spec.setup.js';
import { AddUserPage, EditUserPage } from './user-form.page.js';

const api = fakeGateway();
/** The user being edited, and the answer to the add (or update) under test. */
let target: User;
let save: () => Response | Promise<Response>;
/** The calls that write: method, path with query, body. */
const writes = () => api.calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  target = nimal;
  save = () => reply({ success: true, message: Messages.userAdded, user: nimal });
  api.otherwise = ({ method }, path) => {
    if (method !== 'GET') return save();
    if (path.startsWith('/api/users/get/')) return reply(target);
    if (path === '/api/branches/unique-cities') return reply(['Colombo', 'Kandy']);
    throw new Error(`unexpected call ${method} ${path}`);
  };
});

function renderScreen(signedIn: StaffRole, path: string) {
  renderSignedIn(signedIn, path, [
    { path: '/add', element: <AddUserPage /> },
    { path: '/edit/:username', element: <EditUserPage /> },
    { path: '/manageuser', element: <p>the list</p> },
  ]);
}

function fillValid() {
  setField('Full Name', 'Nimal Perera');
  setField('Username', 'nimal');
  setField('Email', 'nimal@example.com');
  setField('Password', 'monsoon lagoon teacup');
  setField('Branch', 'Kandy');
  setField('Contact', '+94 77 123 4567');
  setField('Role', 'Employee');
  setField('Department', 'Import');
}

/** The add screen of an Admin (who may give the roles Admin and Employee), once the branch cities are there. */
async function renderAdd() {
  renderScreen('Admin', '/add');
  await screen.findByRole('option', { name: 'Kandy' });
}

describe('the user form (fields as data, validated with contracts userCreateSchema / userUpdateSchema)', () => {
  it('offers the roles the signed-in user may give, and the branch cities from the server', async () => {
    renderScreen('Admin', '/add');
    const roles = within(field('Role') as unknown as HTMLElement)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(roles).toEqual(['Select a role', 'Admin', 'Employee']);
    await waitFor(() => expect(within(field('Branch') as unknown as HTMLElement).getAllByRole('option')).toHaveLength(3));
  });

  it('reports every missing field and does not submit', async () => {
    await renderAdd();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    for (const message of ['Full name is required', 'Email is required', 'Branch is required', 'Role is required', 'Department is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(writes()).toEqual([]);
  });

  it('rejects a bad e-mail and a short password', async () => {
    await renderAdd();
    fillValid();
    setField('Email', 'not-an-email');
    setField('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 12 characters')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('refuses a common password and the username itself, inline under Password, without submitting', async () => {
    await renderAdd();
    fillValid();
    setField('Password', 'password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const common = await screen.findByText('This password is too common or too easy to guess. Try a longer phrase of unrelated words.');
    expect(field('Password').getAttribute('aria-describedby')).toContain(common.id);
    setField('Username', 'nimal.perera.01');
    setField('Password', 'Nimal.Perera.01');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Password must not be the username')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('submits valid values', async () => {
    await renderAdd();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'POST', url: '/api/users/add', body: { username: 'nimal', role: 'Employee', branchCity: 'Kandy' } });
  });

  it("puts the server's field errors under the inputs and its message above the form", async () => {
    save = () => reply({ message: 'Username already exists', code: 'CONFLICT', details: { username: 'This username is taken' } }, 409);
    await renderAdd();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Username already exists');
  });

  it("falls back to 'Failed to add user. Please try again.' when the server was not reached", async () => {
    // Not reached twice: the create is sent once more (after a second) before it gives up.
    save = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderAdd();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Failed to add user. Please try again.');
    expect(writes()).toHaveLength(2);
  });

  it('on edit the password is optional, with the placeholder Enter New Password', async () => {
    save = () => reply({ success: true, message: Messages.userUpdated, user: nimal });
    renderScreen('Head', '/edit/nimal');
    await screen.findByDisplayValue('Nimal Perera');
    expect(field('Password').placeholder).toBe('Enter New Password');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).not.toHaveProperty('password');
  });
});

// requirements decisions §4 and issue 5 item 5, written out here: users are added and edited by a Head
// with any role, by an Admin as Admin or Employee users; an Admin edits Employees, and
// themself without changing their own role, but no other Admin. The add and edit screens
// must offer exactly these.
const MAY_GIVE: Record<StaffRole, string[]> = { Head: ['Head', 'Admin', 'Employee'], Admin: ['Admin', 'Employee'], Employee: [] };

describe('the role options of the add and edit screens (permission matrix, requirements decisions §4)', () => {
  const roleOptions = () =>
    within(field('Role') as unknown as HTMLElement)
      .getAllByRole('option')
      .slice(1) // the placeholder
      .map((o) => o.textContent);

  it.each(['Head', 'Admin'] as const)('%s adds users with exactly the roles the matrix gives', async (signedIn) => {
    renderScreen(signedIn, '/add');
    await screen.findByRole('option', { name: 'Kandy' });
    expect(roleOptions()).toEqual(MAY_GIVE[signedIn]);
  });

  it.each(['Head', 'Admin'] as const)('%s edits an Employee with exactly the roles the matrix gives', async (signedIn) => {
    renderScreen(signedIn, '/edit/nimal');
    await screen.findByDisplayValue('Nimal Perera');
    expect(roleOptions()).toEqual(MAY_GIVE[signedIn]);
  });

  it('an Admin edits their own details but keeps their role', async () => {
    target = { ...nimal, username: ME.username, fullName: ME.fullName, role: 'Admin' };
    renderScreen('Admin', `/edit/${ME.username}`);
    await screen.findByDisplayValue(ME.fullName);
    expect(roleOptions()).toEqual(['Admin']);
  });

  it('an Admin may not edit another Admin, and is shown the way back', async () => {
    target = { ...nimal, role: 'Admin' };
    renderScreen('Admin', '/edit/nimal');
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Manage User' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Role/)).toBeNull();
  });
});
