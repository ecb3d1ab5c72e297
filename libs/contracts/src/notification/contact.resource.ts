import { z } from 'zod/mini';
import { emailField, multilineText, requiredText } from '../fields.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { defineResource, type ApiRoute } from '../resource.js';

/*
 * The public contact form (requirements 01 §1, §5; requirements decisions §2): the message is stored, e-mailed to the
 * support inbox, and answered with a confirmation that promises a reply within 24 hours. Head
 * and Admin read the messages and mark them handled.
 */

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** Requirements 01 §5: name, email (email format) and message required. */
export const contactRequestSchema = z.object({
  fullName: requiredText('Full name', 100),
  email: emailField,
  message: z.pipe(multilineText('Message', CONTACT_MESSAGE_MAX_LENGTH), z.string().check(z.minLength(1, 'Message is required'))),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** How many messages one client address may send per window, and the window. */
export const CONTACT_LIMIT = { messages: 5, windowSeconds: 60 * 60 } as const;

export const ContactTexts = {
  /** The confirmation the sender sees: requirements 01 §1 and requirements decisions §2 promise "a reply within 24 hours". */
  received: 'Thank you for contacting us. We have received your message and promise a reply within 24 hours.',
  /** Over the limit: how long to wait, in whole minutes (the Retry-After header has the seconds). */
  tooMany: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `You have already sent ${CONTACT_LIMIT.messages} messages this hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  handled: 'Contact message marked as handled',
  reopened: 'Contact message marked as not handled',
  notFound: 'Contact message not found',
} as const;

/** `POST /api/contact`: public, the gateway's own controller (it passes the client address on for the limit). */
export const contactRoutes = {
  contact: {
    method: 'POST',
    path: '/api/contact',
    summary: 'Contact form: store the message, e-mail the support inbox, confirm (5 messages an hour per client address, then 429)',
    access: 'public',
    body: contactRequestSchema,
    reply: z.object({ message: z.string() }),
    status: 201,
  },
} as const satisfies Record<string, ApiRoute>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  message: z.string(),
  receivedAt: z.string(),
  handled: z.boolean(),
  handledAt: z.nullable(z.string()),
  handledBy: z.nullable(z.string()),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Head and Admin: the messages (Administrative Tools "Contact messages"), newest first by default, and their CSV export; mark one handled or not. */
export const contactMessages = defineResource({
  service: 'notification',
  name: 'contactMessage',
  key: 'contactMessages',
  area: 'contactMessages',
  naturalKey: '_id',
  sortFields: ['receivedAt', 'fullName', 'email'],
  searchFields: ['fullName', 'email'],
  columns: [
    { field: 'receivedAt', label: 'Received' },
    { field: 'fullName', label: 'Full Name' },
    { field: 'email', label: 'Email' },
    { field: 'message', label: 'Message' },
    { field: 'handled', label: 'Handled', text: (row: ContactMessage) => (row.handled ? 'Yes' : 'No') },
    { field: 'handledBy', label: 'Handled By' },
  ],
  texts: {
    singular: 'contact message',
    plural: 'contact messages',
    added: ContactTexts.received,
    updated: ContactTexts.handled,
    deleted: 'Contact message deleted',
    notFound: ContactTexts.notFound,
  },
  operations: {
    all: {
      method: 'GET',
      path: '/api/contactMessages/all',
      summary: 'Contact messages, newest first unless sorted otherwise; `handled=false` for the open ones',
      action: 'read',
      query: z.extend(listQuerySchema(['receivedAt', 'fullName', 'email']), {
        handled: z.optional(z.enum(['true', 'false'], { error: 'handled must be true or false' })),
      }),
      reply: z.array(contactMessageSchema),
      paged: true,
    },
    handle: {
      method: 'PUT',
      path: '/api/contactMessages/handle/{_id}',
      summary: 'Mark a contact message handled (or, with handled false, open again)',
      action: 'write',
      params: keyParam('_id', 'Contact message ID'),
      body: z.object({ handled: z.boolean({ error: 'handled must be true or false' }) }),
      reply: z.object({ success: z.literal(true), message: z.string(), contactMessage: contactMessageSchema }),
    },
  },
});
