import { pdfText, TEST_COMPANY_PROFILE } from '@freight/server-testing';
import { seedAccountsWorld, type AccountsWorld } from '../testing/accounts.js';
import { stackForFile } from '../testing/gateway-stack.js';

/*
 * The company's own details (docs/adr/0044-company-profile.md) from the gateway's configuration: answered
 * at the public GET /api/company (the console's and the portal's footers) and printed at the top of
 * the statement PDF, read back from the file as a reader sees it.
 */
const PROFILE = TEST_COMPANY_PROFILE;
const shared = stackForFile(PROFILE);
let world: AccountsWorld;

beforeAll(async () => {
  world = await seedAccountsWorld(shared);
}, 180_000);

it('GET /api/company answers the configured profile to anyone, cacheable', async () => {
  const reply = await shared.call('GET', '/api/company');
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    name: PROFILE.COMPANY_NAME,
    address: PROFILE.COMPANY_ADDRESS,
    phone: PROFILE.COMPANY_PHONE,
    email: PROFILE.SUPPORT_EMAIL,
    logoUrl: PROFILE.COMPANY_LOGO_URL,
  });
  expect(reply.headers['cache-control']).toBe('public, max-age=300');
});

it("the statement PDF carries the company's name, address, phone and e-mail above the statement", async () => {
  const pdf = await fetch(`${shared.stack.gateway.baseUrl}/api/accounts/statement/${world.payerId}/statement.pdf?from=2000-01-01&to=2099-12-31`, {
    headers: { authorization: `Bearer ${world.head.token}` },
  });
  expect(pdf.status).toBe(200);
  const [first] = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  const text = first!.replace(/\s+/g, ' ');
  for (const part of [PROFILE.COMPANY_NAME, PROFILE.COMPANY_ADDRESS, `Phone: ${PROFILE.COMPANY_PHONE}`, PROFILE.SUPPORT_EMAIL]) expect(text).toContain(part);
  expect(text.indexOf(PROFILE.COMPANY_NAME)).toBeLessThan(text.indexOf('Statement of Account'));
});
