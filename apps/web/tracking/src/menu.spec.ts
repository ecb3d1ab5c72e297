import { loadPage } from './page.spec-helper.js';
import { setupMenu } from './menu.js';

describe.each(['index', 'searchbl'] as const)('mobile menu on %s', (name) => {
  beforeEach(() => loadPage(name));

  it('opens and closes with the Menu button, closes on a link and on Escape', () => {
    const toggle = setupMenu(document)!;
    expect(toggle.textContent).toBe('Menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.tagName).toBe('NAV');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    toggle.click();
    document.querySelector<HTMLAnchorElement>('#site-nav a[href="/#contact"]')!.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    toggle.click();
    document.querySelector<HTMLAnchorElement>('#site-nav a')!.focus();
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('links the anchors, the Members Area and Track & Trace', () => {
    const hrefs = [...document.querySelectorAll<HTMLAnchorElement>('#site-nav a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Services', '/#services'],
      ['About', '/#about'],
      ['Staff login', '/#login'],
      ['Contact', '/#contact'],
      ['Track & Trace', '/Searchbl'],
      ['Members Area', '/clientlogin'],
    ]);
  });
});

describe('landing page', () => {
  beforeEach(() => loadPage('index'));

  it('has the four anchors and the content of requirements 01 §1 in its HTML', () => {
    for (const id of ['services', 'about', 'login', 'contact']) expect(document.getElementById(id)).not.toBeNull();
    const text = document.body.textContent!.replace(/\s+/g, ' ');
    for (const phrase of [
      'Freight consultancy',
      'LCL and FCL',
      'Air and sea freight',
      'Customs clearance',
      'One-click tracking',
      'Worldwide network',
      'within 24 hours',
      `© ${new Date().getFullYear()} Freight Forwarding. All rights reserved.`,
    ]) {
      expect(text).toContain(phrase);
    }
    // The company's one address (the profile), in the contact section; its phone there and in the footer.
    expect(document.querySelectorAll('address')).toHaveLength(1);
    expect(document.querySelector('a[href^="mailto:"]')).not.toBeNull();
    expect([...document.querySelectorAll('a[href^="tel:"]')].map((link) => link.getAttribute('href'))).toEqual(['tel:+922135550100', 'tel:+922135550100']);
  });
});
