import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SESSION_LENGTH_MS, can, type LoginResponse } from '@freight/contracts';
import { RequirePermission, RequireRole, RequireSession } from './route-guard.js';
import { setSessionNavigator, startSession } from '@freight/web-session';

const login = (role: LoginResponse['user_role']): LoginResponse => ({
  token: 't',
  user_id: '1',
  user_role: role,
  user_username: 'u',
  user_fullName: 'U',
  expiresAt: 0,
});

function renderAt(path: string) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>sign-in</p>} />
          <Route element={<RequireSession />}>
            <Route path="/admindashboard" element={<p>dashboard</p>} />
            <Route
              path="/adduser"
              element={
                <RequirePermission allowed={(role) => can(role, 'users', 'write')} backTo="/tools" backLabel="Back to Tools">
                  <p>add user</p>
                </RequirePermission>
              }
            />
            <Route
              path="/managebranch"
              element={
                <RequireRole roles={['Head']}>
                  <p>branches</p>
                </RequireRole>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('route guards', () => {
  beforeEach(() => {
    localStorage.clear();
    setSessionNavigator(() => {});
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
  });

  it('sends a visitor without a session to /', () => {
    renderAt('/admindashboard');
    expect(screen.getByText('sign-in')).toBeTruthy();
  });

  it('shows the screen with a valid session', () => {
    startSession(login('Admin'));
    renderAt('/admindashboard');
    expect(screen.getByText('dashboard')).toBeTruthy();
  });

  it('ends an expired session (keys cleared) and sends the visitor to /', async () => {
    startSession(login('Head'), Date.now() - SESSION_LENGTH_MS - 1);
    renderAt('/admindashboard');
    expect(screen.getByText('sign-in')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('user_login')).toBeNull();
  });

  it('shows "You do not have permission" to a role the screen is not for, with a way back to their landing', () => {
    startSession(login('Admin'));
    renderAt('/managebranch');
    expect(screen.getByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.queryByText('branches')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your start page' }).getAttribute('href')).toBe('/admindashboard');
  });

  it('sends an Employee back to the shipment management landing', () => {
    startSession(login('Employee'));
    renderAt('/managebranch');
    expect(screen.getByRole('link', { name: 'Go to your start page' }).getAttribute('href')).toBe('/shipmentmanagement');
  });

  it('lets the named role in', () => {
    startSession(login('Head'));
    renderAt('/managebranch');
    expect(screen.getByText('branches')).toBeTruthy();
  });

  it('lets in the roles a permission function allows, and shows the others the way back they were given', () => {
    startSession(login('Admin'));
    const { unmount } = renderAt('/adduser');
    expect(screen.getByText('add user')).toBeTruthy();
    unmount();
    startSession(login('Employee'));
    renderAt('/adduser');
    expect(screen.getByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.queryByText('add user')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Tools' }).getAttribute('href')).toBe('/tools');
  });
});
