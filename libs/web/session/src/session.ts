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
 * Browser storage keys of a client session: the specification's (requirements 02 §3: token, username,
 * myfullname, role, client_login) plus the sign-in time and the client's id.
 */
export const CLIENT_SESSION_KEYS = ['token', 'username', 'myfullname', 'role', 'client_login', 'loginTime', 'client_id'] as const;

/** Where a client's logout (and a signed-out visit) goes: the client sign-in (requirements decisions §2). */
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

/** Each kind's session as it reads. */
interface Sessions {
  staff: Session;
  client: ClientSession;
}

/**
 * Where each kind keeps its session: the flag a sign-in sets 'true', the keys of the role (with
 * the roles it may hold), the person's id (and its field in the session), username and full name;
 * which keys are its own (another tab's change to them is followed) and which a logout clears;
 * where a logout goes and which call revokes the token.
 */
const STORED = {
  staff: {
    flag: 'user_login',
    role: 'user_role',
    isRole: isStaffRole,
    id: 'user_id',
    idField: 'userId',
    username: 'user_username',
    fullName: 'user_fullName',
    keys: SESSION_KEYS,
    cleared: SESSION_KEYS,
    logoutPath: '/',
    logoutCall: '/api/users/logout',
  },
  client: {
    flag: 'client_login',
    role: 'role',
    isRole: isClientRole,
    id: 'client_id',
    idField: 'clientId',
    username: 'username',
    fullName: 'myfullname',
    keys: CLIENT_SESSION_KEYS,
    // On the portal both kinds' keys: a client's logout clears every key.
    cleared: [...SESSION_KEYS, ...CLIENT_SESSION_KEYS],
    logoutPath: CLIENT_LOGIN_PATH,
    logoutCall: '/api/clientlogin/logout',
  },
} as const;

type Listener = () => void;

const listeners = new Set<Listener>();
const logoutListeners = new Set<(reason: LogoutReason) => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
/** Each kind's session as last read (null: none); a kind missing here is read again. */
let snapshots: { [K in SessionKind]?: Sessions[K] | null } = {};
let kind: SessionKind = 'staff';
let navigate: (path: string) => void = (path) => window.location.assign(path);

function storage(): Storage {
  return window.localStorage;
}

function changed(): void {
  snapshots = {};
  for (const listener of listeners) listener();
}

/** The stored session of kind `of`; none on a page of the other kind. */
function read<K extends SessionKind>(of: K): Sessions[K] | null {
  if (kind !== of) return null;
  const keys = STORED[of];
  const s = storage();
  const token = s.getItem('token');
  const role = s.getItem(keys.role);
  const loginTime = Number(s.getItem('loginTime'));
  if (s.getItem(keys.flag) !== 'true' || !token || !keys.isRole(role) || !Number.isFinite(loginTime) || loginTime <= 0) {
    return null;
  }
  const session = {
    token,
    role,
    loginTime,
    [keys.idField]: s.getItem(keys.id) ?? '',
    username: s.getItem(keys.username) ?? '',
    fullName: s.getItem(keys.fullName) ?? '',
  };
  // The kind's role and id field (userId, clientId) are checked above and in STORED, not by the compiler.
  return session as unknown as Sessions[K];
}

/** The stored session of kind `of`, read once between changes. */
function snapshot<K extends SessionKind>(of: K): Sessions[K] | null {
  if (snapshots[of] === undefined) snapshots[of] = read(of);
  return snapshots[of]!;
}

/** Stores a sign-in of kind `of` and starts the expiry timer. */
function store(of: SessionKind, login: { token: string; id: string; role: string; username: string; fullName: string }, now: number): void {
  const keys = STORED[of];
  const s = storage();
  s.setItem('token', login.token);
  s.setItem(keys.id, login.id);
  s.setItem(keys.role, login.role);
  s.setItem(keys.username, login.username);
  s.setItem(keys.fullName, login.fullName);
  s.setItem(keys.flag, 'true');
  s.setItem('loginTime', String(now));
  changed();
  scheduleExpiry(now);
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
  return snapshot('staff');
}

/** The stored client session on the portal (even if expired), or null. Stable between changes. */
export function getClientSession(): ClientSession | null {
  return snapshot('client');
}

/** The session of this page's kind, whichever it is. */
function current(): Session | ClientSession | null {
  return snapshot(kind);
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
  store('staff', { token: login.token, id: login.user_id, role: login.user_role, username: login.user_username, fullName: login.user_fullName }, now);
}

/**
 * Store a client's successful sign-in (the portal: `setSessionKind('client')` first) and start the
 * expiry timer.
 */
export function startClientSession(login: ClientLoginResponse, now: number = Date.now()): void {
  store('client', { token: login.token, id: login.client_id, role: login.role, username: login.username, fullName: login.ourfullname }, now);
}

/**
 * A failed login leaves the login flag 'false' (requirements 01 §4, requirements 02 §4: user_login, or client_login
 * on the portal) and nothing else behind.
 */
export function markLoginFailed(): void {
  clearSessionKeys();
  storage().setItem(STORED[kind].flag, 'false');
  changed();
}

/** Every key of a session; on the portal both kinds' keys (requirements decisions §2: Log Out clears every key). */
function clearSessionKeys(): void {
  const s = storage();
  for (const key of STORED[kind].cleared) s.removeItem(key);
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
  const { logoutPath, logoutCall } = STORED[kind];
  navigate(logoutPath);
  if (token) {
    try {
      await fetch(apiUrl(logoutCall), {
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
    const keys: readonly string[] = STORED[kind].keys;
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
