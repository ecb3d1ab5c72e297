import { cleanup, configure, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { JOBS_SCREENS, type StaffRole } from '@freight/contracts';
import { logout, setSessionNavigator, startSession, theme } from '@freight/web-kit';
import JobsRoutes, { SCREENS } from './routes.js';

// A screen's code loads when it is first shown: the find* queries wait up to 5 s on a loaded machine.
configure({ asyncUtilTimeout: 5_000 });

/** Signs in as `role` (user id 7, "Kamal Silva") and renders the remote at `path`, as the console's slot does. */
function renderAt(path: string, role: StaffRole) {
  startSession({ token: 't', user_id: '7', user_role: role, user_username: 'kamal', user_fullName: 'Kamal Silva', expiresAt: 0 });
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <JobsRoutes />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the jobs remote: choosers', () => {
  beforeEach(() => setSessionNavigator(() => {}));
  afterEach(() => {
    cleanup();
    void logout();
  });

  it.each([
    ['/adminshipmentmanagement', 'Admin', '/manageimportadmin'],
    ['/adminshipmentmanagement', 'Head', '/manageimportadmin'],
    ['/shipmentmanagement', 'Employee', '/manageimportemployee'],
  ] as const)('%s (%s): IMPORT opens %s, EXPORT the same for Export jobs', async (path, role, hub) => {
    renderAt(path, role);
    expect(await screen.findByRole('heading', { name: 'Shipment Management' })).toBeTruthy();
    expect(hrefOf('IMPORT')).toBe(hub);
    expect(hrefOf('EXPORT')).toBe(`${hub}?direction=Export`);
  });

  it('the frame shows the clock (dd/mm/yyyy – Weekday – HH:mm) and the signed-in full name', async () => {
    renderAt('/shipmentmanagement', 'Employee');
    await screen.findByRole('heading', { name: 'Shipment Management' });
    expect(screen.getByText(/^\d{2}\/\d{2}\/\d{4} – (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day – \d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByText('Kamal Silva')).toBeTruthy();
  });

  it('an Employee is refused the admin entry, with a way back to their own', async () => {
    renderAt('/manageimportadmin', 'Employee');
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(hrefOf('Go to your start page')).toBe('/shipmentmanagement');
  });

  it.each([
    ['/manageimportadmin', 'Admin', 'Import Management', ['/worklistadmin', '/importbooklist', '/managevessel', '/manageagent']],
    [
      '/manageimportadmin?direction=Export',
      'Head',
      'Export Management',
      ['/worklistadmin?direction=Export', '/importbooklist?direction=Export', '/managevessel', '/manageagent'],
    ],
    [
      '/manageimportemployee',
      'Employee',
      'Import Management',
      ['/worklistemployee/7', '/importbooklistemployee', '/managevesselemployee', '/manageagentemployee'],
    ],
    [
      '/manageimportemployee?direction=Export',
      'Employee',
      'Export Management',
      ['/worklistemployee/7?direction=Export', '/importbooklistemployee?direction=Export', '/managevesselemployee', '/manageagentemployee'],
    ],
  ] as const)('%s (%s): %s with the worklist, booking sheet, vessels and agents', async (path, role, title, links) => {
    renderAt(path, role);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(['Today Job Inquiry', 'Daily Booking Sheet', 'Weekly Vessel Planning', 'Overseas Offices Detail'].map(hrefOf)).toEqual(links);
  });

  it('every screen of requirements 02 §2 is built; an address of no screen is not found', async () => {
    expect(Object.keys(JOBS_SCREENS).filter((path) => !(path in SCREENS))).toEqual([]);
    renderAt('/worklistemployee', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
