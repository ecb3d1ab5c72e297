import { jest } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { StaffRole } from '@freight/contracts';

// The remote is not under test here: its slot shows a stand-in, its menu is empty.
// (The kit's registry module, mocked before the kit is first imported.)
jest.unstable_mockModule('../../../../libs/web/kit/src/remote-registry.js', () => ({
  REGISTRY_URL: '/remotes.json',
  parseRegistry: (value: unknown) => value,
  loadRegistry: async () => ({
    masterData: '/remotes/master-data/remoteEntry.js',
    jobs: '/remotes/jobs/remoteEntry.js',
    accounts: '/remotes/accounts/remoteEntry.js',
  }),
  loadRemoteModule: async (remote: string, exposed: string) => (exposed === './menu' ? { default: { tiles: [] } } : { default: () => <p>{remote} remote</p> }),
}));
const { logout, setSessionNavigator, startSession } = await import('@freight/web-kit');
const { routes } = await import('./router.js');
const { LeaveForStartPage, documentNavigation, sessionNavigator } = await import('./start-page.js');

/** Renders the console at `path`; resolves once the screen is on show (screens and the shell load lazily). */
async function renderAt(path: string, role?: StaffRole) {
  if (role) startSession({ token: 't', user_id: '1', user_role: role, user_username: 'me', user_fullName: 'Me Myself', expiresAt: 0 });
  render(
    <MantineProvider>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </MantineProvider>,
  );
  await screen.findByRole('main');
}

const COMPANY = { name: 'Lanka Ocean Lines', address: '45 Harbour Street, Colombo 01', phone: '+94 11 234 5678', email: 'hello@lanka.example', logoUrl: '' };

/** The staff shell is around the screen: the header with Log Out, the sidebar, the banner. */
function expectShell() {
  expect(screen.getByRole('banner').textContent).toContain('Log Out');
  expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
  expect(screen.getByText('Welcome to Import Management')).toBeTruthy();
}

describe('every staff page lives in the shell', () => {
  beforeEach(() => {
    localStorage.clear();
    setSessionNavigator(() => {});
    globalThis.fetch = jest
      .fn<typeof fetch>()
      .mockImplementation(async (input) => (String(input).endsWith('/api/company') ? Response.json(COMPANY) : new Response('{}')));
  });
  afterEach(() => {
    cleanup();
    void logout();
    jest.restoreAllMocks();
    documentNavigation.leaving = false;
  });

  it.each([
    '/shipmentmanagement',
    '/adminshipmentmanagement',
    '/manageimportadmin',
    '/worklistemployee/7',
    '/editbooking/IMP-000001',
    '/admindashboard/administrativetools/manageshipmentcounter',
    '/admindashboard/administrativetools/deleteshipment',
  ])('%s: a screen of the jobs remote, in its slot inside the shell', async (path) => {
    await renderAt(path, 'Head');
    expect(await screen.findByText('jobs remote')).toBeTruthy();
    expectShell();
  });

  it("every staff page ends with the company's footer: the current year and the configured name (GET /api/company)", async () => {
    await renderAt('/admindashboard', 'Employee');
    const footer = await screen.findByText(`© ${new Date().getFullYear()} ${COMPANY.name}. All rights reserved.`, { exact: false });
    expect(footer.closest('footer')!.textContent).toContain(COMPANY.address);
  });

  it("every staff page carries the Owner's Message", async () => {
    await renderAt('/admindashboard', 'Employee');
    expect(screen.getByRole('complementary', { name: "Owner's Message:" }).textContent).toContain('Submit shipment requests before 5 PM.');
  });

  it.each(['/admindashboard/accounts', '/admindashboard/accounts/viewcredit', '/admindashboard/accounts/editcredit/12'])(
    '%s: a screen of the accounts remote, in its slot inside the shell',
    async (path) => {
      await renderAt(path, 'Head');
      expect(await screen.findByText('accounts remote')).toBeTruthy();
      expectShell();
    },
  );

  it('an address that is no screen at all is "Page not found", inside the shell for staff', async () => {
    await renderAt('/no-such-screen', 'Admin');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/admindashboard');
    expectShell();
  });

  it.each(['/admindashboard', '/admindashboard/accounts/viewdebit', '/shipmentmanagement', '/editbooking/IMP-000001'])(
    "signed out, %s leaves for the start page's sign-in form (the microsite at /) by a page load, saying why and to return there",
    async (path) => {
      documentNavigation.loadedAt = path;
      const go = jest.spyOn(documentNavigation, 'go').mockImplementation(() => {});
      render(
        <MantineProvider>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
        </MantineProvider>,
      );
      await waitFor(() => expect(go.mock.calls).toEqual([[`/?reason=signed-out&next=${encodeURIComponent(path)}#login`]]));
      expect(screen.queryByRole('banner')).toBeNull();
    },
  );

  it('an expired session at a staff page is ended (keys cleared) and the visitor leaves for the sign-in form, which returns there', async () => {
    documentNavigation.loadedAt = '/admindashboard';
    const go = jest.spyOn(documentNavigation, 'go').mockImplementation(() => {});
    setSessionNavigator(sessionNavigator(() => {}));
    const login = { token: 't', user_id: '1', user_role: 'Head' as const, user_username: 'me', user_fullName: 'Me Myself', expiresAt: 0 };
    startSession(login, Date.now() - 61 * 60 * 1000);
    render(
      <MantineProvider>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/admindashboard/accounts?x=1'] })} />
      </MantineProvider>,
    );
    await waitFor(() => expect(go.mock.calls).toEqual([[`/?reason=expired&next=${encodeURIComponent('/admindashboard/accounts?x=1')}#login`]]));
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('the console has no start page of its own: served at / itself (no edge in front), it says where the start page is', async () => {
    documentNavigation.loadedAt = '/';
    const go = jest.spyOn(documentNavigation, 'go').mockImplementation(() => {});
    render(
      <MantineProvider>
        <LeaveForStartPage />
      </MantineProvider>,
    );
    expect(screen.getByRole('main').textContent).toContain('served at / by the edge');
    expect(go).not.toHaveBeenCalled();
  });

  it('a session ended by the server or the timer on a page leaves for the sign-in form, which returns to that page; Log Out for the start page as it is', async () => {
    const go = jest.spyOn(documentNavigation, 'go').mockImplementation(() => {});
    jest.spyOn(documentNavigation, 'here').mockReturnValue('/editbooking/IMP-000042');
    setSessionNavigator(sessionNavigator(() => {}));
    const login = { token: 't', user_id: '1', user_role: 'Head' as const, user_username: 'me', user_fullName: 'Me Myself', expiresAt: 0 };
    startSession(login);
    await logout('unauthorized');
    expect(go.mock.calls).toEqual([[`/?reason=expired&next=${encodeURIComponent('/editbooking/IMP-000042')}#login`]]);
    documentNavigation.leaving = false;
    startSession(login);
    await logout('manual');
    expect(go.mock.calls.at(-1)).toEqual(['/']);
  });

  it('the session leaves for the start page by a page load (a logout), for any other path through the router', () => {
    const go = jest.spyOn(documentNavigation, 'go').mockImplementation(() => {});
    const navigate = jest.fn<(path: string) => void>();
    const navigator = sessionNavigator(navigate);
    navigator('/');
    navigator('/admindashboard');
    expect(go.mock.calls).toEqual([['/']]);
    expect(navigate.mock.calls).toEqual([['/admindashboard']]);
  });

  it('signed out: an unknown address is not found, in a main landmark, the page heading of its own', async () => {
    await renderAt('/no-such-screen');
    expect(screen.getByRole('main').textContent).toContain('Page not found');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('master-data screens come from the remote, inside the shell', async () => {
    await renderAt('/admindashboard/administrativetools/manageuser', 'Admin');
    expect(await screen.findByText('masterData remote')).toBeTruthy();
    expectShell();
  });

  it.each([
    ['Head', ['My Management', 'Administrative Tools', 'Accounts']],
    ['Admin', ['My Management', 'Administrative Tools']],
    ['Employee', ['Shipment Management', 'My Management', 'Administrative Tools']],
  ] as const)('the sidebar shows %s %j', async (role, items) => {
    await renderAt('/admindashboard', role);
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    expect([...sidebar.querySelectorAll('a')].map((link) => link.textContent)).toEqual(items);
  });

  it.each([
    ['Head', '/adminshipmentmanagement'],
    ['Admin', '/adminshipmentmanagement'],
    ['Employee', '/shipmentmanagement'],
  ] as const)("the dashboard's Shipment Management button takes %s to %s", async (role, path) => {
    await renderAt('/admindashboard', role);
    const main = screen.getByRole('main');
    expect([...main.querySelectorAll('a')].find((link) => link.textContent === 'Shipment Management')?.getAttribute('href')).toBe(path);
  });

  it.each([
    ['Head', true],
    ['Admin', false],
    ['Employee', false],
  ] as const)('the accounts area: %s may open it: %s', async (role, allowed) => {
    await renderAt('/admindashboard/accounts/viewdebit', role);
    if (allowed) expect(await screen.findByText('accounts remote')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You do not have permission' }) !== null).toBe(!allowed);
    expect(screen.queryByText('accounts remote') !== null).toBe(allowed);
    expectShell();
  });
});
