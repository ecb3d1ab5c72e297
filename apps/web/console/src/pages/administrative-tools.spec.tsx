import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { LoginResponse, MenuTile, RemoteMenu, StaffRole } from '@freight/contracts';

// The page is built from the menus the remotes expose (ADR 20); here the registry lists
// the master-data remote, whose menu is written out below as that remote brings it.
const loadRegistry = jest.fn<() => Promise<Record<string, string>>>();
const loadRemoteModule = jest.fn<(remote: string, exposed: string, retry?: boolean) => Promise<unknown>>();
jest.unstable_mockModule('../../../../../libs/web/kit/src/remote-registry.js', () => ({
  REGISTRY_URL: '/remotes.json',
  parseRegistry: (value: unknown) => value,
  loadRegistry,
  loadRemoteModule,
}));
const { logout, setSessionNavigator, startSession } = await import('@freight/web-kit');
const { AdministrativeToolsPage, MENUS_FAILED_MESSAGE } = await import('./administrative-tools.page.js');
const { forgetMenus } = await import('../remotes/remote-menus.js');

// Requirements 01 §2 "Administrative Tools page, grouped", written out here rather than read from
// the implementation, so that a wrong tile list, group or role fails this test.
const ALL: StaffRole[] = ['Head', 'Admin', 'Employee'];
const HEAD: StaffRole[] = ['Head'];
const SPEC: [group: string, tiles: [label: string, roles: StaffRole[]][]][] = [
  [
    'User and Branch Management',
    [
      ['Manage User', ALL],
      ['Manage Branch', HEAD],
    ],
  ],
  [
    'Client Management',
    [
      ['Manage Consignee', ALL],
      ['Manage Forwarder', ALL],
      ['Manage Shipper', ALL],
      ['Manage Client News', HEAD],
      ['Manage Client Announcements', HEAD],
    ],
  ],
  [
    'Loading and Infrastructure',
    [
      ['Manage Origin', ALL],
      ['Manage Yard', HEAD],
    ],
  ],
  [
    'Shipment Configuration',
    [
      ['Manage Shipment Type', HEAD],
      ['Manage Shipment Term', HEAD],
      ['Manage Shipment Counter', HEAD],
      ['Manage Shipment Deletion', HEAD],
    ],
  ],
];
/** Screens built so far, with their route under administrativetools/ (requirements 01 §2 route table). */
const BUILT: Record<string, string> = { 'Manage User': 'manageuser', 'Manage Branch': 'managebranch' };

const tile = (label: string, group: string, area: MenuTile['visibleTo']['area'], action: MenuTile['visibleTo']['action'], path?: string): MenuTile => ({
  label,
  group,
  visibleTo: { area, action },
  ...(path && { path }),
});
/** The master-data remote's menu (its ./menu module): users and branches built, the rest not yet. */
const MASTER_DATA_MENU: RemoteMenu = {
  tiles: [
    tile('Manage User', 'User and Branch Management', 'users', 'read', 'manageuser'),
    tile('Manage Branch', 'User and Branch Management', 'branches', 'write', 'managebranch'),
    tile('Manage Consignee', 'Client Management', 'consignees', 'read'),
    tile('Manage Forwarder', 'Client Management', 'forwarders', 'read'),
    tile('Manage Shipper', 'Client Management', 'shippers', 'read'),
    tile('Manage Origin', 'Loading and Infrastructure', 'origins', 'read'),
    tile('Manage Yard', 'Loading and Infrastructure', 'yards', 'delete'),
    tile('Manage Shipment Type', 'Shipment Configuration', 'shipmentTypes', 'delete'),
    tile('Manage Shipment Term', 'Shipment Configuration', 'shipmentTerms', 'delete'),
  ],
};

const expectedFor = (role: StaffRole) =>
  SPEC.map(([group, tiles]) => [group, tiles.filter(([, roles]) => roles.includes(role)).map(([label]) => label)] as const).filter(
    ([, labels]) => labels.length > 0,
  );

const signIn = (role: StaffRole) =>
  startSession({ token: 't', user_id: '1', user_role: role, user_username: 'u', user_fullName: 'U', expiresAt: 0 } satisfies LoginResponse);

function renderPage() {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/admindashboard/administrativetools']}>
        <Routes>
          <Route path="/admindashboard/administrativetools" element={<AdministrativeToolsPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** What the page shows once the menus are in: each group's heading and its tiles (links and buttons) in order. */
async function shownGroups() {
  await screen.findAllByRole('region');
  return screen.getAllByRole('region').map((region) => {
    const heading = within(region).getByRole('heading').textContent;
    const tiles = [...region.querySelectorAll('a, button')].map((t) => t.textContent);
    return [heading, tiles] as const;
  });
}

describe('Administrative Tools page (requirements 01 §2)', () => {
  beforeEach(() => {
    setSessionNavigator(() => {});
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    forgetMenus();
    loadRegistry.mockReset().mockResolvedValue({ masterData: '/remotes/master-data/remoteEntry.js' });
    loadRemoteModule.mockReset().mockResolvedValue({ default: MASTER_DATA_MENU });
  });
  afterEach(() => {
    cleanup(); // unmount before the session changes under a mounted screen
    void logout();
    jest.restoreAllMocks();
  });

  it.each(['Head', 'Admin', 'Employee'] as const)('shows %s the groups and tiles of the specification, in its order', async (role) => {
    signIn(role);
    renderPage();
    expect(await shownGroups()).toEqual(expectedFor(role));
    expect(loadRemoteModule.mock.calls).toEqual([['masterData', './menu', false]]);
  });

  it.each(['Head', 'Admin', 'Employee'] as const)(
    'as %s: built screens are links to their routes, the others disabled and "Not available yet"',
    async (role) => {
      signIn(role);
      renderPage();
      await screen.findAllByRole('region');
      for (const [, labels] of expectedFor(role)) {
        for (const label of labels) {
          if (BUILT[label]) {
            // The tile's accessible name is its visible text.
            expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(`/admindashboard/administrativetools/${BUILT[label]}`);
          } else {
            const tile = screen.getByRole('button', { name: label }) as HTMLButtonElement;
            expect(tile.disabled).toBe(true);
            expect(document.getElementById(tile.getAttribute('aria-describedby')!)?.textContent).toBe('Not available yet');
          }
        }
      }
    },
  );

  it('says it is loading until the menus are in, then shows no alert', async () => {
    let answer!: (menu: unknown) => void;
    loadRemoteModule.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    signIn('Head');
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeTruthy();
    expect(screen.queryAllByRole('region')).toEqual([]);
    answer({ default: MASTER_DATA_MENU });
    expect(await shownGroups()).toEqual(expectedFor('Head'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a page shown again uses the menus already loaded', async () => {
    signIn('Admin');
    renderPage();
    await screen.findAllByRole('region');
    cleanup();
    renderPage();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage User' })).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenCalledTimes(1);
  });

  it.each(['Head', 'Admin', 'Employee'] as const)(
    'as %s with the remote failing: the same tiles, all "Not available yet", and a retry that brings the links',
    async (role) => {
      jest.spyOn(console, 'error').mockImplementation(() => {});
      loadRemoteModule.mockRejectedValueOnce(new Error('remoteEntry.js 503'));
      signIn(role);
      renderPage();
      expect(await shownGroups()).toEqual(expectedFor(role));
      expect(screen.queryAllByRole('link')).toEqual([]);
      for (const [, labels] of expectedFor(role)) {
        for (const label of labels) expect((screen.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(true);
      }
      expect(screen.getByRole('alert').textContent).toContain(MENUS_FAILED_MESSAGE);

      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect((await screen.findByRole('link', { name: 'Manage User' })).getAttribute('href')).toBe('/admindashboard/administrativetools/manageuser');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(await shownGroups()).toEqual(expectedFor(role));
      // The retry fetches the remote's files again.
      expect(loadRemoteModule.mock.calls).toEqual([
        ['masterData', './menu', false],
        ['masterData', './menu', true],
      ]);
    },
  );

  it('without /remotes.json: every tile "Not available yet", and a retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadRegistry.mockRejectedValueOnce(new Error('/remotes.json answered 503'));
    signIn('Head');
    renderPage();
    expect(await shownGroups()).toEqual(expectedFor('Head'));
    expect(screen.queryAllByRole('link')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Manage Branch' })).toBeTruthy();
  });

  it('a tile a remote adds appears in its group without a console rebuild', async () => {
    loadRemoteModule.mockResolvedValue({
      default: { tiles: [...MASTER_DATA_MENU.tiles, tile('Manage Vessel', 'Shipment Configuration', 'yards', 'read', 'managevessel')] },
    });
    signIn('Admin');
    renderPage();
    const groups = await shownGroups();
    expect(groups.at(-1)).toEqual(['Shipment Configuration', ['Manage Vessel']]);
    expect(screen.getByRole('link', { name: 'Manage Vessel' }).getAttribute('href')).toBe('/admindashboard/administrativetools/managevessel');
  });
});
