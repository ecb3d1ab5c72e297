import type { ReactNode } from 'react';
import { jest } from '@jest/globals';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { StaffRole, User } from '@freight/contracts';
import { logout, setSessionNavigator, startSession, theme } from '@freight/web-kit';
import MasterDataRoutes from './routes.js';

// What this remote's screen specs share. Named as test code (`.spec.`): only specs import it, no
// bundle has it, and the shared-entries audit leaves it out.

// A screen's code loads when it is first shown, and a loaded machine takes more than the default
// second to load it and to validate a form: the find* queries wait up to 5 s (failures still fail).
configure({ asyncUtilTimeout: 5_000 });

/** A JSON reply, as the gateway sends. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A reply without a body, as a proxy or a crashed server gives. */
export const bare = (status: number) => new Response('', { status });

/** How the fake gateway answers a call, by method and path (without the query). */
export type Handler = (method: string, path: string) => Response | Promise<Response>;

export interface FakeApi {
  /** What answers the calls; each test sets it. */
  handle: Handler;
  /** Every call the screens made: method, path with query, and JSON body. */
  calls: { method: string; url: string; body: unknown }[];
}

/**
 * For a spec file: fetch answers through `api.handle` in every test and records each call; after
 * each test the screen, the toasts and the session are cleared.
 */
export function fakeApi(): FakeApi {
  const api: FakeApi = { handle: (method, path) => Promise.reject(new Error(`unexpected call ${method} ${path}`)), calls: [] };
  beforeEach(() => {
    setSessionNavigator(() => {});
    api.calls = [];
    globalThis.fetch = jest.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://x');
      const method = init?.method ?? 'GET';
      api.calls.push({ method, url: url.pathname + url.search, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
      return api.handle(method, url.pathname);
    });
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    void logout();
  });
  return api;
}

/** The user the edit screens load. */
export const nimal: User = {
  _id: 'u1',
  fullName: 'Nimal Perera',
  username: 'nimal',
  email: 'nimal@example.com',
  branchCity: { BranchCity: 'Kandy' },
  contact: '+94 77 123 4567',
  role: 'Employee',
  department: 'Import',
};

/**
 * Signs in as `role` and renders `routes` at `path` with the providers the console gives a
 * remote (theme, dialogs, toasts, a query client that does not retry, so a failure shows at once).
 */
export function renderSignedIn(role: StaffRole, path: string, routes: ReactNode) {
  startSession({ token: 't', user_id: '1', user_role: role, user_username: 'me', user_fullName: 'Me', expiresAt: 0 });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[path]}>
            <Routes>{routes}</Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The remote's routes as the host mounts them, signed in as `role`, at `path` below Administrative Tools. */
export function renderAt(path: string, role: StaffRole) {
  renderSignedIn(role, `/admindashboard/administrativetools/${path}`, <Route path="/admindashboard/administrativetools/*" element={<MasterDataRoutes />} />);
}

/** The text of the alert the screen shows (waiting for it). */
export const alertText = async () => (await screen.findByRole('alert')).textContent;

/** The form field whose label starts with `label` (a required field's label ends in " *"). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
export const setField = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
