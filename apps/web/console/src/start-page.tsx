import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Container, Text, Title } from '@mantine/core';
import { isSessionValid, logout, useSession } from '@freight/web-kit';

/**
 * The start page is the public microsite's (apps/web/tracking), served by the edge at `/` with the
 * staff sign-in form (ADR 40): another document, not a console screen. The console reaches it by a
 * full page load: a signed-out visit to a staff page, a logout, a "Go to the start page" link.
 */
export const START_PAGE = '/';

/**
 * The page load (a seam for tests: jsdom cannot navigate; `replace`: the page left is not kept in the history),
 * and where the console's document was loaded: loaded at `/`, leaving for `/` would load the console again.
 */
export const documentNavigation = {
  go: (path: string) => window.location.replace(path),
  loadedAt: window.location.pathname,
  /** Set once the page is leaving for the start page: a second reason to leave (the guard after a logout) adds nothing. */
  leaving: false,
};

/** Leave for the start page by a page load, once. */
export function leaveForStartPage(): void {
  if (documentNavigation.leaving) return;
  documentNavigation.leaving = true;
  documentNavigation.go(START_PAGE);
}

/**
 * The session's navigator for the console (setSessionNavigator): the start page by a page load,
 * any other path by the router (`navigate`).
 */
export function sessionNavigator(navigate: (path: string) => void): (path: string) => void {
  return (path) => (path === START_PAGE ? leaveForStartPage() : navigate(path));
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
 * Signed out, the visitor leaves for the start page at once, with no stop at the console's own `/`;
 * an expired session is ended properly first (cleared, revoked: the session's navigator then leaves).
 */
export function RequireStaffSession() {
  const location = useLocation();
  const session = useSession();
  const valid = isSessionValid();
  useEffect(() => {
    if (valid) return;
    if (session) void logout('expired');
    else leaveForStartPage();
  }, [valid, session, location.key]);
  return valid ? <Outlet /> : null;
}
