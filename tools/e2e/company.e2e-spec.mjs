/* global document, window, getComputedStyle -- page.evaluate callbacks run in the browser */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchBrowser, recordCspViolations, signInWithForm, target } from './browser.mjs';
import { PHONE } from './check-screen.mjs';

// The company's own details (docs/adr/0044-company-profile.md) in Chromium through the real edge,
// gateway and services: the microsite's pages, the console and the client portal show one footer
// (the current year, the configured name) and the microsite's contact details are the profile's
// (GET /api/company, the gateway's configuration). On a phone (390×844) the console's banner,
// owner's message and footer leave the first screen to the page. The contact message box has 5 rows.
const { url, portalUrl, head } = target();
const year = new Date().getFullYear();

/** At most this share of a 390×844 first screen goes to the console's banner, owner's message and footer. */
const SHELL_SHARE_LIMIT = 0.15;

let browser;
let context;
let page;
let cspViolations;
let company;

beforeAll(async () => {
  const reply = await fetch(`${url}/api/company`);
  expect(reply.status).toBe(200);
  company = await reply.json();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: PHONE });
  cspViolations = await recordCspViolations(context);
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await browser?.close();
});

/** The text of the page's footer once it names the company (the console and the portal load the profile after their first render). */
async function footerText() {
  const footer = page.locator('footer').filter({ hasText: company.name }).first();
  await footer.waitFor({ state: 'visible' });
  return (await footer.textContent()).replace(/\s+/g, ' ');
}

/**
 * The share of the first screen the console's welcome banner, owner's message and footer take: the
 * part of each box (with its bottom margin) inside the viewport, over the viewport's height.
 */
const shellShare = () =>
  page.evaluate(() => {
    const banner = [...document.querySelectorAll('p')].find((p) => p.textContent.trim() === 'Welcome to Import Management')?.closest('.mantine-Paper-root');
    const owner = document.getElementById('owners-message')?.closest('aside');
    const footer = document.querySelector('footer');
    const onScreen = (element) => {
      if (!element) return 0;
      const box = element.getBoundingClientRect();
      const bottom = box.bottom + parseFloat(getComputedStyle(element).marginBottom);
      return Math.max(0, Math.min(bottom, window.innerHeight) - Math.max(box.top, 0));
    };
    return {
      banner: onScreen(banner),
      owner: onScreen(owner),
      footer: onScreen(footer),
      share: (onScreen(banner) + onScreen(owner) + onScreen(footer)) / window.innerHeight,
    };
  });

describe("the company's details and the footers", () => {
  it('GET /api/company answers the configured profile, cached for a while', async () => {
    const reply = await fetch(`${url}/api/company`);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    expect(company).toEqual({
      name: expect.any(String),
      address: expect.any(String),
      phone: expect.any(String),
      email: expect.any(String),
      logoUrl: expect.any(String),
    });
  });

  it("the microsite's pages show the profile's name and the current year, and its contact details are the profile's", async () => {
    const line = `© ${year} ${company.name}. All rights reserved.`;
    for (const path of ['/', '/Searchbl']) {
      await page.goto(`${url}${path}`);
      const text = await footerText();
      expect(text).toContain(line);
      expect(text).toContain(company.address);
      expect(text).toContain(company.phone);
      expect(text).toContain(company.email);
    }
    await page.goto(`${url}/`);
    const contact = page.locator('#contact address');
    await expect(contact.count()).resolves.toBe(1);
    expect((await contact.textContent()).replace(/\s+/g, ' ').trim()).toBe(`${company.name} ${company.address} Phone: ${company.phone}`);
    await expect(page.locator('#contact').getByRole('link', { name: company.email }).count()).resolves.toBe(1);
  });

  it('the console and the portal show the same footer line as the microsite', async () => {
    const line = `© ${year} ${company.name}. All rights reserved.`;
    await signInWithForm(page, head, '/admindashboard');
    expect(await footerText()).toContain(line);
    await page.goto(`${portalUrl}/clientlogin`);
    expect(await footerText()).toContain(line);
  });

  it("on a phone the banner, the owner's message and the footer take under 15% of the first screen of a console page", async () => {
    // The Head is signed in (previous test).
    const shares = {};
    for (const path of ['/admindashboard', '/admindashboard/administrativetools', '/manageuser']) {
      await page.goto(`${url}${path}`);
      await page.getByText("Owner's Message").waitFor({ state: 'visible' });
      await footerText().catch(() => undefined); // the footer's line loaded (it may be below the first screen)
      shares[path] = await shellShare();
    }
    console.log(`share of the first 390×844 screen: ${JSON.stringify(shares)}`);
    for (const [path, { share }] of Object.entries(shares))
      expect({ path, share: share < SHELL_SHARE_LIMIT ? 'under the limit' : share }).toEqual({ path, share: 'under the limit' });
    // Nothing of the owner's message is lost: its line opens to it.
    const message = page.getByText('Submit shipment requests before 5 PM.');
    await expect(message.isVisible()).resolves.toBe(false);
    await page.getByText("Owner's Message").click();
    await message.waitFor({ state: 'visible' });
  });

  it('the contact message box has 5 rows', async () => {
    await page.goto(`${url}/`);
    const box = page.locator('#contact-message');
    await expect(box.getAttribute('rows')).resolves.toBe('5');
    const rows = await box.evaluate((textarea) => {
      const style = getComputedStyle(textarea);
      const content = textarea.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return content / parseFloat(style.lineHeight);
    });
    expect(Math.abs(rows - 5)).toBeLessThan(0.1);
  });

  it('no Content-Security-Policy violation on any of these pages', () => {
    expect(cspViolations).toEqual([]);
  });
});
