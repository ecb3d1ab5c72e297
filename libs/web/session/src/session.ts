import {
  SESSION_KEYS,
  SESSION_LENGTH_MS,
  isClientRole,
  isStaffRole,
  type ClientLoginResponse,
  type ClientRole,
  type LoginResponse,
  type StaffRole,
} from '@freight/contracts';
import { apiUrl } from './api-config.js';

/**
 * Which session a page keeps, declared once by its host at start (`setSessionKind`): the staff
 * console 'staff' (the default), the client portal 'client'. The two live on different origins,
 * so their keys never meet; the kind says which keys this page reads, which token the API client
 * sends, where a logout revokes the token and where it goes.
 */
export type SessionKind = 'staff' | 'client';

/**
 * Browser storage keys of a client session: the specification's (spec 02 §3: token, username,
 * myfullname, role, client_login) plus the sign-in time and the client's id.
 */
export const CLIENT_SESSION_KEYS = ['token', 'username', 'myfullname', 'role', 'client_login', 'loginTime', 'client_id'] as const;

/** Where a client's logout (and a signed-out visit) goes: the client sign-in (DECISIONS §2). */
export const CLIENT_LOGIN_PATH = '/clientlogin';

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

/** A consignee's or shipper's session (the client portal), kept under CLIENT_SESSION_KEYS. */
export interface ClientSession {
  token: string;
  /** The consignee's or shipper's id (the sign-in's `client_id`): their statement is asked by it. */
  clientId: string;
  role: ClientRole;
  username: string;
  /** `myfullname`: the consignee's or shipper's name. */
  fullName: string;
  loginTime: number;
}

export type LogoutReason = 'manual' | 'expired' | 'unauthorized';

type Listener = () => void;

const listeners = new Set<Listener>();
const logoutListeners = new Set<(reason: LogoutReason) => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let snapshot: Session | null | undefined;
let clientSnapshot: ClientSession | null | undefined;
let kind: SessionKind = 'staff';
let navigate: (path: string) => void = (path) => window.location.assign(path);

function storage(): Storage {
  return window.localStorage;
}

function changed(): void {
  snapshot = undefined;
  clientSnapshot = undefined;
  for (const listener of listeners) listener();
}

function read(): Session | null {
  if (kind !== 'staff') return null;
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

function readClient(): ClientSession | null {
  if (kind !== 'client') return null;
  const s = storage();
  const token = s.getItem('token');
  const role = s.getItem('role');
  const loginTime = Number(s.getItem('loginTime'));
  if (s.getItem('client_login') !== 'true' || !token || !isClientRole(role) || !Number.isFinite(loginTime) || loginTime <= 0) {
    return null;
  }
  return {
    token,
    role,
    loginTime,
    clientId: s.getItem('client_id') ?? '',
    username: s.getItem('username') ?? '',
    fullName: s.getItem('myfullname') ?? '',
  };
}

/**
 * Declare which session this page keeps (the host, once, before initSession): 'staff' (the
 * default, the console) or 'client' (the portal).
 */
export function setSessionKind(next: SessionKind): void {
  if (next === kind) return;
  kind = next;
  changed();
}

export function getSessionKind(): SessionKind {
  return kind;
}

/** The stored staff session (even if expired), or null when nobody is signed in. Stable between changes. */
export function getSession(): Session | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

/** The stored client session on the portal (even if expired), or null. Stable between changes. */
export function getClientSession(): ClientSession | null {
  if (clientSnapshot === undefined) clientSnapshot = readClient();
  return clientSnapshot;
}

/** The session of this page's kind, whichever it is. */
function current(): Session | ClientSession | null {
  return kind === 'client' ? getClientSession() : getSession();
}

/** The bearer token the API client sends: the token of this page's session, if any. */
export function sessionToken(): string | undefined {
  return current()?.token;
}

/** Signed in (with this page's kind of session) and less than SESSION_LENGTH_MS since login. */
export function isSessionValid(now: number = Date.now()): boolean {
  const session = current();
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

/**
 * Store a client's successful sign-in (the portal: `setSessionKind('client')` first) and start the
 * expiry timer.
 */
export function startClientSession(login: ClientLoginResponse, now: number = Date.now()): void {
  const s = storage();
  s.setItem('token', login.token);
  s.setItem('username', login.username);
  s.setItem('myfullname', login.ourfullname);
  s.setItem('role', login.role);
  s.setItem('client_id', login.client_id);
  s.setItem('client_login', 'true');
  s.setItem('loginTime', String(now));
  changed();
  scheduleExpiry(now);
}

/**
 * A failed login leaves the login flag 'false' (spec 01 §4, spec 02 §4: user_login, or client_login
 * on the portal) and nothing else behind.
 */
export function markLoginFailed(): void {
  clearSessionKeys();
  storage().setItem(kind === 'client' ? 'client_login' : 'user_login', 'false');
  changed();
}

/** Every key of a session; on the portal both kinds' keys (DECISIONS §2: Log Out clears every key). */
function clearSessionKeys(): void {
  const s = storage();
  const keys: readonly string[] = kind === 'client' ? [...SESSION_KEYS, ...CLIENT_SESSION_KEYS] : SESSION_KEYS;
  for (const key of keys) s.removeItem(key);
}

/** (Re)arm the single timer that logs out when the session reaches its end. */
function scheduleExpiry(now: number = Date.now()): void {
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
  const session = current();
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
 * signed in), tell the listeners and go to '/' (staff) or '/clientlogin' (a client, the
 * token revoked at the client logout call).
 */
export async function logout(reason: LogoutReason = 'manual'): Promise<void> {
  const token = storage().getItem('token');
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
  clearSessionKeys();
  changed();
  for (const listener of logoutListeners) listener(reason);
  const client = kind === 'client';
  navigate(client ? CLIENT_LOGIN_PATH : '/');
  if (token) {
    try {
      await fetch(apiUrl(client ? '/api/clientlogin/logout' : '/api/users/logout'), {
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
    const keys: readonly string[] = kind === 'client' ? CLIENT_SESSION_KEYS : SESSION_KEYS;
    if (event.key !== null && !keys.includes(event.key)) return;
    changed();
    scheduleExpiry();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    clearTimeout(expiryTimer);
  };
}
