import { jest } from '@jest/globals';
import { ContactTexts } from '@freight/contracts';
import { screen, waitFor } from '@testing-library/dom';
import { loadPage } from './page.spec-helper.js';
import { CONTACT_FAILED_MESSAGE, CONTACT_OFFLINE_MESSAGE, setupContact } from './contact.js';

function type(label: string, value: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const errorOf = (field: string) => document.getElementById(`contact-${field}-error`)!.textContent;
const byId = (id: string) => document.getElementById(id)!;
const send = () => screen.getByRole('button', { name: 'Send message' }).click();

function fillIn() {
  type('Full name', ' Ada Lovelace ');
  type('E-mail address', 'ada@example.com');
  type('Message', 'Please quote an FCL from Shanghai.');
}

describe('contact form (#contact)', () => {
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    loadPage('index');
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    setupContact(document);
  });

  it('checks every field with the contracts schema before sending, inline, and again as the visitor types', () => {
    send();
    expect(fetchMock).not.toHaveBeenCalled();
    expect([errorOf('fullName'), errorOf('email'), errorOf('message')]).toEqual(['Full name is required', 'Email is required', 'Message is required']);
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    type('E-mail address', 'not-an-address');
    expect(errorOf('email')).toBe('Enter a valid email address');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    type('E-mail address', 'ada@example.com');
    expect(errorOf('email')).toBe('');
  });

  it("sends the message and shows the server's confirmation (a reply within 24 hours), then empties the form", async () => {
    fetchMock.mockResolvedValue(Response.json({ message: ContactTexts.received }, { status: 201 }));
    fillIn();
    send();
    await waitFor(() => expect(byId('contact-success').textContent).toBe(ContactTexts.received));
    expect(byId('contact-success').textContent).toContain('within 24 hours');
    expect([byId('contact-success').getAttribute('role'), byId('contact-error').getAttribute('role')]).toEqual(['status', 'alert']);
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual([
      '/api/contact',
      'POST',
      { fullName: 'Ada Lovelace', email: 'ada@example.com', message: 'Please quote an FCL from Shanghai.' },
    ]);
    expect([value('Full name'), value('E-mail address'), value('Message')]).toEqual(['', '', '']);
  });

  it("over the limit (429): the server's message, and the typed text stays", async () => {
    const tooMany = ContactTexts.tooMany(1800);
    fetchMock.mockResolvedValue(Response.json({ message: tooMany, code: 'TOO_MANY_ATTEMPTS' }, { status: 429 }));
    fillIn();
    send();
    await waitFor(() => expect(byId('contact-error').textContent).toBe(tooMany));
    expect([value('Full name'), value('E-mail address'), value('Message')]).toEqual([
      ' Ada Lovelace ',
      'ada@example.com',
      'Please quote an FCL from Shanghai.',
    ]);
    expect(byId('contact-success').textContent).toBe('');
  });

  it('a 400 with field details shows them under their fields', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ message: 'Validation failed', code: 'VALIDATION', details: { email: 'This address cannot receive mail' } }, { status: 400 }),
    );
    fillIn();
    send();
    await waitFor(() => expect(errorOf('email')).toBe('This address cannot receive mail'));
    expect(value('Message')).toBe('Please quote an FCL from Shanghai.');
  });

  it.each([
    ['a 500 without a message', () => Promise.resolve(new Response('oops', { status: 500 })), CONTACT_FAILED_MESSAGE],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch')), CONTACT_OFFLINE_MESSAGE],
  ])('%s: a clear message, nothing lost, and it can be sent again', async (_, answer, message) => {
    fetchMock.mockImplementationOnce(answer).mockResolvedValueOnce(Response.json({ message: ContactTexts.received }, { status: 201 }));
    fillIn();
    send();
    await waitFor(() => expect(byId('contact-error').textContent).toBe(message));
    expect(value('Message')).toBe('Please quote an FCL from Shanghai.');
    send();
    await waitFor(() => expect(byId('contact-success').textContent).toBe(ContactTexts.received));
    expect(byId('contact-error').textContent).toBe('');
  });
});
