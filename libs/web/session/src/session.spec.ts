import { jest } from '@jest/globals';
import { SESSION_KEYS, SESSION_LENGTH_MS, type LoginResponse } from '@freight/contracts';
import { getSession, initSession, isSessionValid, logout, markLoginFailed, onLogout, setSessionNavigator, startSession, type LogoutReason } from './session.js';

const login: LoginResponse = {
  token: 'tok-1',
  user_id: 'u1',
  user_role: 'Admin',
  user_username: 'adam',
  user_fullName: 'Adam Admin',
  expiresAt: 0,
};

describe('session', () => {
  let navigated: string[];
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    localStorage.clear();
    navigated = [];
    setSessionNavigator((path) => navigated.push(path));
    fetchMock = jest.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 }));
    globalThis.fetch = fetchMock;
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('stores every key of a login, with user_login and loginTime', () => {
    startSession(login, 1_000_000);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('user_id')).toBe('u1');
    expect(localStorage.getItem('user_role')).toBe('Admin');
    expect(localStorage.getItem('user_username')).toBe('adam');
    expect(localStorage.getItem('user_fullName')).toBe('Adam Admin');
    expect(localStorage.getItem('user_login')).toBe('true');
    expect(localStorage.getItem('loginTime')).toBe('1000000');
    expect(getSession()).toMatchObject({ token: 'tok-1', role: 'Admin', fullName: 'Adam Admin', loginTime: 1_000_000 });
  });

  it('is valid for exactly SESSION_LENGTH_MS after login', () => {
    const t0 = Date.now();
    startSession(login, t0);
    expect(isSessionValid(t0)).toBe(true);
    expect(isSessionValid(t0 + SESSION_LENGTH_MS - 1)).toBe(true);
    expect(isSessionValid(t0 + SESSION_LENGTH_MS)).toBe(false);
  });

  it('is not valid unless user_login is the string true', () => {
    startSession(login);
    const stop = initSession();
    localStorage.setItem('user_login', 'false');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_login' }));
    expect(isSessionValid()).toBe(false);
    stop();
  });

  it('a failed login leaves user_login false and no token', () => {
    startSession(login);
    markLoginFailed();
    expect(localStorage.getItem('user_login')).toBe('false');
    expect(localStorage.getItem('token')).toBeNull();
    expect(isSessionValid()).toBe(false);
  });

  it('logout clears every session key, revokes the token on the server and goes to /', async () => {
    startSession(login);
    localStorage.setItem('unrelated', 'stays');
    const reasons: LogoutReason[] = [];
    const off = onLogout((r) => reasons.push(r));
    await logout('manual');
    off();
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
    expect(getSession()).toBeNull();
    expect(navigated).toEqual(['/']);
    expect(reasons).toEqual(['manual']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('logout still ends the session when the server cannot be reached', async () => {
    startSession(login);
    fetchMock.mockRejectedValue(new TypeError('network down'));
    await expect(logout()).resolves.toBeUndefined();
    expect(getSession()).toBeNull();
    expect(navigated).toEqual(['/']);
  });

  it('logs out by itself when the session reaches 60 minutes', () => {
    jest.useFakeTimers({ now: 5_000_000 });
    const reasons: LogoutReason[] = [];
    const off = onLogout((r) => reasons.push(r));
    startSession(login);
    jest.advanceTimersByTime(SESSION_LENGTH_MS - 1);
    expect(getSession()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(getSession()).toBeNull();
    expect(reasons).toEqual(['expired']);
    expect(navigated).toEqual(['/']);
    off();
  });

  it('on start-up arms the timer for the rest of a restored session, or ends an expired one', () => {
    jest.useFakeTimers({ now: 10_000_000 });
    startSession(login, 10_000_000 - SESSION_LENGTH_MS + 1000);
    const stop = initSession();
    jest.advanceTimersByTime(999);
    expect(getSession()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(getSession()).toBeNull();
    stop();

    localStorage.clear();
    navigated = [];
    startSession(login, 10_000_000 - 2 * SESSION_LENGTH_MS);
    const stop2 = initSession();
    expect(getSession()).toBeNull();
    expect(navigated).toEqual(['/']);
    stop2();
  });

  it('follows a logout made in another tab', () => {
    startSession(login);
    const stop = initSession();
    for (const key of SESSION_KEYS) localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(getSession()).toBeNull();
    stop();
  });
});
