import { jest } from '@jest/globals';
import { SESSION_KEYS, type ClientLoginResponse } from '@freight/contracts';
import {
  CLIENT_SESSION_KEYS,
  getClientSession,
  getSession,
  getSessionKind,
  isSessionValid,
  logout,
  sessionToken,
  setSessionKind,
  setSessionNavigator,
  startClientSession,
  startSession,
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

  it('Log Out on the portal clears the staff keys too', async () => {
    startClientSession(login);
    localStorage.setItem('user_login', 'true');
    localStorage.setItem('user_role', 'Head');
    await logout('manual');
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });
});
