import { jest } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { LoginResponse, StaffRole } from '@freight/contracts';
import { logout, setSessionNavigator, startSession } from '@freight/web-kit';
import { AdministrativeToolsPage } from './administrative-tools.page.js';

// Spec 01 §2 "Administrative Tools page, grouped", written out here rather than read from
// the implementation, so that a wrong tile list, group or role fails this test.
const ALL: StaffRole[] = ['Head', 'Admin', 'Employee'];
const HEAD: StaffRole[] = ['Head'];
const SPEC: [group: string, tiles: [label: string, roles: StaffRole[]][]][] = [
  ['User and Branch Management', [['Manage User', ALL], ['Manage Branch', HEAD]]],
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
  ['Loading and Infrastructure', [['Manage Origin', ALL], ['Manage Yard', HEAD]]],
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
/** Screens built so far, with their route under administrativetools/ (spec 01 §2 route table). */
const BUILT: Record<string, string> = { 'Manage User': 'manageuser', 'Manage Branch': 'managebranch' };

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

/** What the page shows: each group's heading and its tiles (links and buttons) in order. */
function shownGroups() {
  return screen.getAllByRole('region').map((region) => {
    const heading = within(region).getByRole('heading').textContent;
    const tiles = [...region.querySelectorAll('a, button')].map((tile) => tile.textContent);
    return [heading, tiles] as const;
  });
}

describe('Administrative Tools page (spec 01 §2)', () => {
  beforeEach(() => {
    setSessionNavigator(() => {});
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
  });
  afterEach(() => {
    cleanup(); // unmount before the session changes under a mounted screen
    void logout();
  });

  it.each(['Head', 'Admin', 'Employee'] as const)('shows %s the groups and tiles of the specification, in its order', (role) => {
    signIn(role);
    renderPage();
    expect(shownGroups()).toEqual(expectedFor(role));
  });

  it.each(['Head', 'Admin', 'Employee'] as const)('as %s: built screens are links to their routes, the others disabled and "Not available yet"', (role) => {
    signIn(role);
    renderPage();
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
  });
});
