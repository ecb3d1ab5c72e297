import { jest } from '@jest/globals';
import axe from 'axe-core';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { companyProfileFromEnv, type ClientBooking, type ClientRole, type Job, type StaffRole, type Statement } from '@freight/contracts';
import { logout, setSessionKind, setSessionNavigator, startClientSession, startSession } from '@freight/web-session';
import { KitProviders } from './providers.js';
import { theme } from './theme.js';

// Test code of the web remotes' screen specs (`@freight/web-kit/testing`): no bundle has it, and
// the kit's build leaves it out.

// A screen's code loads when it is first shown: the find* queries wait up to 5 s on a loaded machine.
configure({ asyncUtilTimeout: 5_000 });

/** A JSON reply as the gateway sends it, with extra headers (X-Total-Count). */
export const reply = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The form field whose label starts with `label` (a required field's label ends in " *"). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
/** Types `value` into that field. */
export const setField = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/**
 * The options a reference picker (the kit's ReferencePicker) offers now. jsdom has no layout, so
 * Mantine's popover, finding its input nowhere on screen, keeps the list hidden (display: none):
 * the options are read from the accessibility tree including hidden nodes; Chromium end to end
 * sees them shown.
 */
export async function pickerOptions(label: string, name?: string) {
  const list = await screen.findByRole('listbox', { hidden: true, name: (name) => name.startsWith(`Choices: ${label}`) });
  return within(list).findAllByRole('option', { hidden: true, ...(name && { name }) });
}

/**
 * Chooses `name` in the reference picker labelled `label`: opens it, types the name, waits for
 * the server's answer to offer it and clicks it. The options are replaced as the answers come
 * (every name on opening, then, after the search's debounce, those containing the text): a click
 * on an option that was just replaced is lost on a busy machine, so it clicks until the choice
 * closes the list.
 */
export async function pick(label: string, name: string) {
  const input = field(label);
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: name } });
  await waitFor(
    async () => {
      const [option] = await pickerOptions(label, name);
      fireEvent.click(option!);
      expect(input.getAttribute('aria-expanded')).toBe('false');
    },
    { timeout: 5000 },
  );
}

/** A recorded call of the screens: method, path with its query, JSON body. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** How the fake gateway answers a call. */
export type Answer = (call: Call) => Response | Promise<Response>;

/**
 * The gateway as the screens see it: `routes` maps "METHOD /api/path" (no query) to an answer;
 * `otherwise` answers the calls no route names, given the path without its query (for a spec
 * that answers by its own rules, or every call alike); without it such a call fails the test's
 * screen visibly (500). Calls are recorded in order. Routes and `otherwise` are reset before
 * each test; after each test the screen, the toasts and the session are cleared.
 */
export function fakeGateway() {
  const gateway = {
    routes: {} as Record<string, Answer>,
    otherwise: null as ((call: Call, path: string) => Response | Promise<Response>) | null,
    calls: [] as Call[],
  };
  beforeEach(() => {
    setSessionNavigator(() => {});
    // The job stream (ADR 33) stays open and quiet unless a test sends on it.
    // The company's details for the hosts' footers (docs/adr/0044-company-profile.md): the development profile.
    gateway.routes = {
      'GET /api/shipments/live': () => new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }),
      'GET /api/company': () => reply(companyProfileFromEnv({})),
    };
    gateway.otherwise = null;
    gateway.calls = [];
    globalThis.fetch = jest.fn<typeof fetch>().mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://x');
      const call = {
        method: init?.method ?? 'GET',
        url: url.pathname + url.search,
        body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      };
      gateway.calls.push(call);
      const answer = gateway.routes[`${call.method} ${url.pathname}`];
      if (answer) return answer(call);
      if (gateway.otherwise) return gateway.otherwise(call, url.pathname);
      return reply({ message: `no fake for ${call.method} ${url.pathname}`, code: 'TEST' }, 500);
    });
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    void logout();
    setSessionKind('staff');
  });
  return gateway;
}

/** Who is signed in: user id 7, "Kamal Silva" (username "kamal"). */
export const ME = { id: '00000000-0000-4000-8000-000000000007', username: 'kamal', fullName: 'Kamal Silva' };

/**
 * Signs in as `role` (ME) and renders `routes` at `path` with the providers the console gives a
 * remote (theme, dialogs, toasts, a query client that does not retry, so a failure shows at once).
 * Returns the router (its state tells where a screen went).
 */
export function renderSignedIn(role: StaffRole, path: string, routes: RouteObject[]) {
  startSession({ token: 't', user_id: ME.id, user_role: role, user_username: ME.username, user_fullName: ME.fullName, expiresAt: 0 });
  return renderRoutes(path, routes);
}

/** The client signed in on the portal: a consignee (or shipper) "lanka", "Lanka Traders", id c1. */
export const CLIENT = { id: '0b5a2a4e-1c1f-4b7e-9d55-2f0a8d3c9e11', username: 'lanka', fullName: 'Lanka Traders' };

/**
 * The portal's page (session kind 'client'), signed in as a client of `role` (CLIENT) unless
 * `role` is null (signed out), rendering `routes` at `path` with the same providers as
 * renderSignedIn, or (`asHost`) with only what the portal host's bootstrap gives (KitProviders:
 * the query client comes with the first remote slot). Returns the router.
 */
export function renderAsClient(role: ClientRole | null, path: string, routes: RouteObject[], { asHost = false } = {}) {
  setSessionKind('client');
  if (role) {
    startClientSession({ token: 'ct', username: CLIENT.username, role, ourfullname: CLIENT.fullName, client_id: CLIENT.id, expiresAt: 0 });
  }
  if (!asHost) return renderRoutes(path, routes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <KitProviders>
      <RouterProvider router={router} />
    </KitProviders>,
  );
  return router;
}

function renderRoutes(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** A consignee's statement as the service answers it (an invoice, then a payment, for the first quarter); `changes` override fields. */
export function aStatement(consignee: Statement['consignee'], changes: Partial<Statement> = {}): Statement {
  return {
    success: true,
    consignee,
    from: '2026-01-01',
    to: '2026-03-31',
    openingBalance: '1000.00',
    totalDebit: '1234567.50',
    totalCredit: '500.00',
    closingBalance: '1235067.50',
    lineCount: 2,
    lines: [
      { date: '2026-01-10', kind: 'invoice', reference: 'IMP-000001', details: 'Invoice INV-1', debit: '1234567.50', credit: '', balance: '1235567.50' },
      { date: '2026-02-20', kind: 'credit', reference: '17', details: 'Cheque CHQ-771', debit: '', credit: '500.00', balance: '1235067.50' },
    ],
    ...changes,
  };
}

/** A client's booking as the client lists answer it (no personal remarks, invoice or version). */
export function aClientBooking(changes: Partial<ClientBooking> = {}): ClientBooking {
  const { personalremarks: _p, invoiceNo: _n, invoiceAmount: _a, invoiceDate: _d, version: _v, ...booking } = aJob({ proceedToProceeding: true });
  return { ...booking, ...changes };
}

/** A job as the service answers it; `changes` override fields. */
export function aJob(changes: Partial<Job> = {}): Job {
  return {
    _id: 'j1',
    jobNo: 'IMP-000001',
    direction: 'Import',
    date: '2026-11-20',
    user: { _id: ME.id, fullName: ME.fullName },
    branchCity: { _id: 'b1', BranchCity: 'Colombo' },
    consigneeName: { _id: 'c1', consigneeName: 'Lanka Traders' },
    notify: null,
    shipperName: null,
    forwarderName: null,
    originPort: { _id: 'o1', OriginPortName: 'Shanghai' },
    yardName: null,
    typeOfShipment: { _id: 't1', TypeofShipment: 'LCL' },
    termOfShipment: { _id: 'm1', TermofShipment: 'FOB' },
    ShipmentStatus: 'Inquiry For Charges',
    statusOfShipment: null,
    cartoons: 0,
    cbm: 0,
    weight: 0,
    blNo: '',
    containerNo: '',
    Vesselname: '',
    whArrivalDate: null,
    etd: null,
    eta: null,
    deStuff: null,
    doIssue: null,
    bookingNo: '',
    remarks: '',
    personalremarks: '',
    jobStatus: true,
    statusUpdateToClient: false,
    proceedToProceeding: false,
    invoiceNo: '',
    invoiceAmount: null,
    invoiceDate: null,
    version: 3,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...changes,
  };
}

/**
 * axe-core's serious and critical findings on the page as rendered in jsdom. jsdom has no layout,
 * so colour contrast is left to the end-to-end check in Chromium (checkScreen).
 */
export async function axeProblems(): Promise<string[]> {
  const { violations } = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`);
}
