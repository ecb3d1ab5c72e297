import { getByRole } from '@testing-library/dom';
// @ts-expect-error -- pages.js is the build's plain-JS page assembly (no types).
import { renderPage } from '../pages.js';
import { setupFooterYear } from './footer.js';

const render = renderPage as (page: string, env?: Record<string, string>) => string;

const PROFILE = {
  COMPANY_NAME: 'Lanka <Ocean> & Air Cargo',
  COMPANY_ADDRESS: '45 Harbour Street, Colombo 01',
  COMPANY_PHONE: '+94 11 234 5678',
  SUPPORT_EMAIL: 'hello@lanka-cargo.example',
};

function load(page: 'index' | 'searchbl', env: Record<string, string>) {
  document.body.innerHTML = new DOMParser().parseFromString(render(page, env), 'text/html').body.innerHTML;
}

describe("the company's details on the microsite (docs/adr/0044-company-profile.md)", () => {
  it.each(['index', 'searchbl'] as const)('%s: the configured name in the header and footer, its address, phone and e-mail in the footer, as text', (page) => {
    load(page, PROFILE);
    expect(document.querySelector('.brand')!.textContent).toBe(PROFILE.COMPANY_NAME);
    const footer = document.querySelector('footer')!;
    const text = footer.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain(`© ${new Date().getFullYear()} ${PROFILE.COMPANY_NAME}. All rights reserved.`);
    expect(text).toContain(PROFILE.COMPANY_ADDRESS);
    expect(getByRole(footer, 'link', { name: PROFILE.COMPANY_PHONE }).getAttribute('href')).toBe('tel:+94112345678');
    expect(getByRole(footer, 'link', { name: PROFILE.SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${PROFILE.SUPPORT_EMAIL}`);
    expect(document.querySelector('ocean')).toBeNull(); // the name's "<Ocean>" is text, not an element
  });

  it("the landing page's contact details are the profile's: one address, its phone and e-mail", () => {
    load('index', PROFILE);
    const contact = document.getElementById('contact')!;
    const addresses = contact.querySelectorAll('address');
    expect(addresses).toHaveLength(1);
    expect(addresses[0]!.textContent!.replace(/\s+/g, ' ').trim()).toBe(`${PROFILE.COMPANY_NAME} ${PROFILE.COMPANY_ADDRESS} Phone: ${PROFILE.COMPANY_PHONE}`);
    expect(getByRole(contact, 'link', { name: PROFILE.SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${PROFILE.SUPPORT_EMAIL}`);
  });

  it('refuses to build with a bad profile, naming the variable', () => {
    expect(() => render('index', { COMPANY_PHONE: 'ring us' })).toThrow(/COMPANY_PHONE must be a phone number/);
  });

  it("the script sets the visitor's current year over the build's", () => {
    load('searchbl', PROFILE);
    setupFooterYear(document, new Date('2031-03-01T00:00:00Z'));
    expect(document.querySelector('footer')!.textContent!.replace(/\s+/g, ' ')).toContain(`© 2031 ${PROFILE.COMPANY_NAME}.`);
  });
});
