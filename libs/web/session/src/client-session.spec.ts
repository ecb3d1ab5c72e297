import { jest } from '@jest/globals';
import { SESSION_LENGTH_MS, type ClientLoginResponse } from '@freight/contracts';
import {
  CLIENT_SESSION_KEYS,
  getClientSession,
  getSession,
  getSessionKind,
  initSession,
  isSessionValid,
  logout,
  markLoginFailed,
  onLogout,
  sessionToken,
  setSessionKind,
  setSessionNavigator,
  startClientSession,
  startSession,
  type LogoutReason,
} from './session.js';

const login: ClientLoginResponse & { client_id: string } = {
  token: 'client-tok',
  username: 'lanka',
  role: 'consignee',
  ourfullname: 'Lanka Traders',
  client_id: 'c-1',
  expiresAt: 0,
};

describe('the client session (the portal: kind client)', () => {
  let navigated: string[];
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    localStorage.clear();
    setSessionKind('client');
    navigated = [];
    setSessionNavigator((path) => navigated.push(path));
    fetchMock = jest.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 }));
    globalThis.fetch = fetchMock;
  });

  afterEach(() => {
    jest.useRealTimers();
    setSessionKind('staff');
  });

  it("stores the specification's keys (token, username, myfullname, role, client_login) with loginTime and the client's id", () => {
    startClientSession(login, 2_000_000);
    expect(Object.fromEntries(CLIENT_SESSION_KEYS.map((key) => [key, localStorage.getItem(key)]))).toEqual({
      token: 'client-tok',
      username: 'lanka',
      myfullname: 'Lanka Traders',
      role: 'consignee',
      client_login: 'true',
      loginTime: '2000000',
      client_id: 'c-1',
    });
    expect(getClientSession()).toEqual({
      token: 'client-tok',
      username: 'lanka',
      fullName: 'Lanka Traders',
      role: 'consignee',
      clientId: 'c-1',
      loginTime: 2_000_000,
    });
    expect(getSessionKind()).toBe('client');
  });

  it('the API token is the client token; the staff session reads as nobody', () => {
    startClientSession(login);
    expect(sessionToken()).toBe('client-tok');
    expect(getSession()).toBeNull();
    expect(isSessionValid()).toBe(true);
  });

  it('a staff page (kind staff) neither sees a client session nor sends its token', () => {
    startClientSession(login);
    setSessionKind('staff');
    expect(getClientSession()).toBeNull();
    expect(sessionToken()).toBeUndefined();
    expect(isSessionValid()).toBe(false);
  });

  it('the staff kind is unchanged: its session, its token', () => {
    setSessionKind('staff');
    startSession({ token: 'staff-tok', user_id: 'u1', user_role: 'Head', user_username: 'h', user_fullName: 'H', expiresAt: 0 });
    expect(sessionToken()).toBe('staff-tok');
    expect(getClientSession()).toBeNull();
  });

  it('is not a session unless client_login is the string true and the role a client role', () => {
    startClientSession(login);
    localStorage.setItem('client_login', 'false');
    const stop = initSession();
    window.dispatchEvent(new StorageEvent('storage', { key: 'client_login' }));
    expect(getClientSession()).toBeNull();
    stop();
    localStorage.setItem('client_login', 'true');
    localStorage.setItem('role', 'Head');
    setSessionKind('staff');
    setSessionKind('client');
    expect(getClientSession()).toBeNull();
  });

  it('a failed sign-in leaves client_login false and no token', () => {
    startClientSession(login);
    markLoginFailed();
    expect(localStorage.getItem('client_login')).toBe('false');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user_login')).toBeNull();
    expect(isSessionValid()).toBe(false);
  });

  it('Log Out clears every key, revokes the token at the client logout call and goes to /clientlogin', async () => {
    startClientSession(login);
    localStorage.setItem('unrelated', 'stays');
    const reasons: LogoutReason[] = [];
    const off = onLogout((r) => reasons.push(r));
    await logout('manual');
    off();
    for (const key of CLIENT_SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
    expect(getClientSession()).toBeNull();
    expect(navigated).toEqual(['/clientlogin']);
    expect(reasons).toEqual(['manual']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/clientlogin/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer client-tok');
  });

  it('logs out by itself after 60 minutes, to /clientlogin', () => {
    jest.useFakeTimers({ now: 5_000_000 });
    const reasons: LogoutReason[] = [];
    const off = onLogout((r) => reasons.push(r));
    startClientSession(login);
    jest.advanceTimersByTime(SESSION_LENGTH_MS - 1);
    expect(getClientSession()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(getClientSession()).toBeNull();
    expect(reasons).toEqual(['expired']);
    expect(navigated).toEqual(['/clientlogin']);
    off();
  });

  it('on start-up ends a restored client session that is already over', () => {
    jest.useFakeTimers({ now: 10_000_000 });
    startClientSession(login, 10_000_000 - SESSION_LENGTH_MS - 1);
    const stop = initSession();
    expect(getClientSession()).toBeNull();
    expect(navigated).toEqual(['/clientlogin']);
    stop();
  });

  it('follows a logout made in another tab of the portal', () => {
    startClientSession(login);
    const stop = initSession();
    for (const key of CLIENT_SESSION_KEYS) localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key: 'myfullname' }));
    expect(getClientSession()).toBeNull();
    stop();
  });
});
