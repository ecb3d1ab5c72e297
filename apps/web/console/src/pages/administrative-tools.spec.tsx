import { jest } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import type { LoginResponse, StaffRole } from '@freight/contracts';
import { logout, setSessionNavigator, startSession } from '@freight/web-kit';
import { TOOL_GROUPS, toolsFor } from './administrative-tools.js';
import { AdministrativeToolsPage } from './administrative-tools.page.js';

const labels = (role: StaffRole) => toolsFor(role).flatMap((g) => g.tiles.map((t) => t.label));

describe('Administrative Tools tiles by role (spec 01 §2)', () => {
  it('Head sees every tile, in the specified groups', () => {
    expect(toolsFor('Head').map((g) => g.title)).toEqual([
      'User and Branch Management',
      'Client Management',
      'Loading and Infrastructure',
      'Shipment Configuration',
    ]);
    expect(labels('Head')).toHaveLength(TOOL_GROUPS.flatMap((g) => g.tiles).length);
  });

  it.each(['Admin', 'Employee'] as const)('%s sees only the all-staff tiles', (role) => {
    expect(labels(role)).toEqual(['Manage User', 'Manage Consignee', 'Manage Forwarder', 'Manage Shipper', 'Manage Origin']);
    expect(toolsFor(role).map((g) => g.title)).not.toContain('Shipment Configuration');
  });

  it('only Manage User and Manage Branch have screens so far', () => {
    const linked = TOOL_GROUPS.flatMap((g) => g.tiles).filter((t) => t.path);
    expect(linked.map((t) => [t.label, t.path])).toEqual([
      ['Manage User', 'manageuser'],
      ['Manage Branch', 'managebranch'],
    ]);
  });
});

describe('AdministrativeToolsPage', () => {
  const signIn = (role: StaffRole) =>
    startSession({ token: 't', user_id: '1', user_role: role, user_username: 'u', user_fullName: 'U', expiresAt: 0 } satisfies LoginResponse);

  beforeEach(() => {
    setSessionNavigator(() => {});
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
  });
  afterEach(() => {
    cleanup(); // unmount before the session changes under a mounted screen
    void logout();
  });

  const renderPage = () =>
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/admindashboard/administrativetools']}>
          <AdministrativeToolsPage />
        </MemoryRouter>
      </MantineProvider>,
    );

  it('as Admin: links Manage User, hides Head-only tiles, disables later tools with a hint', () => {
    signIn('Admin');
    renderPage();
    expect(screen.getByRole('link', { name: 'Manage User' }).getAttribute('href')).toBe('/manageuser');
    expect(screen.queryByText('Manage Branch')).toBeNull();
    expect(screen.queryByText('Manage Yard')).toBeNull();
    const consignee = screen.getByRole('button', { name: 'Manage Consignee' }) as HTMLButtonElement;
    expect(consignee.disabled).toBe(true);
    expect(document.getElementById(consignee.getAttribute('aria-describedby')!)?.textContent).toBe('Not available yet');
  });

  it('as Head: Manage Branch is a link and every Head-only tile shows', () => {
    signIn('Head');
    renderPage();
    expect(screen.getByRole('link', { name: 'Manage Branch' })).toBeTruthy();
    for (const label of ['Manage Client News', 'Manage Client Announcements', 'Manage Yard', 'Manage Shipment Deletion']) {
      expect((screen.getByRole('button', { name: label }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
