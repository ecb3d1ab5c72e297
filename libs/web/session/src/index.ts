// The session (the staff's in the console, a client's in the portal) and the API base: the browser state that must exist once per page.
// Module federation shares this package as a singleton, so the host and every remote
// use the host's copy: one stored session, one set of listeners, one expiry timer, one
// logout. Everything stateless (components, hooks, the API client) lives in
// @freight/web-kit, which each app bundles in the version it was built with.
//
// Hosts and remotes deploy apart, so a remote may meet an older or newer copy of this
// package than the one it was built with. Keep this API small and backwards compatible:
// add, never change or remove; raise the minor version when adding, so a remote that
// needs the addition gets the federation's version warning from an older host.
export { setApiBase, apiUrl } from './api-config.js';
export {
  getSession,
  getClientSession,
  sessionToken,
  setSessionKind,
  getSessionKind,
  startClientSession,
  CLIENT_SESSION_KEYS,
  CLIENT_LOGIN_PATH,
  isSessionValid,
  subscribeSession,
  onLogout,
  setSessionNavigator,
  startSession,
  markLoginFailed,
  logout,
  initSession,
  type Session,
  type ClientSession,
  type SessionKind,
  type LogoutReason,
} from './session.js';
