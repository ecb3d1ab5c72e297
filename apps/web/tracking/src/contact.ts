import { contactRequestSchema, contactRoutes } from '@freight/contracts';
import { byId, callJson, firstIssues, serverFieldErrors, serverMessage, showFieldError } from './api.js';

export const CONTACT_FAILED_MESSAGE = 'Your message could not be sent. Please try again.';
export const CONTACT_OFFLINE_MESSAGE = 'Your message could not be sent: no connection to the server. Please try again.';

const FIELDS = ['fullName', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];

/**
 * #contact (requirements 01 §1, requirements decisions §2): full name, e-mail address and message, checked with the
 * contracts' schema (the gateway's rule), posted to `POST /api/contact`; the server's
 * confirmation (a reply within 24 hours) is shown and the form emptied. Errors go under their
 * field; any other refusal (429 over the hourly limit, 5xx) shows the server's message; on any
 * failure the typed text stays.
 */
export function setupContact(root: Document): void {
  const form = byId<HTMLFormElement>(root, 'contact-form');
  const failure = byId<HTMLElement>(root, 'contact-error');
  const success = byId<HTMLElement>(root, 'contact-success');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const inputs: Record<Field, HTMLInputElement | HTMLTextAreaElement> = {
    fullName: byId(root, 'contact-fullName'),
    email: byId(root, 'contact-email'),
    message: byId(root, 'contact-message'),
  };
  const show = (errors: Record<string, string>) => {
    for (const field of FIELDS) showFieldError(inputs[field], byId(root, `contact-${field}-error`), errors[field]);
  };
  let submitted = false;
  let busy = false;
  const check = () => {
    const result = contactRequestSchema.safeParse({ fullName: inputs.fullName.value, email: inputs.email.value, message: inputs.message.value });
    const errors = result.success ? {} : firstIssues(result.error.issues);
    show(errors);
    return { data: result.success ? result.data : undefined, errors };
  };
  for (const field of FIELDS) inputs[field].addEventListener('input', () => submitted && check());

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    submitted = true;
    success.textContent = '';
    failure.textContent = '';
    const { data, errors } = check();
    if (!data) {
      inputs[FIELDS.find((field) => errors[field]) ?? 'fullName'].focus();
      return;
    }
    busy = true;
    if (button) button.disabled = true;
    void (async () => {
      const answer = await callJson(contactRoutes.contact.path, { method: 'POST', body: data });
      busy = false;
      if (button) button.disabled = false;
      if (answer.ok) {
        form.reset();
        submitted = false;
        show({});
        success.textContent = serverMessage(answer, 'Thank you, we have received your message.');
        return;
      }
      const fieldErrors = answer.status === 400 ? serverFieldErrors(answer) : {};
      if (FIELDS.some((field) => fieldErrors[field])) {
        show(fieldErrors);
        return;
      }
      failure.textContent = answer.status === 0 ? CONTACT_OFFLINE_MESSAGE : serverMessage(answer, CONTACT_FAILED_MESSAGE);
    })();
  });
}
