/* global document */ // used in page.waitForFunction callbacks, which run in the browser
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOBS_SCREENS, SESSION_KEYS } from '@freight/contracts';
import { until } from '@freight/server-testing';
import { apiAs as api, launchBrowser, recordCspViolations, signInThroughApi, target } from './browser.mjs';
import { LAPTOP, checkScreen } from './check-screen.mjs';

// Issue 11 ("Accessibility"): every screen the console composes passes checkScreen (axe-core: no
// serious or critical violation; no sideways overflow; Log Out on screen) at 390 and 1366 px, as
// the role that uses it. The other journeys check most screens on their way; this file visits
// every screen none of them checks, and its first test proves that the two together cover every
// route of the console's tables: the jobs remote's JOBS_SCREENS (contracts), the master-data
// remote's routes and the accounts remote's ACCOUNTS_SCREENS (both read from the remotes' source,
// the only place those tables are). The records the screens with a parameter show are set up
// through the API as the Head first. Each role has one browser context, signed in through the
// API with the session keys in its storage (whoever owns the sign-in form at `/`).
const { url, head } = target();
const run = Date.now().toString(36).slice(-5);
const TOOLS = '/admindashboard/administrativetools';
const ACCOUNTS = '/admindashboard/accounts';

const branch = `Kandy ${run}`;
const consignee = `Lanka Teas ${run}`;
const origin = `Shenzhen ${run}`;
const type = `FCL ${run}`;
const term = `CFR ${run}`;
const forwarder = `Blue Anchor ${run}`;
const shipper = `Shenzhen Textiles ${run}`;
const agentOrigin = `Jebel Ali ${run}`;
const admin = { fullName: `Kasun Bandara ${run}`, username: `kasun.${run}`, password: 'paddy-field-anchor-63' };
const employee = { fullName: `Ishara Wickrama ${run}`, username: `ishara.${run}`, password: 'coral-reef-beacon-27' };

/**
 * The screens the other e2e files check (checkScreen there), by route as the tables name it. A
 * route in neither this list nor SCREENS below fails the first test.
 */
const CHECKED_ELSEWHERE = {
  jobs: {
    shipmentmanagement: 'staff-journey, jobs-journey (Employee)',
    adminshipmentmanagement: 'staff-journey (Head)',
    manageimportemployee: 'jobs-journey, shipment-journey (Employee)',
    worklistadmin: 'jobs-journey, shipment-journey (Admin)',
    'worklistemployee/:user_id': 'jobs-journey, shipment-journey (Employee)',
    'addjobemployee/:user_id': 'jobs-journey, shipment-journey (Employee)',
    'editjobadmin/:jobNo': 'jobs-journey, shipment-journey (Admin)',
    'viewjobadmin/:jobNo': 'jobs-journey, shipment-journey (Admin)',
    importbooklist: 'bookings, shipment-journey (Admin)',
    importbooklistemployee: 'bookings, shipment-journey (Employee)',
    'editbooking/:jobNo': 'bookings, shipment-journey (Admin)',
    'viewbooking/:jobNo': 'bookings, shipment-journey (Admin)',
    'viewbookingemployee/:jobNo': 'bookings (Employee)',
    managevessel: 'bookings (Admin)',
    managevesselemployee: 'bookings (Employee)',
    addvessel: 'bookings (Admin)',
    'editvessel/:origin': 'bookings (Admin)',
    manageagent: 'bookings (Admin)',
    addagent: 'bookings (Admin)',
    'editagent/:origin': 'bookings (Admin)',
    'admindashboard/administrativetools/manageshipmentcounter': 'jobs-journey (Head)',
    'admindashboard/administrativetools/deleteshipment': 'shipment-journey (Head)',
  },
  masterData: {
    manageuser: 'staff-journey (Head, Admin)',
    adduserhead: 'staff-journey (Head)',
    'edituser/:username': 'staff-journey (Admin)',
    managebranch: 'staff-journey (Head)',
    addbranch: 'staff-journey (Head)',
    'editbranch/:BranchCity': 'staff-journey (Head)',
    manageconsignee: 'staff-journey, accounts-journey (Head, Admin)',
    addconsignee: 'staff-journey (Head)',
    'editconsignee/:consignee_id': 'staff-journey (Head, Admin)',
    'viewconsignee/:consignee_id': 'staff-journey, accounts-journey (Head)',
    manageforwarder: 'staff-journey (Head, Admin)',
    addforwarder: 'staff-journey (Head)',
    'editforwarder/:Forwarder': 'staff-journey (Head)',
    addorigin: 'staff-journey (Head)',
    'editorigin/:OriginPortName': 'staff-journey (Head)',
    manageclientnews: 'staff-journey (Head)',
    addclientnews: 'staff-journey (Head)',
    manageannouncement: 'staff-journey (Head)',
    Addannouncement: 'staff-journey (Head)',
    addyard: 'staff-journey (Head)',
    'edityard/:YardName': 'staff-journey (Head)',
    AddShipmentType: 'staff-journey (Head)',
    'editshipmenttype/:TypeofShipment': 'staff-journey (Head)',
    AddShipmentterm: 'staff-journey (Head)',
    'editshipmentterm/:TermofShipment': 'staff-journey (Head)',
    contactmessages: 'staff-journey (Admin)',
  },
  accounts: {
    '': 'accounts-journey, statement (Head): the hub',
    debitpayment: 'accounts-journey (Head)',
    viewdebit: 'accounts-journey (Head)',
    creditpayment: 'accounts-journey (Head)',
    viewcredit: 'accounts-journey (Head)',
    'editcredit/:id': 'accounts-journey (Head)',
    managevouchercounter: 'accounts-journey (Head)',
    statement: 'accounts-journey, statement (Head)',
  },
};

/** The records the screens with a parameter show (set up in beforeAll). */
const made = {};

/**
 * The screens this file checks: the table (`jobs`, `masterData`, `accounts`, or `console` for the
 * host's own), the route as the table names it, who uses it, the address, the heading that says it
 * is on show, and what else to wait for before it is checked (a form's record loaded); `open`, where
 * given, gets there instead of going to the address.
 */
const SCREENS = [
  // The jobs remote (JOBS_SCREENS).
  { table: 'jobs', route: 'manageimportadmin', as: 'Admin', to: () => '/manageimportadmin', heading: 'Import Management' },
  {
    table: 'jobs',
    route: 'addjobadmin',
    as: 'Admin',
    to: () => '/addjobadmin',
    heading: 'Add Import Job',
    ready: (page) => offered(page, 'User Name', employee.fullName),
  },
  { table: 'jobs', route: 'addjobhead', as: 'Head', to: () => '/addjobhead', heading: 'Add Import Job', ready: (page) => offered(page, 'Branch City', branch) },
  {
    table: 'jobs',
    route: 'editjobemployee/:jobNo',
    as: 'Employee',
    to: () => `/editjobemployee/${made.inquiry}`,
    heading: () => `Edit Job ${made.inquiry}`,
    ready: (page) => value(page, 'Consignee Name', consignee, 'combobox'),
  },
  {
    table: 'jobs',
    route: 'viewjobemployee/:jobNo',
    as: 'Employee',
    to: () => `/viewjobemployee/${made.inquiry}`,
    heading: 'View Job Details',
    ready: (page) => page.getByRole('table', { name: `Job ${made.inquiry}` }).waitFor(),
  },
  {
    table: 'jobs',
    route: 'editbookingemployee/:jobNo',
    as: 'Employee',
    to: () => `/editbookingemployee/${made.booking}`,
    heading: 'Edit Booking',
    ready: (page) => page.getByText(made.booking).first().waitFor(),
  },
  {
    table: 'jobs',
    route: 'manageagentemployee',
    as: 'Employee',
    to: () => '/manageagentemployee',
    heading: 'Overseas Offices Detail',
    ready: (page) => page.getByRole('cell', { name: agentOrigin }).waitFor(),
  },
  // The master-data remote (its routes.tsx), under Administrative Tools.
  { table: 'masterData', route: 'adduser', as: 'Admin', to: () => `${TOOLS}/adduser`, heading: 'Add User', ready: (page) => option(page, 'Branch', branch) },
  {
    table: 'masterData',
    route: 'edituserhead/:username',
    as: 'Head',
    to: () => `${TOOLS}/edituserhead/${employee.username}`,
    // From the list: the edge answers a deep link whose last segment looks like a file name (a
    // username with a dot) with 404 rather than the console (reported; tools/dev/edge.mjs is not this file's).
    open: async (page) => {
      await page.goto(`${url}${TOOLS}/manageuser`);
      await page.getByLabel('Search users').fill(employee.username);
      await page.getByRole('link', { name: `Edit user ${employee.username}` }).click();
      await page.waitForURL((u) => u.pathname.endsWith(`/edituserhead/${employee.username}`));
    },
    heading: 'Edit User',
    ready: (page) => value(page, 'Full Name', employee.fullName),
  },
  { table: 'masterData', route: 'manageshipper', as: 'Admin', to: () => `${TOOLS}/manageshipper`, heading: 'Manage Shippers', ready: (page) => rows(page) },
  { table: 'masterData', route: 'addshipper', as: 'Admin', to: () => `${TOOLS}/addshipper`, heading: 'Add Shipper' },
  {
    table: 'masterData',
    route: 'editshipper/:shipper_id',
    as: 'Admin',
    to: () => `${TOOLS}/editshipper/${made.shipperId}`,
    heading: 'Edit Shipper',
    ready: (page) => value(page, 'Shipper Name', shipper),
  },
  {
    table: 'masterData',
    route: 'viewshipper/:shipper_id',
    as: 'Admin',
    to: () => `${TOOLS}/viewshipper/${made.shipperId}`,
    heading: 'View Shipper',
    ready: (page) => page.getByRole('cell', { name: shipper }).first().waitFor(),
  },
  {
    table: 'masterData',
    route: 'viewforwarder/:Forwarder',
    as: 'Admin',
    to: () => `${TOOLS}/viewforwarder/${encodeURIComponent(forwarder)}`,
    heading: 'View Forwarder',
    ready: (page) => page.locator('dd', { hasText: forwarder }).first().waitFor(),
  },
  { table: 'masterData', route: 'manageorigin', as: 'Head', to: () => `${TOOLS}/manageorigin`, heading: 'Manage Origins', ready: (page) => rows(page) },
  { table: 'masterData', route: 'manageyard', as: 'Head', to: () => `${TOOLS}/manageyard`, heading: 'Manage Yards', ready: (page) => rows(page) },
  {
    table: 'masterData',
    route: 'manageshipmenttype',
    as: 'Head',
    to: () => `${TOOLS}/manageshipmenttype`,
    heading: 'Manage Shipment Types',
    ready: (page) => rows(page),
  },
  {
    table: 'masterData',
    route: 'manageshipmentterm',
    as: 'Head',
    to: () => `${TOOLS}/manageshipmentterm`,
    heading: 'Manage Shipment Terms',
    ready: (page) => rows(page),
  },
  {
    table: 'masterData',
    route: 'editclientnews/:_id',
    as: 'Head',
    to: () => `${TOOLS}/editclientnews/${made.newsId}`,
    heading: 'Edit Client News',
    ready: (page) => value(page, 'News', made.news, 'textbox'),
  },
  {
    table: 'masterData',
    route: 'editannouncement/:_id',
    as: 'Head',
    to: () => `${TOOLS}/editannouncement/${made.announcementId}`,
    heading: 'Edit Announcement',
    ready: (page) => value(page, 'Announcement', made.announcement, 'textbox'),
  },
  // The lists all staff read, as an Employee sees them (no edit or delete): checked elsewhere as Head or Admin only.
  ...[
    ['manageuser', 'Manage User'],
    ['manageconsignee', 'Manage Consignees'],
    ['manageforwarder', 'Manage Forwarders'],
    ['manageshipper', 'Manage Shippers'],
    ['manageorigin', 'Manage Origins'],
  ].map(([route, heading]) => ({ table: 'masterData', route, as: 'Employee', to: () => `${TOOLS}/${route}`, heading, ready: (page) => rows(page) })),
  { table: 'masterData', route: '*', as: 'Head', to: () => `${TOOLS}/no-such-tool`, heading: 'Page not found' },
  // The accounts remote (ACCOUNTS_SCREENS), its not-found page.
  { table: 'accounts', route: '*', as: 'Head', to: () => `${ACCOUNTS}/no-such-screen`, heading: 'Page not found' },
  // The console's own: the dashboard of an Employee (staff-journey checks the Head's and the Admin's), not-found
  // inside the shell (under the dashboard and anywhere), and signed out.
  { table: 'console', route: 'admindashboard', as: 'Employee', to: () => '/admindashboard', heading: 'My Management' },
  { table: 'console', route: 'admindashboard/*', as: 'Admin', to: () => '/admindashboard/no-such-page', heading: 'Page not found' },
  { table: 'console', route: '*', as: 'Employee', to: () => '/no-such-page', heading: 'Page not found' },
  { table: 'console', route: '*', as: 'signed out', to: () => '/no-such-page', heading: 'Page not found' },
];

/** Routes of a remote's table read from its source (the table lives only in the app). */
async function routesInSource(file, pattern) {
  const source = await readFile(new URL(`../../apps/web/${file}`, import.meta.url), 'utf8');
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

/** Waits until the select offers the option (its list has loaded). */
const option = (page, label, text) => page.getByLabel(label).locator('option', { hasText: text }).first().waitFor({ state: 'attached' });
/** Types the name into a reference picker and waits until it offers it: the screen is checked with the picker's list open. */
const offered = async (page, label, text) => {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(text);
  await page
    .getByRole('listbox', { name: `Choices: ${label}` })
    .getByRole('option', { name: text, exact: true })
    .waitFor();
};
/** Waits until the field shows the value (its record has loaded). */
const value = (page, label, expected, role) => {
  const field = role ? page.getByRole(role, { name: label }) : page.getByLabel(label);
  const shows = async () => (await field.inputValue({ timeout: 1000 }).catch(() => undefined)) === expected || undefined;
  return until(shows, `${label} to show "${expected}"`, 10_000, 100);
};
/** Waits until the list's table has a row of data. */
const rows = (page) => page.getByRole('table').locator('tbody tr td').first().waitFor();

/** Until nothing on the page says it is loading (a table's aria-busy, the kit's loader, a "Loading..." cell). */
const quiet = (page) =>
  page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], [role="status"][aria-label="Loading..."]') &&
      ![...document.querySelectorAll('td, p')].some((element) => element.textContent.trim() === 'Loading...'),
  );

/** Asks `attempt` again until the reply is `status` (the services learn new names from each other's events). */
const eventually = (what, status, attempt) =>
  until(
    async () => {
      const reply = await attempt();
      return reply.status === status ? reply.body : undefined;
    },
    what,
    20_000,
    250,
  );

/** What the screens need, through the API as the Head: master data, an Admin and an Employee, the Employee's job and booking. */
async function setUp() {
  const { token } = await signInThroughApi(head);
  made.news = `Customs closed on Poya day ${run}`;
  made.announcement = `Your documents are ready ${run}`;
  const created = [
    await api('POST', 'branches/add', token, { BranchCity: branch, Location: '3 Temple Road', Contact: '+94 81 222 3344', Code: `K${run}`.toUpperCase() }),
    await api('POST', 'consignees/add', token, {
      consigneeName: consignee,
      username: `lankateas.${run}`,
      password: 'misty-hill-estate-91',
      email: `ops.${run}@lankateas.example`,
      handlingPersonName: 'Priya',
    }),
    await api('POST', 'origins/add', token, { OriginPortName: origin, OriginPortLocation: 'China' }),
    await api('POST', 'ShipmentType/add', token, { TypeofShipment: type }),
    await api('POST', 'ShipmentTerm/add', token, { TermofShipment: term }),
    await api('POST', 'forwarders/add', token, { Forwarder: forwarder, email: `desk.${run}@blueanchor.example`, contact: '+94 11 234 5678' }),
    await api('POST', 'shippers/add', token, {
      shipperName: shipper,
      username: `textiles.${run}`,
      email: `ship.${run}@textiles.example`,
      handlingPersonName: 'Chen Yu',
      password: 'silk-road-harbour-58',
      address: '12 Port Avenue, Shenzhen',
      mobile: '+86 755 1234 5678',
    }),
    await api('POST', 'agents/add', token, { origin: agentOrigin, details: 'Gulf Line Agencies, Dubai' }),
    // Inactive: the clients' news ticker of other journeys stays as they left it.
    await api('POST', 'clientnews/add', token, { news: made.news, isActive: false }),
  ];
  for (const [who, role] of /** @type {Array<[typeof admin, string]>} */ ([
    [admin, 'Admin'],
    [employee, 'Employee'],
  ])) {
    created.push(
      await api('POST', 'users/add', token, {
        ...who,
        email: `${who.username}@example.com`,
        branchCity: branch,
        contact: '+94 77 111 2233',
        role,
        department: 'Import',
      }),
    );
  }
  expect(created.map((reply) => reply.status)).toEqual(created.map(() => 201));
  made.shipperId = created[6].body.shipper.shipper_id;
  made.newsId = created[8].body.data._id;
  made.announcementId = (
    await eventually('the announcement', 201, () => api('POST', 'consigneeanc/add', token, { annoucment: made.announcement, consignee }))
  ).data._id;

  const job = (ShipmentStatus) => ({
    consigneeName: consignee,
    originPort: origin,
    typeOfShipment: type,
    termOfShipment: term,
    ShipmentStatus,
    date: '2026-11-20',
    branchCity: branch,
    userName: employee.username,
  });
  made.inquiry = (await eventually('the inquiry', 201, () => api('POST', 'shipments/adminadd', token, job('Inquiry For Charges')))).shipment.jobNo;
  const { shipment } = await eventually('the booking', 201, () => api('POST', 'shipments/adminadd', token, job('Booking Confirmed')));
  const proceeded = await api('PUT', `shipments/updateadmin/${shipment.jobNo}`, token, {
    ...job('Booking Confirmed'),
    proceedToProceeding: true,
    version: shipment.version,
  });
  expect(proceeded.status).toBe(200);
  made.booking = shipment.jobNo;
}

let browser;
const tabs = {};

/** A page in a context of its own for `role`, signed in through the API (the session keys in its storage). */
async function tabFor(role) {
  if (tabs[role]) return tabs[role];
  const who = { Head: head, Admin: admin, Employee: employee }[role];
  let storageState;
  if (who) {
    const reply = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: who.username, password: who.password }),
    });
    expect(reply.status).toBe(200);
    const login = await reply.json();
    const keys = { ...login, user_login: 'true', loginTime: String(Date.now()) };
    const session = SESSION_KEYS.map((name) => ({ name, value: String(keys[name]) }));
    storageState = { cookies: [], origins: [{ origin: new URL(url).origin, localStorage: session }] };
  }
  const context = await browser.newContext({ viewport: LAPTOP, storageState });
  const violations = await recordCspViolations(context);
  tabs[role] = { page: await context.newPage(), violations };
  tabs[role].page.setDefaultTimeout(10_000);
  return tabs[role];
}

beforeAll(async () => {
  await setUp();
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('every console screen, at 390 and 1366 px, with axe-core', () => {
  it('checks every route of the console’s tables here or in another journey', async () => {
    const here = (table) => SCREENS.filter((screen) => screen.table === table).map((screen) => screen.route);
    const covered = (table) => new Set([...Object.keys(CHECKED_ELSEWHERE[table]), ...here(table)]);
    const masterData = await routesInSource('master-data/src/routes.tsx', /(?:path|list|add|edit|view): '([^']+)'/g);
    const accountsBlock = (await readFile(new URL('../../apps/web/accounts/src/paths.ts', import.meta.url), 'utf8'))
      .split('ACCOUNTS_SCREENS = {')[1]
      .split('}')[0];
    const accounts = ['', ...[...accountsBlock.matchAll(/^\s+'?([\w/:]+)'?:/gm)].map((match) => match[1]), '*'];
    // The sources were read: each table has its known first screens.
    expect(masterData.slice(0, 2)).toEqual(['manageuser', 'adduser']);
    expect(accounts.slice(0, 3)).toEqual(['', 'debitpayment', 'viewdebit']);
    const missing = (table, routes) => routes.filter((route) => !covered(table).has(route));
    expect({
      jobs: missing('jobs', Object.keys(JOBS_SCREENS)),
      masterData: missing('masterData', masterData),
      accounts: missing('accounts', accounts),
    }).toEqual({
      jobs: [],
      masterData: [],
      accounts: [],
    });
  });

  it.each(SCREENS.map((screen) => ({ name: `${screen.table} ${screen.route} (${screen.as})`, screen })))('$name', async ({ screen }) => {
    const { page, violations } = await tabFor(screen.as);
    await (screen.open ? screen.open(page) : page.goto(url + screen.to()));
    const heading = typeof screen.heading === 'function' ? screen.heading() : screen.heading;
    try {
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await screen.ready?.(page);
    } catch (error) {
      // Say what was on show instead.
      const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 400);
      throw new Error(`${error.message}\nOn show at ${page.url()}: ${shown}`, { cause: error });
    }
    await quiet(page);
    await checkScreen(page, `${screen.to()} (${screen.as})`);
    expect(violations).toEqual([]);
  });
});
