import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { companyProfileFromEnv, type CompanyProfile, type MailTemplate } from '@freight/contracts';
import { BookingConfirmation, UpdatedData, bookingConfirmationSubject, updatedDataSubject } from './booking.js';
import { ContactMessage, contactMessageSubject } from './contact.js';
import { CompanyContext } from './layout.js';

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

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
/** React Email's plain-text conversion (its selectors: no images, no `data-skip-in-text` parts), compiled once rather than per e-mail. */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * A template with its data as an e-mail, signed with `company`'s details: the HTML rendered from the component, the plain text
 * made from that same HTML. Synchronous static rendering: React Email's `render` streams with
 * Suspense and, with its text conversion, cost ~8 ms an e-mail; this costs well under 1 ms
 * (ADR 27). Async, so a template may await later without changing the callers.
 */
export async function renderMail(template: MailTemplate, company: CompanyProfile = companyProfileFromEnv({})): Promise<RenderedMail> {
  const { subject, element } = compose(template);
  const html = `${DOCTYPE}${renderToStaticMarkup(<CompanyContext value={company}>{element}</CompanyContext>)}`;
  return { subject, html, text: toPlainText(html) };
}
