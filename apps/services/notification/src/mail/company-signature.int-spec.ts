import { TEST_COMPANY_PROFILE } from '@freight/server-testing';
import { startNotification, bookingData, type NotificationHarness } from '../testing/notification-harness.js';

// The company's own details (docs/adr/0044-company-profile.md) sign every e-mail: the service, configured
// with a profile, sends a booking confirmation and a contact form message over SMTP, and both carry
// the configured name, address, phone and e-mail, in the HTML and in the plain text.
const PROFILE = TEST_COMPANY_PROFILE;

let n: NotificationHarness;
beforeAll(async () => {
  n = await startNotification(PROFILE);
}, 60_000);
afterAll(() => n?.close());

/** The message as a mail client reads it: quoted-printable soft line breaks joined. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

async function sentAndStored(send: () => Promise<unknown>, businessKey: string) {
  const before = n.smtp.received.length;
  await send();
  const [mail] = (await n.smtp.waitFor(before + 1)).slice(before);
  const [row] = await n.adminQuery<{ html: string; text: string }>('SELECT html, text FROM notification.mail WHERE business_key = $1', [businessKey]);
  return { raw: decoded(mail!.raw), html: row!.html, text: row!.text };
}

function expectSigned({ raw, html, text }: { raw: string; html: string; text: string }) {
  for (const part of [PROFILE.COMPANY_NAME, PROFILE.COMPANY_ADDRESS, PROFILE.COMPANY_PHONE, PROFILE.SUPPORT_EMAIL]) {
    expect(text).toContain(part);
    expect(raw).toContain(part);
  }
  expect(html).toContain('href="tel:+94112345678"');
  expect(html).toContain(`href="mailto:${PROFILE.SUPPORT_EMAIL}"`);
  expect(html).toContain(`src="${PROFILE.COMPANY_LOGO_URL}"`);
  expect(text).not.toContain('Freight Forwarding'); // the development name nowhere
}

describe("the configured company's details in every e-mail", () => {
  it('a booking confirmation (notification.mail.send) is signed with them', async () => {
    const mail = await sentAndStored(
      () =>
        n.client.request('notification.mail.send', {
          to: ['consignee@example.com'],
          businessKey: 'IMP-000901',
          template: { name: 'booking-confirmation', data: bookingData('IMP-000901') },
        } as never),
      'IMP-000901',
    );
    expectSigned(mail);
  });

  it("a contact form message to the support inbox (the profile's e-mail) is signed with them", async () => {
    const before = n.smtp.received.length;
    await n.client.request('notification.contact.submit', {
      fullName: 'Nimal Perera',
      email: 'nimal@example.com',
      message: 'Rates to Rotterdam?',
      ip: '192.0.2.44',
    } as never);
    const [mail] = (await n.smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([PROFILE.SUPPORT_EMAIL]);
    const [row] = await n.adminQuery<{ html: string; text: string }>(
      "SELECT html, text FROM notification.mail WHERE kind = 'contact-message' ORDER BY created_at DESC LIMIT 1",
    );
    expectSigned({ raw: decoded(mail!.raw), html: row!.html, text: row!.text });
  });
});
