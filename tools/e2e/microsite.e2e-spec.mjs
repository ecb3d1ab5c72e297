/* global document -- used in page.waitForFunction callbacks, which run in the browser */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContactTexts, JobTexts, SIGN_IN_REASONS } from '@freight/contracts';
import { waitFor } from '../dev/net.mjs';
import { apiCaller, seedTrackedShipment } from '../web-audit/seed.mjs';
import { launchBrowser, recordCspViolations, signInThroughApi, signInWithForm, target } from './browser.mjs';
import { LAPTOP, PHONE, checkScreen } from './check-screen.mjs';

// The public microsite (apps/web/tracking) through the real edge, gateway, services, Postgres and
// NATS: the landing page as the public sees it, a visitor's contact message reaching the support
// inbox, Track & Trace of a booking the Head made through the API (only the public fields, a
// shareable URL), failing calls, and the Head signing in on / into the console. Every screen and
// state passes checkScreen (no sideways overflow, no serious or critical axe-core violation at
// 390 and 1366 px); no Content-Security-Policy violation anywhere.
const { url, head, mailInbox, supportEmail } = target();
const run = Date.now().toString(36).slice(-5);

let browser;
let context;
let page;
let cspViolations;
/** The booking the Head made: its BL number, vessel, dates; its consignee (whose name must not show). */
let seeded;

const visible = (locator) => locator.waitFor({ state: 'visible' });
/** The shown slide's number (data-slide) of the hero. */
const shownSlide = () => page.locator('.hero-slide:not([hidden])').getAttribute('data-slide');
/** Track & Trace's answer as {label: value}. */
const trackedFields = () =>
  page
    .locator('#search-result dl')
    .evaluate((dl) => Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])));

beforeAll(async () => {
  const { token } = await signInThroughApi(head);
  seeded = await seedTrackedShipment(apiCaller(url, token), run, head.username);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: PHONE });
  cspViolations = await recordCspViolations(context);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('public microsite', () => {
  it('serves the landing page complete in its HTML, with robots.txt keeping crawlers to the microsite', async () => {
    const html = await (await fetch(`${url}/`)).text();
    for (const part of [
      'id="services"',
      'id="about"',
      'id="login"',
      'id="contact"',
      'Freight consultancy',
      'Customs clearance',
      'within 24 hours',
      'href="/clientlogin"',
      'href="/Searchbl"',
    ]) {
      expect(html).toContain(part);
    }
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script (the CSP forbids it)
    const robots = await fetch(`${url}/robots.txt`);
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    for (const rule of ['Allow: /$', 'Allow: /Searchbl', 'Allow: /site/', 'Disallow: /']) expect(rules).toContain(rule);
  });

  it('landing page: the hero rotates every 3 s (not with reduced motion), the mobile menu opens, the anchors and links lead where they should', async () => {
    await page.goto(`${url}/`);
    await visible(page.getByRole('heading', { name: 'Your cargo, handled end to end' }));
    await expect(shownSlide()).resolves.toBe('0');
    await page.waitForFunction(() => document.querySelector('.hero-slide:not([hidden])')?.getAttribute('data-slide') === '1', undefined, { timeout: 5_000 });
    await page.getByRole('button', { name: 'Previous picture' }).click();
    await expect(shownSlide()).resolves.toBe('0');
    await page.getByRole('button', { name: 'Pause' }).click(); // still, for the checks
    await checkScreen(page, 'landing page');

    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await menu.click();
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    await checkScreen(page, 'landing page, menu open');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.waitForURL((u) => u.hash === '#contact');

    // "Members Area" leads to the portal's sign-in (the main site redirects /clientlogin there).
    const membersArea = page.getByRole('link', { name: 'Members Area' }).last();
    await expect(membersArea.getAttribute('href')).resolves.toBe('/clientlogin');
    const redirect = await fetch(`${url}/clientlogin`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, `${target().portalUrl}/clientlogin`]);

    // Someone who asked for less motion gets a hero that moves only when they press previous/next.
    const still = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const stillPage = await still.newPage();
    await stillPage.goto(`${url}/`);
    await stillPage.waitForTimeout(3_500); // longer than a step of the rotation
    await expect(stillPage.locator('.hero-slide:not([hidden])').getAttribute('data-slide')).resolves.toBe('0');
    await expect(stillPage.getByRole('button', { name: 'Pause' }).isVisible()).resolves.toBe(false);
    await stillPage.getByRole('button', { name: 'Next picture' }).click();
    await expect(stillPage.locator('.hero-slide:not([hidden])').getAttribute('data-slide')).resolves.toBe('1');
    await still.close();
  });

  it("a visitor's contact message: checked inline, then sent; the confirmation shows and the e-mail reaches the support inbox", async () => {
    await page.goto(`${url}/#contact`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await visible(page.getByText('Full name is required'));
    await visible(page.getByText('Message is required'));
    await checkScreen(page, 'contact form with errors');

    const visitor = {
      fullName: `Kamal Visitor ${run}`,
      email: `kamal.${run}@example.com`,
      message: `Two pallets from Ningbo to Colombo in January, LCL. (${run})`,
    };
    await page.getByLabel('Full name').fill(visitor.fullName);
    await page.getByLabel('E-mail address').fill(visitor.email);
    await page.getByLabel('Message').fill(visitor.message);
    await page.getByRole('button', { name: 'Send message' }).click();
    await visible(page.getByText(ContactTexts.received));
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('');
    await checkScreen(page, 'contact form sent');

    const subject = `Contact form: message from ${visitor.fullName}`;
    const mail = await waitFor(async () => (await (await fetch(`${mailInbox}/api/email?subject=${encodeURIComponent(subject)}`)).json())[0], {
      timeoutMs: 30_000,
      what: `the e-mail "${subject}" in the mail catcher`,
    });
    expect(mail.to.map((to) => to.address)).toEqual([supportEmail]);
    for (const part of [visitor.fullName, visitor.email, visitor.message]) expect(mail.text).toContain(part);
  });

  it('a visitor tracks a BL: the public fields and the status timeline only, at a URL they can share', async () => {
    const { booking, consignee, jobNo } = seeded;
    await page.goto(`${url}/`);
    await page.getByRole('link', { name: 'Track & Trace' }).first().click();
    await page.waitForURL((u) => u.pathname === '/Searchbl');
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByText('BL number is required'));
    await page.getByLabel('BL number').fill(booking.blNo.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByRole('heading', { name: `Shipment ${booking.blNo}` }));
    await expect(trackedFields()).resolves.toEqual({
      'BL number': booking.blNo,
      'Container number': booking.containerNo,
      Vessel: booking.Vesselname,
      'Origin port': seeded.origin,
      Status: 'Transit',
      ETD: '03/12/2026',
      ETA: '17/12/2026',
      'Warehouse arrival': 'N/A',
      'DO issued': 'N/A',
      'De-stuffed': 'N/A',
    });
    await expect(page.locator('.timeline li').evaluateAll((items) => items.map((li) => li.firstChild?.textContent))).resolves.toEqual(['Process', 'Transit']);
    const text = await page.locator('main').innerText();
    for (const secret of [consignee.consigneeName, consignee.username, consignee.email, jobNo]) expect(text).not.toContain(secret);
    const shared = new URL(page.url());
    expect(`${shared.pathname}${shared.search}`).toBe(`/Searchbl?bl=${booking.blNo.toLowerCase()}`);
    await checkScreen(page, 'Track & Trace, a shipment found');

    // The shared link, opened in another browser, shows the same shipment at once.
    const other = await browser.newContext({ viewport: LAPTOP });
    const otherPage = await other.newPage();
    await otherPage.goto(shared.href);
    await visible(otherPage.getByRole('heading', { name: `Shipment ${booking.blNo}` }));
    await other.close();

    // What the API sends is only the public fields (requirements decisions §5), whatever the page shows.
    const reply = await (await fetch(`${url}/api/shipments/searchbl/${booking.blNo}`)).json();
    expect(Object.keys(reply).sort()).toEqual([
      'Vesselname',
      'blNo',
      'containerNo',
      'deStuff',
      'doIssue',
      'eta',
      'etd',
      'history',
      'originPort',
      'statusOfShipment',
      'warehouseArrivalDate',
    ]);

    await page.getByLabel('BL number').fill(`NO-SUCH-BL-${run}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByText(JobTexts.blNotFound));
    await checkScreen(page, 'Track & Trace, nothing found');
    await page.goBack();
    await visible(page.getByRole('heading', { name: `Shipment ${booking.blNo}` }));
  });

  it('failing calls show a clear message and lose nothing', async () => {
    // A slow search that then fails: "Loading..." first, then the message.
    /** @type {(value?: unknown) => void} */
    let release = () => undefined;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/api/shipments/searchbl/**', async (route) => {
      await held;
      await route.fulfill({ status: 503, body: '' });
    });
    await page.goto(`${url}/Searchbl?bl=${seeded.booking.blNo}`);
    await visible(page.getByText('Loading...'));
    release();
    await visible(page.getByRole('alert').filter({ hasText: 'The search could not be made. Please try again.' }));
    await checkScreen(page, 'Track & Trace, the call failed');
    await page.unroute('**/api/shipments/searchbl/**');

    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(`${url}/#contact`);
    await page.getByLabel('Full name').fill('Kamal Visitor');
    await page.getByLabel('E-mail address').fill('kamal@example.com');
    await page.getByLabel('Message').fill('Still there?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await visible(page.getByText('Your message could not be sent. Please try again.'));
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('Still there?');
    await page.unroute('**/api/contact');

    await page.route('**/api/users/login', (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByLabel('Username').fill(head.username);
    await page.getByLabel('Password').fill('anything at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('Login failed. Please try again.'));
    await page.unroute('**/api/users/login');
  });

  it('the Head signs in on / and lands in the console; a wrong password is refused with the server message; back on / a link to the console', async () => {
    const staff = await browser.newContext({ viewport: LAPTOP });
    const tab = await staff.newPage();
    await tab.goto(`${url}/#login`);
    await tab.getByLabel('Username').fill(head.username);
    await tab.getByLabel('Password').fill('not the password');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    const refusal = tab.locator('#login-error');
    await visible(refusal);
    await expect(refusal.textContent()).resolves.not.toBe('');
    await expect(tab.evaluate(() => localStorage.getItem('user_login'))).resolves.toBe('false');
    await checkScreen(tab, 'staff sign-in refused');

    await signInWithForm(tab, head, '/admindashboard');
    await visible(tab.getByRole('heading', { name: 'My Management' }));
    await tab.goto(`${url}/`);
    const toConsole = tab.getByRole('link', { name: 'Go to the console' });
    await visible(toConsole);
    await expect(toConsole.getAttribute('href')).resolves.toBe('/admindashboard');
    await expect(tab.getByLabel('Username').isVisible()).resolves.toBe(false);
    await toConsole.click();
    await tab.waitForURL((u) => u.pathname === '/admindashboard');
    await staff.close();
  });

  it('a signed-out deep link lands on the sign-in form, which says why and, signed in, opens the page asked for; it never leaves the site', async () => {
    const staff = await browser.newContext({ viewport: PHONE });
    const tab = await staff.newPage();
    const asked = '/admindashboard/administrativetools/manageannouncement?page=2';
    await tab.goto(`${url}${asked}`);
    await tab.waitForURL((u) => u.pathname === '/' && u.searchParams.get('next') === asked);
    const why = tab.locator('#login-reason');
    await visible(why);
    await expect(why.textContent()).resolves.toBe(SIGN_IN_REASONS['signed-out']);
    await checkScreen(tab, 'staff sign-in after a signed-out deep link');
    await tab.getByLabel('Username').fill(head.username);
    await tab.getByLabel('Password').fill(head.password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL((u) => u.pathname + u.search === asked);
    await visible(tab.getByRole('heading', { name: 'Manage Client Announcements' }));

    // A link made elsewhere to send someone off the site after signing in: followed no further than the landing page.
    await tab.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await tab.waitForURL((u) => u.pathname === '/');
    for (const next of ['https://example.com/', '//example.com/x', '/\\example.com']) {
      await tab.goto(`${url}/?reason=signed-out&next=${encodeURIComponent(next)}#login`);
      await tab.getByLabel('Username').fill(head.username);
      await tab.getByLabel('Password').fill(head.password);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.waitForURL((u) => u.pathname === '/admindashboard');
      expect(new URL(tab.url()).origin).toBe(new URL(url).origin);
      await tab.evaluate(() => localStorage.clear());
    }
    await staff.close();
  });

  it('without script: the navigation is open, the forms that need script say so (no credentials ever in an address), the BL search is a link', async () => {
    const plain = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(`${url}/`);
    await expect(plainPage.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    await visible(plainPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track & Trace' }));
    await expect(plainPage.getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(false);
    await visible(plainPage.getByText('Signing in needs JavaScript'));
    await visible(plainPage.getByText('The form needs JavaScript'));
    await plainPage.getByLabel('BL number').fill(seeded.booking.blNo);
    await plainPage.getByRole('button', { name: 'Track' }).click();
    await plainPage.waitForURL((u) => u.pathname === '/Searchbl' && u.searchParams.get('bl') === seeded.booking.blNo);
    await visible(plainPage.getByText('Looking up a shipment needs JavaScript'));
    await plain.close();
  });

  it('had no Content-Security-Policy violation', () => {
    expect(cspViolations).toEqual([]);
  });
});
