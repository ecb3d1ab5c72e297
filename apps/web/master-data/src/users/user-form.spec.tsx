import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { StaffRole, User } from '@freight/contracts';
import { ApiError, createQueryClient, logout, serverMessage, setSessionNavigator, startSession } from '@freight/web-kit';
import { UserForm, emptyUser, type UserFormValues } from './user-form.js';
import { AddUserPage } from './add-user.page.js';
import { EditUserPage } from './edit-user.page.js';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function renderForm(props: Partial<Parameters<typeof UserForm>[0]> = {}) {
  const onSubmit = jest.fn<(v: UserFormValues) => Promise<void>>().mockResolvedValue(undefined);
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <UserForm
            mode="add"
            defaultValues={emptyUser}
            roles={['Admin', 'Employee']}
            cancelTo="../manageuser"
            errorText={(e) => serverMessage(e, 'Failed to add user. Please try again.')}
            onSubmit={onSubmit}
            {...props}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillValid() {
  set('Full Name', 'Nimal Perera');
  set('Username', 'nimal');
  set('Email', 'nimal@example.com');
  set('Password', 'monsoon lagoon teacup');
  set('Branch', 'Kandy');
  set('Contact', '+94 77 123 4567');
  set('Role', 'Employee');
  set('Department', 'Import');
}

describe('UserForm (validated with contracts userCreateSchema / userUpdateSchema)', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(json(['Colombo', 'Kandy']));
  });

  it('offers the roles it is given, and the branch cities from the server', async () => {
    renderForm();
    const roles = within(field('Role') as unknown as HTMLElement).getAllByRole('option').map((o) => o.textContent);
    expect(roles).toEqual(['Select a role', 'Admin', 'Employee']);
    await waitFor(() => expect(within(field('Branch') as unknown as HTMLElement).getAllByRole('option')).toHaveLength(3));
  });

  it('reports every missing field and does not submit', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    for (const message of ['Full name is required', 'Email is required', 'Branch is required', 'Role is required', 'Department is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a bad e-mail and a short password', async () => {
    const onSubmit = renderForm();
    await screen.findByRole('option', { name: 'Kandy' });
    fillValid();
    set('Email', 'not-an-email');
    set('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 12 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a common password and the username itself, inline under Password, without submitting', async () => {
    const onSubmit = renderForm();
    await screen.findByRole('option', { name: 'Kandy' });
    fillValid();
    set('Password', 'password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const common = await screen.findByText('This password is too common or too easy to guess. Try a longer phrase of unrelated words.');
    expect(field('Password').getAttribute('aria-describedby')).toContain(common.id);
    set('Username', 'nimal.perera.01');
    set('Password', 'Nimal.Perera.01');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Password must not be the username')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values', async () => {
    const onSubmit = renderForm();
    await screen.findByRole('option', { name: 'Kandy' });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ username: 'nimal', role: 'Employee', branchCity: 'Kandy' });
  });

  it("puts the server's field errors under the inputs and its message above the form", async () => {
    const onSubmit = renderForm();
    onSubmit.mockRejectedValue(new ApiError('Username already exists', 409, 'CONFLICT', { username: 'This username is taken' }));
    await screen.findByRole('option', { name: 'Kandy' });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Username already exists');
  });

  it("falls back to 'Failed to add user. Please try again.' when the server was not reached", async () => {
    const onSubmit = renderForm();
    onSubmit.mockRejectedValue(new ApiError('offline', 0, 'NETWORK'));
    await screen.findByRole('option', { name: 'Kandy' });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add user. Please try again.');
  });

  it('on edit the password is optional, with the placeholder Enter New Password', async () => {
    const onSubmit = renderForm({ mode: 'edit', defaultValues: { ...emptyUser, fullName: 'A', username: 'abc', email: 'a@b.co', branchCity: 'Kandy', contact: '0771234567', role: 'Admin', department: 'Export' } });
    expect(field('Password').placeholder).toBe('Enter New Password');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});

// DECISIONS §4 and issue 5 item 5, written out here: users are added and edited by a Head
// with any role, by an Admin as Admin or Employee users; an Admin edits Employees, and
// themself without changing their own role, but no other Admin. The add and edit screens
// must offer exactly these.
const MAY_GIVE: Record<StaffRole, string[]> = { Head: ['Head', 'Admin', 'Employee'], Admin: ['Admin', 'Employee'], Employee: [] };

describe('the role options of the add and edit screens (permission matrix, DECISIONS §4)', () => {
  let target: User;
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

  beforeEach(() => {
    target = nimal;
    setSessionNavigator(() => {});
    globalThis.fetch = jest.fn<typeof fetch>().mockImplementation(async (input) =>
      String(input).includes('/users/search/') ? json({ success: true, users: [target] }) : json(['Colombo', 'Kandy']),
    );
  });
  afterEach(() => {
    cleanup();
    void logout();
  });

  function renderScreen(signedIn: StaffRole, path: string) {
    startSession({ token: 't', user_id: '1', user_role: signedIn, user_username: 'me', user_fullName: 'Me', expiresAt: 0 });
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/add" element={<AddUserPage />} />
              <Route path="/edit/:username" element={<EditUserPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  }

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
    target = { ...nimal, username: 'me', fullName: 'Me Myself', role: 'Admin' };
    renderScreen('Admin', '/edit/me');
    await screen.findByDisplayValue('Me Myself');
    expect(roleOptions()).toEqual(['Admin']);
  });

  it('an Admin may not edit another Admin, and is shown the way back', async () => {
    target = { ...nimal, role: 'Admin' };
    renderScreen('Admin', '/edit/nimal');
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Manage Users' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Role/)).toBeNull();
  });
});
