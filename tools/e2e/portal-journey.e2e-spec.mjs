import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIGN_IN_REASONS } from '@freight/contracts';
import { pdfText, until } from '@freight/server-testing';
import { launchBrowser, recordCspViolations, signInThroughApi, target } from './browser.mjs';
import { addBooking as addProceededBooking } from './booking-setup.mjs';
import { LAPTOP, PHONE, checkScreen } from './check-screen.mjs';

// The client portal (issue 11; ADR 39) in Chromium on its own origin, through the real portal host,
// client-portal remote, gateway and services. The Head creates, through the API, two consignees
// and a shipper with passwords, bookings for both consignees (one with the shipper), a client news
// item, an announcement for the first consignee and an invoice on their booking. The first
// consignee signs in on the portal, sees their bookings and not the other's (forced calls for the
// other's booking and statement: 403), reads the announcement and the ticker, opens a booking with
// its timeline, downloads their statement (a PDF with their name), logs out (keys cleared, back at
// /clientlogin, the token refused). The shipper sees their booking read-only. Every screen passes
// checkScreen at 390 and 1366 px (axe-core, no sideways overflow) and shows Log Out when signed in.
const { url, portalUrl, head } = target();
const run = Date.now().toString(36).slice(-5);
const branch = { BranchCity: `Galle ${run}`, Location: 'Fort', Contact: '+94 91 222 3344', Code: `G${run}`.toUpperCase() };
const origin = `Ningbo ${run}`;
const type = `FCL ${run}`;
const term = `CIF ${run}`;
const consigneeA = { consigneeName: `Harbour Teas ${run}`, username: `harbour.${run}`, password: 'tea-lagoon-breeze-41' };
const consigneeB = { consigneeName: `Rival Spices ${run}`, username: `rival.${run}`, password: 'clove-dock-anchor-52' };
const shipper = { shipperName: `Ningbo Lines ${run}`, username: `ningbo.${run}`, password: 'east-sea-crane-63' };
const news = `Colombo port works this weekend ${run}`;
const announcement = `Collect your delivery order before Friday ${run}`;
const CLIENT_KEYS = ['token', 'username', 'myfullname', 'role', 'client_login', 'loginTime', 'client_id'];

let browser;
let context;
let page;
let cspViolations;
let headToken;
let consigneeAId;
let consigneeBId;
const jobs = {};

/** A call of the API with the Head's token (or `token`): status and parsed body. */
async function api(method, path, body, token = headToken) {
  const reply = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: text && reply.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** The same, failing on an error status; the reply's body. */
async function call(method, path, body, token) {
  const reply = await api(method, path, body, token);
  if (reply.status >= 400) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Repeats `attempt` while the services have not learnt the names of the master data just added (their events). */
const eventually = (attempt, what) =>
  until(async () => {
    try {
      return await attempt();
    } catch (error) {
      if (!/: (400|404|409) /.test(String(error))) throw error;
      return undefined;
    }
  }, what);

/** A booking of `consignee`: an inquiry, Booking Confirmed and proceeded, then its details (every field, Transit). */
async function addBooking(consignee, details) {
  const proceeded = await addProceededBooking(call, {
    consigneeName: consignee.consigneeName,
    originPort: origin,
    typeOfShipment: type,
    termOfShipment: term,
    branchCity: branch.BranchCity,
    userName: head.username,
  });
  const full = { statusOfShipment: 'Process', cartoons: 4, cbm: 2.5, weight: 800, etd: '2026-11-21', eta: '2026-12-05', remarks: '', ...details };
  const { shipment: processed } = await eventually(
    () => call('PUT', `/shipments/updatebooking/${proceeded.jobNo}`, { ...full, version: proceeded.version }),
    `the booking ${proceeded.jobNo}`,
  );
  const { shipment: transit } = await call('PUT', `/shipments/updatebooking/${proceeded.jobNo}`, {
    ...full,
    statusOfShipment: 'Transit',
    version: processed.version,
  });
  return transit;
}

const clientKeys = () => page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])), CLIENT_KEYS);
const bookingsTable = () => page.getByRole('table', { name: 'My bookings' });
const rowOf = (jobNo) =>
  bookingsTable()
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: jobNo, exact: true }) });

/** Log Out is on screen, inside the viewport, at both widths (checkScreen looks for the staff flag only). */
async function expectLogOutOnScreen() {
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    const box = await page.getByRole('button', { name: 'Log Out' }).boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(true);
  }
}

async function screenChecked(state) {
  await checkScreen(page, state);
  if ((await page.evaluate(() => localStorage.getItem('client_login'))) === 'true') await expectLogOutOnScreen();
}

async function signIn(who, landing) {
  await page.goto(`${portalUrl}/clientlogin`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname === landing);
}

async function logOut() {
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL((u) => u.pathname === '/clientlogin');
}

beforeAll(async () => {
  ({ token: headToken } = await signInThroughApi(head));
  await call('POST', '/branches/add', branch);
  await call('POST', '/origins/add', { OriginPortName: origin, OriginPortLocation: 'China' });
  await call('POST', '/ShipmentType/add', { TypeofShipment: type });
  await call('POST', '/ShipmentTerm/add', { TermofShipment: term });
  const addConsignee = async (consignee, mail) =>
    (await call('POST', '/consignees/add', { ...consignee, email: `${mail}.${run}@portal.example`, handlingPersonName: 'Nadeesha' })).consignee.consignee_id;
  consigneeAId = await addConsignee(consigneeA, 'harbour');
  consigneeBId = await addConsignee(consigneeB, 'rival');
  await call('POST', '/shippers/add', {
    ...shipper,
    email: `ops.${run}@ningbo.example`,
    handlingPersonName: 'Chen',
    address: '1 Harbour Road, Ningbo',
    mobile: '+86 574 1234 5678',
  });
  jobs.a1 = await addBooking(consigneeA, { shipperName: shipper.shipperName, blNo: `BLA1${run}`, containerNo: 'MSCU1234567', Vesselname: 'MSC Aurora' });
  jobs.a2 = await addBooking(consigneeA, { blNo: `BLA2${run}` });
  jobs.b1 = await addBooking(consigneeB, { blNo: `BLB1${run}` });
  await call('POST', '/clientnews/add', { news, isActive: true });
  await eventually(
    () => call('POST', '/consigneeanc/add', { annoucment: announcement, consignee: consigneeA.consigneeName, isActive: true }),
    'the announcement',
  );
  // The accounts service learns the job from the shipment service's events.
  await eventually(
    () => call('POST', `/shipments/adddebit/${jobs.a1.jobNo}`, { invoiceNo: `INV-${run}`, invoiceAmount: '1234567.00', invoiceDate: '2026-11-22' }),
    'the invoice',
  );

  browser = await launchBrowser();
  context = await browser.newContext({ acceptDownloads: true, viewport: LAPTOP });
  cspViolations = await recordCspViolations(context);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('the client portal on its own origin', () => {
  it('/clientlogin: the ticker with the active news, HOME to the public site, "Invalid username or password"', async () => {
    expect(new URL(portalUrl).origin).not.toBe(new URL(url).origin);
    await page.goto(`${portalUrl}/clientlogin`);
    await page.getByRole('heading', { name: 'Client Login' }).waitFor();
    await page.getByRole('region', { name: 'Client news' }).getByText(news).waitFor();
    expect(await page.getByRole('link', { name: 'HOME' }).getAttribute('href')).toBe('/');
    await screenChecked('client sign-in');
    await page.getByLabel('Username').fill(consigneeA.username);
    await page.getByLabel('Password').fill('not-the-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('client_login'))).toBe('false');
    await screenChecked('client sign-in, refused');
  });

  it('a signed-out visit to a client screen lands on /clientlogin, which says why and, signed in, opens that screen', async () => {
    const asked = `/viewbookingconsignee/${jobs.a1.jobNo}`;
    await page.goto(`${portalUrl}${asked}`);
    await page.waitForURL((u) => u.pathname === '/clientlogin' && u.searchParams.get('next') === asked);
    await page.getByRole('status').filter({ hasText: SIGN_IN_REASONS['signed-out'] }).waitFor();
    await screenChecked('client sign-in after a signed-out deep link');
    await page.getByLabel('Username').fill(consigneeA.username);
    await page.getByLabel('Password').fill(consigneeA.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === asked);
    await page.getByRole('region', { name: 'Status timeline' }).waitFor();
    await logOut();
  });

  it('an address that is no screen is "Page not found"', async () => {
    await page.goto(`${portalUrl}/no-such-screen`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenChecked('portal page not found');
  });

  it("a consignee sees their own bookings, the announcement and the ticker, and not the other consignee's", async () => {
    await signIn(consigneeA, '/consigneeshipmentview');
    await page.getByRole('heading', { name: 'Ocean Visibility' }).waitFor();
    await rowOf(jobs.a1.jobNo).waitFor();
    await rowOf(jobs.a2.jobNo).waitFor();
    expect(await rowOf(jobs.b1.jobNo).count()).toBe(0);
    await page.getByText(announcement).waitFor();
    await page.getByRole('region', { name: 'Client news' }).getByText(news).waitFor();
    const keys = await clientKeys();
    expect(keys).toMatchObject({
      username: consigneeA.username,
      myfullname: consigneeA.consigneeName,
      role: 'consignee',
      client_login: 'true',
      client_id: consigneeAId,
    });
    await screenChecked('Ocean Visibility');
    // At 1366 px the sticky View column covers no other column: the Status of Shipment badge beside it shows whole.
    const covered = await rowOf(jobs.a1.jobNo).evaluate((row) => {
      const cells = [...row.querySelectorAll('td')];
      const actions = cells.at(-1).getBoundingClientRect();
      return cells.slice(0, -1).some((cell) => {
        const box = (cell.firstElementChild ?? cell).getBoundingClientRect();
        return box.right > actions.left + 0.5 && box.left < actions.right;
      });
    });
    expect(covered).toBe(false);

    // Forced calls with the consignee's own token for the other consignee's data: 403, whatever the screen does.
    const token = keys.token;
    expect((await api('GET', `/shipments/clientbooking/${jobs.b1.jobNo}`, undefined, token)).status).toBe(403);
    expect((await api('GET', `/accounts/statement/${consigneeBId}?from=2026-01-01&to=2026-12-31`, undefined, token)).status).toBe(403);
    expect((await api('GET', `/accounts/statement/${consigneeBId}/statement.pdf?from=2026-01-01&to=2026-12-31`, undefined, token)).status).toBe(403);
    expect((await api('GET', `/shipments/allbooklistconsignee/${consigneeB.username}`, undefined, token)).status).toBe(403);
    expect((await api('GET', `/consigneeanc/active/${consigneeB.username}`, undefined, token)).status).toBe(403);
    // And a staff call: a client token is of the other kind.
    expect((await api('GET', '/users/all', undefined, token)).status).toBe(403);
  });

  it('opens a booking with its status timeline, and Track & Trace leads back', async () => {
    await rowOf(jobs.a1.jobNo)
      .getByRole('link', { name: `View booking ${jobs.a1.jobNo}` })
      .click();
    await page.waitForURL((u) => u.pathname === `/viewbookingconsignee/${jobs.a1.jobNo}`);
    await page.getByText('MSCU1234567').waitFor();
    const timeline = page.getByRole('region', { name: 'Status timeline' });
    await timeline.getByText('Transit').waitFor();
    expect(await timeline.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await screenChecked('consignee booking view');
    await page.getByRole('link', { name: 'Track & Trace' }).click();
    await page.waitForURL((u) => u.pathname === '/consigneeshipmentview');
  });

  it('reads the vessel voyages and overseas offices', async () => {
    await page.getByRole('link', { name: 'Vessel Voyages' }).click();
    await page.getByRole('heading', { name: 'Weekly Vessel Planning' }).waitFor();
    await page.getByLabel('Search by origin').waitFor();
    await screenChecked('consignee vessel voyages');
    await page.getByRole('link', { name: 'Overseas Offices' }).click();
    await page.getByRole('heading', { name: 'Overseas Offices Detail' }).waitFor();
    await screenChecked('consignee overseas offices');
  });

  it('Accounts Area: the balance owed and the statement, downloaded as a PDF with their name', async () => {
    await page.getByRole('link', { name: 'Accounts Area' }).click();
    await page.waitForURL((u) => u.pathname === '/consigneeaccounts');
    await page.getByRole('region', { name: 'Balance owed' }).getByText('Rs. 1,234,567.00').waitFor();
    await page.getByLabel('From').fill('2026-01-01');
    await page.getByLabel('To').fill('2026-12-31');
    await page.getByRole('button', { name: 'Show Statement' }).click();
    await page.getByRole('cell', { name: jobs.a1.jobNo }).waitFor();
    await screenChecked('Accounts Area');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(new Uint8Array(bytes))).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(consigneeA.consigneeName);
    expect(text).not.toContain(consigneeB.consigneeName);
  });

  it('Log Out clears every key, goes to /clientlogin, and the token is refused afterwards', async () => {
    const { token } = await clientKeys();
    await logOut();
    expect(Object.values(await clientKeys()).every((value) => value === null)).toBe(true);
    await page.getByRole('heading', { name: 'Client Login' }).waitFor();
    await until(
      async () => ((await api('GET', `/shipments/clientbooking/${jobs.a1.jobNo}`, undefined, token)).status === 401 ? true : undefined),
      'the revoked token refused',
    );
  });

  it('a shipper sees their bookings read-only, and a booking as the table of the specification', async () => {
    await signIn(shipper, '/shippershipmentview');
    await rowOf(jobs.a1.jobNo).waitFor();
    expect(await rowOf(jobs.b1.jobNo).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
    await screenChecked('shipper bookings');
    await rowOf(jobs.a1.jobNo)
      .getByRole('link', { name: `View booking ${jobs.a1.jobNo}` })
      .click();
    const table = page.getByRole('table', { name: `Booking ${jobs.a1.jobNo}` });
    await table
      .getByRole('row', { name: /Shipper/ })
      .getByText(shipper.shipperName)
      .waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await screenChecked('shipper booking view');
    // A shipper on a consignee screen lands back on their own.
    await page.goto(`${portalUrl}/consigneeaccounts`);
    await page.waitForURL((u) => u.pathname === '/shippershipmentview');
    await logOut();
    expect(cspViolations).toEqual([]);
  });
});
