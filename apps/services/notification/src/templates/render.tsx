import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { MailTemplate } from '@freight/contracts';
import { BookingConfirmation, UpdatedData, bookingConfirmationSubject, updatedDataSubject } from './booking.js';
import { ContactMessage, contactMessageSubject } from './contact.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The subject and the React element of a template, by name (the one place that lists them). */
function compose(template: MailTemplate): { subject: string; element: ReactElement } {
  switch (template.name) {
    case 'booking-confirmation':
      return { subject: bookingConfirmationSubject(template.data), element: <BookingConfirmation data={template.data} /> };
    case 'updated-data':
      return { subject: updatedDataSubject(template.data), element: <UpdatedData data={template.data} /> };
    case 'contact-message':
      return { subject: contactMessageSubject(template.data), element: <ContactMessage data={template.data} /> };
  }
}

/** A template with its data as an e-mail: the HTML rendered by React Email, the plain text made from that same HTML. */
export async function renderMail(template: MailTemplate): Promise<RenderedMail> {
  const { subject, element } = compose(template);
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}
