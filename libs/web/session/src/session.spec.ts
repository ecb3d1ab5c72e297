import { jest } from '@jest/globals';
import { SESSION_KEYS, SESSION_LENGTH_MS, type ClientLoginResponse, type LoginResponse } from '@freight/contracts';
import {
  CLIENT_SESSION_KEYS,
  getClientSession,
  getSession,
  initSession,
  isSessionValid,
  logout,
  markLoginFailed,
  onLogout,
  setSessionKind,
  setSessionNavigator,
  startClientSession,
  startSession,
  type LogoutReason,
  type SessionKind,
} from './session.js';

const staffLogin: LoginResponse = {
  token: 'tok-1',
  user_id: 'u1',
  user_role: 'Admin',
  user_username: 'adam',
  user_fullName: 'Adam Admin',
  expiresAt: 0,
};

const clientLogin: ClientLoginResponse & { client_id: string } = {
  token: 'client-tok',
  username: 'lanka',
  role: 'consignee',
  ourfullname: 'Lanka Traders',
  client_id: 'c-1',
  expiresAt: 0,
};

/** What differs between the kinds: how a sign-in is stored and read, its keys, where its logout goes. */
interface Kind {
  kind: SessionKind;
  start: (now?: number) => void;
  get: () => unknown;
  token: string;
  /** The keys a logout clears, and the flag a sign-in sets. */
  keys: readonly string[];
  flag: string;
  /** The other kind's flag, which this kind never writes. */
  otherFlag: string;
  /** The role key, and a role of the other kind. */
  role: string;
  otherRole: string;
  /** A key of this session another tab may change. */
  watched: string;
  logoutPath: string;
  logoutCall: string;
}

const KINDS: Kind[] = [
  {
    kind: 'staff',
    start: (now) => startSession(staffLogin, now),
    get: getSession,
    token: 'tok-1',
    keys: SESSION_KEYS,
    flag: 'user_login',
    otherFlag: 'client_login',
    role: 'user_role',
    otherRole: 'consignee',
    watched: 'token',
    logoutPath: '/',
    logoutCall: '/api/users/logout',
  },
  {
    kind: 'client',
    start: (now) => startClientSession(clientLogin, now),
    get: getClientSession,
    token: 'client-tok',
    keys: CLIENT_SESSION_KEYS,
    flag: 'client_login',
    otherFlag: 'user_login',
    role: 'role',
    otherRole: 'Head',
    watched: 'myfullname',
    logoutPath: '/clientlogin',
    logoutCall: '/api/clientlogin/logout',
  },
];

describe.each(KINDS)('the $kind session', ({ kind, start, get, token, keys, flag, otherFlag, role, otherRole, watched, logoutPath, logoutCall }) => {
  let navigated: string[];
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    localStorage.clear();
    setSessionKind(kind);
    navigated = [];
    setSessionNavigator((path) => navigated.push(path));
    fetchMock = jest.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 }));
    globalThis.fetch = fetchMock;
  });

  afterEach(() => {
    jest.useRealTimers();
    setSessionKind('staff');
  });

  it('is valid for exactly SESSION_LENGTH_MS after login', () => {
    const t0 = Date.now();
    start(t0);
    expect(isSessionValid(t0)).toBe(true);
    expect(isSessionValid(t0 + SESSION_LENGTH_MS - 1)).toBe(true);
    expect(isSessionValid(t0 + SESSION_LENGTH_MS)).toBe(false);
  });

  it(`is not a session unless ${flag} is the string true and the role one of its kind`, () => {
    start();
    const stop = initSession();
    localStorage.setItem(flag, 'false');
    window.dispatchEvent(new StorageEvent('storage', { key: flag }));
    expect(get()).toBeNull();
    expect(isSessionValid()).toBe(false);
    stop();
    localStorage.setItem(flag, 'true');
    localStorage.setItem(role, otherRole);
    setSessionKind(kind === 'staff' ? 'client' : 'staff');
    setSessionKind(kind);
    expect(get()).toBeNull();
  });

  it(`a failed login leaves ${flag} false and no token`, () => {
    start();
    markLoginFailed();
    expect(localStorage.getItem(flag)).toBe('false');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(otherFlag)).toBeNull();
    expect(isSessionValid()).toBe(false);
  });

  it(`logout clears every session key, revokes the token on the server and goes to ${logoutPath}`, async () => {
    start();
    localStorage.setItem('unrelated', 'stays');
    const reasons: LogoutReason[] = [];
    const off = onLogout((r) => reasons.push(r));
    await logout('manual');
    off();
    for (const key of keys) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
    expect(get()).toBeNull();
    expect(navigated).toEqual([logoutPath]);
    expect(reasons).toEqual(['manual']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(logoutCall);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });

  it('logout still ends the session when the server cannot be reached', async () => {
    start();
    fetchMock.mockRejectedValue(new TypeError('network down'));
    await expect(logout()).resolves.toBeUndefined();
    expect(get()).toBeNull();
    expect(navigated).toEqual([logoutPath]);
  });

  it(`logs out by itself when the session reaches 60 minutes, to ${logoutPath}`, () => {
    jest.useFakeTimers({ now: 5_000_000 });
    const reasons: LogoutReason[] = [];
    const off = onLogout((r) => reasons.push(r));
    start();
    jest.advanceTimersByTime(SESSION_LENGTH_MS - 1);
    expect(get()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(get()).toBeNull();
    expect(reasons).toEqual(['expired']);
    expect(navigated).toEqual([logoutPath]);
    off();
  });

  it('on start-up arms the timer for the rest of a restored session, or ends an expired one', () => {
    jest.useFakeTimers({ now: 10_000_000 });
    start(10_000_000 - SESSION_LENGTH_MS + 1000);
    const stop = initSession();
    jest.advanceTimersByTime(999);
    expect(get()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(get()).toBeNull();
    stop();

    localStorage.clear();
    navigated = [];
    start(10_000_000 - SESSION_LENGTH_MS - 1);
    const stop2 = initSession();
    expect(get()).toBeNull();
    expect(navigated).toEqual([logoutPath]);
    stop2();
  });

  it('follows a logout made in another tab', () => {
    start();
    const stop = initSession();
    for (const key of keys) localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key: watched }));
    expect(get()).toBeNull();
    stop();
  });
});

describe('the staff session', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('stores every key of a login, with user_login and loginTime', () => {
    startSession(staffLogin, 1_000_000);
    expect(Object.fromEntries(SESSION_KEYS.map((key) => [key, localStorage.getItem(key)]))).toEqual({
      token: 'tok-1',
      user_id: 'u1',
      user_role: 'Admin',
      user_username: 'adam',
      user_fullName: 'Adam Admin',
      user_login: 'true',
      loginTime: '1000000',
    });
    expect(getSession()).toEqual({ token: 'tok-1', userId: 'u1', role: 'Admin', username: 'adam', fullName: 'Adam Admin', loginTime: 1_000_000 });
  });
});
