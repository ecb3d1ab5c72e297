import { renderMail } from './render.js';
import { bookingData } from '../testing/notification-harness.js';

const FIELDS = [
  'IMP-000123',
  'FCL',
  'CIF',
  'Shanghai',
  'MSC Aurora V.214',
  '2026-12-01',
  '2026-12-19',
  'MSCU1234567',
  'MSCU7654321, TGHU1112223',
  'Booking Confirmed',
];
const LABELS = ['Job number', 'Type of shipment', 'Term of shipment', 'Origin', 'Vessel', 'ETD', 'ETA', 'BL number', 'Container numbers', 'Status'];

describe('e-mail templates (rendered by React Email; the text from the same HTML)', () => {
  it.each(['booking-confirmation', 'updated-data'] as const)('%s: each field of requirements decisions §3 in HTML and text, labelled', async (name) => {
    const mail = await renderMail({ name, data: bookingData() });
    expect(mail.subject).toBe(name === 'booking-confirmation' ? 'Booking confirmation: IMP-000123' : 'Shipment update: IMP-000123');
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    for (const value of FIELDS) expect(mail.html).toContain(value);
    LABELS.forEach((label, i) => expect(mail.text).toContain(`${label}: ${FIELDS[i]}`));
    expect(mail.text).toContain('Dear Lanka Traders,');
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('says which of the two it is', async () => {
    const confirmation = await renderMail({ name: 'booking-confirmation', data: bookingData() });
    const update = await renderMail({ name: 'updated-data', data: bookingData() });
    expect(confirmation.text).toContain('Your booking is confirmed.');
    expect(update.text).toContain('The details of your shipment have been updated.');
  });

  it('escapes data in the HTML: a value is never markup', async () => {
    const mail = await renderMail({ name: 'booking-confirmation', data: bookingData('IMP-000124', { consigneeName: '<script>alert(1)</script> & Co' }) });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.text).toContain('Dear <script>alert(1)</script> & Co,');
  });

  it('shows a booking without containers yet with a dash', async () => {
    const mail = await renderMail({ name: 'updated-data', data: bookingData('IMP-000125', { containerNumbers: [] }) });
    expect(mail.text).toContain('Container numbers: —');
  });

  it('contact-message: the sender, the message with its line breaks, the 24-hour promise', async () => {
    const mail = await renderMail({
      name: 'contact-message',
      data: { fullName: 'Nimal Perera', email: 'nimal@example.com', message: 'Line one\nLine two', receivedAt: '2026-11-24T10:00:00.000Z' },
    });
    expect(mail.subject).toBe('Contact form: message from Nimal Perera');
    expect(mail.text).toContain('From: Nimal Perera');
    expect(mail.text).toContain('Email: nimal@example.com');
    expect(mail.text).toMatch(/Line one\s*\n\s*Line two/);
    expect(mail.text).toContain('Received: 24/11/2026 10:00 UTC');
    expect(mail.text).toContain('a reply within 24 hours');
  });

  it("contact-message: the sender's text is never markup in the HTML", async () => {
    const mail = await renderMail({
      name: 'contact-message',
      data: {
        fullName: 'Nimal <b>Perera</b>',
        email: 'nimal@example.com',
        message: '<script>alert("x")</script> & thanks',
        receivedAt: '2026-11-24T10:00:00.000Z',
      },
    });
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; thanks');
    expect(mail.html).toContain('Nimal &lt;b&gt;Perera&lt;/b&gt;');
    expect(mail.text).toContain('<script>alert("x")</script> & thanks');
  });
});
