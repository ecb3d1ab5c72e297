import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { logout, setSessionNavigator } from '@freight/web-kit';
import { LOGIN_FAILED_MESSAGE, SignInPage } from './sign-in.page.js';

function renderSignIn() {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<SignInPage />} />
          <Route path="/admindashboard" element={<p>admin dashboard</p>} />
          <Route path="/shipmentmanagement" element={<p>employee landing</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SignInPage', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    setSessionNavigator(() => {});
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup(); // unmount before the session changes under a mounted screen
    void logout();
  });

  const fill = (username: string, password: string) => {
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  };

  it('requires username and password (contracts loginRequestSchema) without calling the server', async () => {
    renderSignIn();
    fill('', '');
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message in red under the form and marks user_login false", async () => {
    fetchMock.mockResolvedValue(json({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' }, 401));
    renderSignIn();
    fill('head', 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(localStorage.getItem('user_login')).toBe('false');
  });

  it('shows a generic message when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignIn();
    fill('head', 'pw');
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_FAILED_MESSAGE);
  });

  it('shows the generic message, not an HTTP status, when the server fails without a message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    renderSignIn();
    fill('head', 'pw');
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_FAILED_MESSAGE);
  });

  it.each([
    ['Admin', 'admin dashboard'],
    ['Head', 'admin dashboard'],
    ['Employee', 'employee landing'],
  ] as const)('sends a signed-in %s to their landing', async (role, landing) => {
    fetchMock.mockResolvedValue(json({ token: 't', user_id: '1', user_role: role, user_username: 'u', user_fullName: 'U', expiresAt: Date.now() + 3_600_000 }));
    renderSignIn();
    fill('u', 'password1');
    await screen.findByText(landing);
    expect(localStorage.getItem('user_login')).toBe('true');
    await waitFor(() => expect(localStorage.getItem('loginTime')).not.toBeNull());
  });

  it('focuses the first wrong field, then checks again on every change', async () => {
    renderSignIn();
    fill('', 'pw');
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Username/));
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'head' } });
    await waitFor(() => expect(screen.queryByText('Username is required')).toBeNull());
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: '' } });
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the username trimmed, as the schema gives it', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' }, 401));
    renderSignIn();
    fill('  head  ', 'pw');
    await screen.findByRole('alert');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ username: 'head', password: 'pw' });
  });
});
