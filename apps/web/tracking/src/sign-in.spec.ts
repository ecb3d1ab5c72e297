import { jest } from '@jest/globals';
import { SESSION_KEYS, SIGN_IN_REASONS, type LoginResponse } from '@freight/contracts';
import { getSession, logout, setSessionNavigator, startSession } from '@freight/web-session';
import { screen, waitFor } from '@testing-library/dom';
import { loadPage } from './page.spec-helper.js';
import { LOGIN_FAILED_MESSAGE, setupSignIn } from './sign-in.js';

const reply = (role: LoginResponse['user_role']): LoginResponse => ({
  token: 'tok-1',
  user_id: 'u1',
  user_role: role,
  user_username: 'hana',
  user_fullName: 'Hana Head',
  expiresAt: Date.now() + 3_600_000,
});

function type(label: string, value: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('staff sign-in (#login)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let navigated: string[];

  beforeEach(async () => {
    setSessionNavigator(() => undefined);
    await logout(); // nothing stored, no timer left
    localStorage.clear();
    loadPage('index');
    navigated = [];
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });

  const start = () => setupSignIn(document, (path) => navigated.push(path));

  it.each([
    ['Head', '/admindashboard'],
    ['Admin', '/admindashboard'],
    ['Employee', '/shipmentmanagement'],
  ] as const)('%s: posts the credentials, stores the session as the console reads it, goes to %s', async (role, landing) => {
    fetchMock.mockResolvedValue(Response.json(reply(role)));
    start();
    type('Username', '  hana ');
    type('Password', 'secret password');
    screen.getByRole('button', { name: 'Sign in' }).click();
    await waitFor(() => expect(navigated).toEqual([landing]));
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual(['/api/users/login', 'POST', { username: 'hana', password: 'secret password' }]);
    expect(getSession()).toMatchObject({ token: 'tok-1', role, username: 'hana', fullName: 'Hana Head' });
    expect(localStorage.getItem('user_login')).toBe('true');
  });

  it('checks the fields with the gateway rule first: no call, messages under the fields, focus on the first', async () => {
    start();
    screen.getByRole('button', { name: 'Sign in' }).click();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('login-username-error')!.textContent).toBe('Username is required');
    expect(document.getElementById('login-password-error')!.textContent).toBe('Password is required');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    type('Username', 'hana');
    expect(document.getElementById('login-username-error')!.textContent).toBe('');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
  });

  it("a refusal shows the server's message in red under the form (role=alert) and leaves user_login 'false'", async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Invalid username or password', code: 'UNAUTHORIZED' }, { status: 401 }));
    start();
    type('Username', 'hana');
    type('Password', 'wrong');
    screen.getByRole('button', { name: 'Sign in' }).click();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid username or password'));
    expect(screen.getByRole('alert').classList.contains('error')).toBe(true);
    expect(navigated).toEqual([]);
    expect(localStorage.getItem('user_login')).toBe('false');
    expect(SESSION_KEYS.filter((key) => key !== 'user_login' && localStorage.getItem(key) !== null)).toEqual([]);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('hana');
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['no message (a 502 without body)', () => Promise.resolve(new Response('', { status: 502 }))],
    ['the network failing', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s: the generic message', async (_, answer) => {
    fetchMock.mockImplementation(answer);
    start();
    type('Username', 'hana');
    type('Password', 'pw');
    screen.getByRole('button', { name: 'Sign in' }).click();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(LOGIN_FAILED_MESSAGE));
    expect(localStorage.getItem('user_login')).toBe('false');
  });

  it('someone already signed in sees "Go to the console" to their landing page instead of the form, and is not sent anywhere', () => {
    startSession(reply('Employee'));
    start();
    const link = screen.getByRole('link', { name: 'Go to the console' });
    expect(link.getAttribute('href')).toBe('/shipmentmanagement');
    expect((document.getElementById('login-form') as HTMLFormElement).hidden).toBe(true);
    expect(navigated).toEqual([]);
  });

  describe('sent here from a page asked for (?reason=…&next=…)', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));
    const signIn = () => {
      type('Username', 'hana');
      type('Password', 'secret password');
      screen.getByRole('button', { name: 'Sign in' }).click();
    };

    it.each(Object.entries(SIGN_IN_REASONS))('says why (%s) and, signed in, goes to that page rather than the landing page', async (reason, text) => {
      window.history.replaceState(null, '', `/?reason=${reason}&next=${encodeURIComponent('/editbooking/IMP-000042?direction=Export')}#login`);
      fetchMock.mockResolvedValue(Response.json(reply('Admin')));
      start();
      expect(screen.getByRole('status').textContent).toBe(text);
      signIn();
      await waitFor(() => expect(navigated).toEqual(['/editbooking/IMP-000042?direction=Export']));
    });

    it.each(['https://evil.example/steal', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
      'follows no other site (%s): the landing page instead',
      async (next) => {
        window.history.replaceState(null, '', `/?reason=signed-out&next=${encodeURIComponent(next)}`);
        fetchMock.mockResolvedValue(Response.json(reply('Employee')));
        start();
        signIn();
        await waitFor(() => expect(navigated).toEqual(['/shipmentmanagement']));
      },
    );

    it('an unknown reason says nothing; someone already signed in gets a link to the page asked for', () => {
      window.history.replaceState(null, '', `/?reason=toString&next=${encodeURIComponent('/importbooklist')}`);
      startSession(reply('Head'));
      start();
      expect(document.getElementById('login-reason')!.textContent).toBe('');
      expect(screen.getByRole('link', { name: 'Go to the console' }).getAttribute('href')).toBe('/importbooklist');
    });
  });

  it('an expired session still gets the form', () => {
    startSession(reply('Head'), Date.now() - 3_600_001);
    start();
    expect((document.getElementById('login-form') as HTMLFormElement).hidden).toBe(false);
    expect(document.getElementById('login-signed-in')!.hidden).toBe(true);
  });
});
