import { jest } from '@jest/globals';
import { cleanup, configure, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Job, StaffRole } from '@freight/contracts';
import { logout, setSessionNavigator, startSession, theme } from '@freight/web-kit';
import JobsRoutes from '../routes.js';

// What the booking screens' specs share. Named as test code (`.spec.`): only specs import it, no
// bundle has it, and the shared-entries audit leaves it out.

// A screen's code loads when it is first shown: the find* queries wait up to 5 s on a loaded machine.
configure({ asyncUtilTimeout: 5_000 });

/** The signed-in user's id (a uuid, as the list paths take). */
export const USER_ID = '7d1f0c1e-3b7a-4a59-9d43-2f4c1a0b9e11';

/** A JSON reply, as the gateway sends (a list's total in X-Total-Count). */
export const json = (body: unknown, status = 200, total?: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(total === undefined ? {} : { 'X-Total-Count': String(total) }) },
  });

/** How the fake gateway answers a call, by method and path (without the query). */
export type Handler = (method: string, path: string, body: unknown) => Response | Promise<Response>;

export interface FakeApi {
  handle: Handler;
  /** Every call the screens made: method, path with query, and JSON body. */
  calls: { method: string; url: string; body: unknown }[];
}

/** For a spec file: fetch answers through `api.handle` and records each call; after each test the screen, toasts and session are cleared. */
export function fakeApi(): FakeApi {
  const api: FakeApi = { handle: (method, path) => Promise.reject(new Error(`unexpected call ${method} ${path}`)), calls: [] };
  beforeEach(() => {
    setSessionNavigator(() => {});
    api.calls = [];
    globalThis.fetch = jest.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://x');
      const method = init?.method ?? 'GET';
      // The live job stream (useLiveJobs) is tested in the kit; here it is refused, so it stops trying.
      if (url.pathname === '/api/shipments/live') return new Response('', { status: 403 });
      const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
      api.calls.push({ method, url: url.pathname + url.search, body });
      return api.handle(method, url.pathname, body);
    });
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    void logout();
  });
  return api;
}

/** A booking as the service answers it: a proceeded job with a few fields left empty. */
export function booking(overrides: Partial<Job> = {}): Job {
  return {
    _id: 'j1',
    jobNo: 'IMP-000042',
    direction: 'Import',
    date: '2026-11-20',
    user: { _id: USER_ID, fullName: 'Nimal Perera' },
    branchCity: { _id: 'b1', BranchCity: 'Colombo' },
    consigneeName: { _id: 'c1', consigneeName: 'Harbour Foods' },
    notify: null,
    shipperName: { _id: 's1', shipperName: 'Shanghai Exports' },
    forwarderName: null,
    originPort: { _id: 'o1', OriginPortName: 'Shanghai' },
    yardName: null,
    typeOfShipment: { _id: 't1', TypeofShipment: 'LCL' },
    termOfShipment: { _id: 'm1', TermofShipment: 'FOB' },
    ShipmentStatus: 'Booking Confirmed',
    statusOfShipment: 'Transit',
    cartoons: 120,
    cbm: 14.5,
    weight: 2300,
    blNo: 'SHA123456',
    containerNo: 'MSCU1234567',
    Vesselname: 'MSC Aurora',
    whArrivalDate: null,
    etd: '2026-11-22',
    eta: '2026-12-10',
    deStuff: null,
    doIssue: null,
    bookingNo: 'BK-77',
    remarks: 'Fragile',
    personalremarks: '',
    jobStatus: true,
    statusUpdateToClient: false,
    proceedToProceeding: true,
    invoiceNo: '',
    invoiceAmount: null,
    invoiceDate: null,
    version: 3,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

/** Where the router is now (path and query), for the specs to read after a navigation. */
export const location = { current: '' };
function WhereAmI() {
  const { pathname, search } = useLocation();
  location.current = pathname + search;
  return null;
}

/**
 * Signs in as `role` ("Kamal Silva") and renders the remote at `path`, matched by `pattern` as the
 * console's route does (its params are what the screens read), with the providers the console gives.
 */
export function renderAt(path: string, role: StaffRole, pattern = path.split('?')[0]!) {
  startSession({ token: 't', user_id: USER_ID, user_role: role, user_username: 'kamal', user_fullName: 'Kamal Silva', expiresAt: 0 });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[path]}>
            <WhereAmI />
            <Routes>
              <Route path={pattern} element={<JobsRoutes />} />
              <Route path="*" element={<JobsRoutes />} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
