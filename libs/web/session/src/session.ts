import { SESSION_KEYS, SESSION_LENGTH_MS, isStaffRole, type LoginResponse, type StaffRole } from '@freight/contracts';
import { apiUrl } from './api-config.js';

/**
 * The staff session, kept in localStorage under the keys of the specification
 * (contracts SESSION_KEYS). One per page (see index.ts): one timer, one set of listeners.
 */
export interface Session {
  token: string;
  userId: string;
  role: StaffRole;
  username: string;
  fullName: string;
  loginTime: number;
}

export type LogoutReason = 'manual' | 'expired' | 'unauthorized';

type Listener = () => void;

const listeners = new Set<Listener>();
const logoutListeners = new Set<(reason: LogoutReason) => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let snapshot: Session | null | undefined;
let navigate: (path: string) => void = (path) => window.location.assign(path);

function storage(): Storage {
  return window.localStorage;
}

function changed(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

function read(): Session | null {
  const s = storage();
  const token = s.getItem('token');
  const role = s.getItem('user_role');
  const loginTime = Number(s.getItem('loginTime'));
  if (s.getItem('user_login') !== 'true' || !token || !isStaffRole(role) || !Number.isFinite(loginTime) || loginTime <= 0) {
    return null;
  }
  return {
    token,
    role,
    loginTime,
    userId: s.getItem('user_id') ?? '',
    username: s.getItem('user_username') ?? '',
    fullName: s.getItem('user_fullName') ?? '',
  };
}

/** The stored session (even if expired), or null when nobody is signed in. Stable between changes. */
export function getSession(): Session | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

/** Signed in and less than SESSION_LENGTH_MS since login. */
export function isSessionValid(now: number = Date.now()): boolean {
  const session = getSession();
  return session !== null && now - session.loginTime < SESSION_LENGTH_MS;
}

/** Subscribe to session changes (login, logout, another tab); returns the unsubscribe function. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after every logout, e.g. to tell the user why. */
export function onLogout(listener: (reason: LogoutReason) => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** Where logout goes: the host plugs in its router so no full page reload is needed. */
export function setSessionNavigator(fn: (path: string) => void): void {
  navigate = fn;
}

/** Store a successful login and start the expiry timer. */
export function startSession(login: LoginResponse, now: number = Date.now()): void {
  const s = storage();
  s.setItem('token', login.token);
  s.setItem('user_id', login.user_id);
  s.setItem('user_role', login.user_role);
  s.setItem('user_username', login.user_username);
  s.setItem('user_fullName', login.user_fullName);
  s.setItem('user_login', 'true');
  s.setItem('loginTime', String(now));
  changed();
  scheduleExpiry(now);
}

/** A failed login leaves user_login 'false' (spec 01 §4) and nothing else behind. */
export function markLoginFailed(): void {
  clearSessionKeys();
  storage().setItem('user_login', 'false');
  changed();
}

function clearSessionKeys(): void {
  const s = storage();
  for (const key of SESSION_KEYS) s.removeItem(key);
}

/** (Re)arm the single timer that logs out when the session reaches its end. */
function scheduleExpiry(now: number = Date.now()): void {
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
  const session = getSession();
  if (!session) return;
  const remaining = session.loginTime + SESSION_LENGTH_MS - now;
  if (remaining <= 0) {
    void logout('expired');
    return;
  }
  expiryTimer = setTimeout(() => void logout('expired'), remaining);
}

/**
 * End the session: clear every session key, revoke the token on the server
 * (best effort: a dead network or an already-expired token must not keep anyone
 * signed in), tell the listeners and go to '/'.
 */
export async function logout(reason: LogoutReason = 'manual'): Promise<void> {
  const token = storage().getItem('token');
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
  clearSessionKeys();
  changed();
  for (const listener of logoutListeners) listener(reason);
  navigate('/');
  if (token) {
    try {
      await fetch(apiUrl('/api/users/logout'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        keepalive: true,
      });
    } catch {
      // Best effort: the token expires on the server anyway.
    }
  }
}

/**
 * Start-up: arm the timer for a session restored from storage, and follow
 * logins and logouts made in other tabs.
 */
export function initSession(): () => void {
  scheduleExpiry();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !(SESSION_KEYS as readonly string[]).includes(event.key)) return;
    changed();
    scheduleExpiry();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    clearTimeout(expiryTimer);
  };
}
