import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { signInPath, type ClientRole, type StaffRole } from '@freight/contracts';
import { CLIENT_LOGIN_PATH, isSessionValid, logout } from '@freight/web-session';
import { useClientSession, useSession } from './use-session.js';
import { NoPermissionPage, type WayBack } from './pages.js';

/**
 * Every staff screen sits under this guard. It checks the session at every
 * navigation (and whenever the session changes, e.g. a logout in another tab):
 * without a valid session the keys are cleared and the visitor goes to '/'.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  // Re-evaluated on every render, and a navigation always re-renders (location changes).
  const valid = isSessionValid();

  useEffect(() => {
    // An expired session still holds keys: end it properly (clear, revoke).
    if (!valid && session) void logout('expired');
  }, [valid, session, location.key]);

  if (!valid) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/**
 * Only roles the contracts' permission functions allow may see the content, e.g.
 * `allowed={(role) => can(role, 'branches', 'write')}`; others get a clear "no permission"
 * page with a way back.
 */
export function RequirePermission({ allowed, children, ...wayBack }: { allowed: (role: StaffRole) => boolean; children?: ReactNode } & WayBack) {
  const session = useSession();
  if (!session || !allowed(session.role)) return <NoPermissionPage {...wayBack} />;
  return children ?? <Outlet />;
}

/** Only these roles may see the content; others get a clear "no permission" page with a way back. */
export function RequireRole({ roles, ...rest }: { roles: readonly StaffRole[]; children?: ReactNode } & WayBack) {
  return <RequirePermission allowed={(role) => roles.includes(role)} {...rest} />;
}

/**
 * Every client screen of the portal sits under this guard (the page's session kind 'client'). It
 * checks at every navigation: without a valid client session the keys are cleared and the visitor
 * goes to /clientlogin (signed out: told why, and returned to the page once signed in); a client
 * of another kind (a shipper on a consignee screen) goes there too.
 */
export function RequireClient({ role, children }: { role: ClientRole; children?: ReactNode }) {
  const location = useLocation();
  const session = useClientSession();
  const valid = isSessionValid();

  useEffect(() => {
    if (!valid && session) void logout('expired');
  }, [valid, session, location.key]);

  // Signed out: the sign-in says why and returns here (a session that expired is sent there by its logout).
  if (!session) return <Navigate to={signInPath(CLIENT_LOGIN_PATH, 'signed-out', location.pathname + location.search + location.hash)} replace />;
  if (!valid || session.role !== role) return <Navigate to={CLIENT_LOGIN_PATH} replace />;
  return children ?? <Outlet />;
}
