import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Routes } from 'react-router-dom';
import type { StaffRole, User } from '@freight/contracts';
import { startSession, theme } from '@freight/web-kit';

// What this remote's screen specs share. Named as test code (`.spec.`): only specs import it, no
// bundle has it, and the shared-entries audit leaves it out.

/** A JSON reply, as the gateway sends. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

/** The form field whose label starts with `label` (a required field's label ends in " *"). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
export const setField = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
