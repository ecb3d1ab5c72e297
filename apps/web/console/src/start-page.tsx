import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Container, Text, Title } from '@mantine/core';
import { signInPath, type SignInReason } from '@freight/contracts';
import { isSessionValid, logout, onLogout, useSession, type LogoutReason } from '@freight/web-kit';

/**
 * The start page is the public microsite's (apps/web/tracking), served by the edge at `/` with the
 * staff sign-in form (ADR 40): another document, not a console screen. The console reaches it by a
 * full page load: a signed-out visit to a staff page, a logout, a "Go to the start page" link.
 */
export const START_PAGE = '/';
/** The microsite's staff sign-in form. */
const SIGN_IN = '/#login';

/**
 * The page load (a seam for tests: jsdom cannot navigate; `replace`: the page left is not kept in the history),
 * and where the console's document was loaded: loaded at `/`, leaving for `/` would load the console again.
 */
export const documentNavigation = {
  go: (path: string) => window.location.replace(path),
  loadedAt: window.location.pathname,
  /** The page on show (path, query and hash): where a sign-in returns to. */
  here: () => window.location.pathname + window.location.search + window.location.hash,
  /** Set once the page is leaving for the start page: a second reason to leave (the guard after a logout) adds nothing. */
  leaving: false,
};

/**
 * Leave for the start page by a page load, once. With a reason, to its sign-in form, which says
 * why and returns to `next` (this page) after sign-in.
 */
export function leaveForStartPage(reason?: SignInReason, next = documentNavigation.here()): void {
  if (documentNavigation.leaving) return;
  documentNavigation.leaving = true;
  documentNavigation.go(reason ? signInPath(SIGN_IN, reason, next) : START_PAGE);
}

/**
 * The session's navigator for the console (setSessionNavigator): the start page by a page load,
 * any other path by the router (`navigate`). After a Log Out the start page as it is; after a
 * session that ended by itself (expired, or refused by the server), its sign-in form returns here.
 */
export function sessionNavigator(navigate: (path: string) => void): (path: string) => void {
  let lastLogout: LogoutReason = 'manual';
  onLogout((reason) => (lastLogout = reason));
  return (path) => (path === START_PAGE ? leaveForStartPage(lastLogout === 'manual' ? undefined : 'expired') : navigate(path));
}

/**
 * The console's `/`: leaves for the microsite by a page load. Where the console itself was served
 * at `/` (its development server, no edge in front) it says so instead of reloading itself.
 */
export function LeaveForStartPage() {
  const loadedAtStartPage = documentNavigation.loadedAt === START_PAGE;
  useEffect(() => {
    if (!loadedAtStartPage) leaveForStartPage();
  }, [loadedAtStartPage]);
  if (!loadedAtStartPage) return null;
  return (
    <Container component="main" py="xl">
      <Title order={1} size="h2">
        Start page
      </Title>
      <Text>The start page and the sign-in form are the microsite&apos;s, served at / by the edge (npm start).</Text>
    </Container>
  );
}

/**
 * The console's guard of every staff screen (the kit's RequireSession, leaving by a page load):
 * checked at every navigation and whenever the session changes (a logout in another tab).
 * Signed out, the visitor leaves for the start page's sign-in form at once, with no stop at the
 * console's own `/`, told why and returned to the page asked for once signed in; an expired session
 * is ended properly first (cleared, revoked: the session's navigator then leaves the same way).
 */
export function RequireStaffSession() {
  const location = useLocation();
  const session = useSession();
  const valid = isSessionValid();
  useEffect(() => {
    if (valid) return;
    leaveForStartPage(session ? 'expired' : 'signed-out', location.pathname + location.search + location.hash);
    if (session) void logout('expired');
  }, [valid, session, location]);
  return valid ? <Outlet /> : null;
}
