import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { manageableRoles } from '@freight/contracts';
import { ApiError, createQueryClient, serverMessage } from '@freight/web-kit';
import { UserForm, emptyUser, type UserFormValues } from './user-form.js';

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
            roles={manageableRoles('Admin')}
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

  it('offers only the roles the signed-in role may give, and the branch cities from the server', async () => {
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
