import { z } from 'zod/mini';
import { emailField, multilineText, requiredText } from '../fields.js';
import { idempotencyKeySchema } from '../idempotency.js';
import { EVENTS_TOKEN } from '../events.js';
import { defineResource } from '../resource.js';
import type { ServiceName } from '../services.js';

/*
 * E-mail of the notification service (issue 8): every e-mail is a row with its status, sent by
 * the service's sender over SMTP with retries (docs/adr/0027-e-mail-templates-and-delivery.md).
 */

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A job's facts as the booking e-mails show them (requirements decisions §3). */
export const bookingMailDataSchema = z.object({
  consigneeName: requiredText('Consignee name', 100),
  jobNumber: requiredText('Job number', 30),
  typeOfShipment: requiredText('Type of shipment', 100),
  termOfShipment: requiredText('Term of shipment', 100),
  origin: requiredText('Origin', 100),
  vessel: requiredText('Vessel', 100),
  /** Dates as the job holds them (YYYY-MM-DD). */
  etd: requiredText('ETD', 30),
  eta: requiredText('ETA', 30),
  blNumber: requiredText('BL number', 60),
  containerNumbers: z.array(requiredText('Container number', 30)).check(z.maxLength(200, 'At most 200 container numbers')),
  status: requiredText('Status', 60),
});
export type BookingMailData = z.infer<typeof bookingMailDataSchema>;

/** A contact form message as the support inbox gets it. */
export const contactMailDataSchema = z.object({
  fullName: requiredText('Full name', 100),
  email: emailField,
  message: multilineText('Message', 5000),
  receivedAt: z.string(),
});
export type ContactMailData = z.infer<typeof contactMailDataSchema>;

/** Every template, by name, with the data it takes: the e-mail's kind is its template's name. */
export const mailTemplateSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('booking-confirmation'), data: bookingMailDataSchema }),
  z.object({ name: z.literal('updated-data'), data: bookingMailDataSchema }),
  z.object({ name: z.literal('contact-message'), data: contactMailDataSchema }),
]);
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

/** The longest recipient list of one e-mail (a consignee's e-mail and its additional ones, requirements decisions §3). */
export const MAX_MAIL_RECIPIENTS = 20;
export const businessKeyField = requiredText('Business key', 100);

/**
 * A service's way to send e-mail (ADR 27): services accept only requests the gateway signed (ADR 9),
 * so a service appends this event to its own outbox in the transaction of the business change,
 * and the notification service's durable consumer queues the e-mail. The payload is that of
 * `notification.mail.send`; the event's id (`Nats-Msg-Id`, the outbox row's id) is the idempotency
 * key, so a redelivered event queues nothing twice.
 */
export const mailRequestedEventSchema = z.object({
  to: z
    .array(emailField)
    .check(z.minLength(1, 'At least one recipient is required'), z.maxLength(MAX_MAIL_RECIPIENTS, `At most ${MAX_MAIL_RECIPIENTS} recipients`)),
  /** What the e-mail is about, e.g. the job number `IMP-000123`. */
  businessKey: businessKeyField,
  template: mailTemplateSchema,
  /** Where replies go (the sender of a contact message). */
  replyTo: z.optional(emailField),
});
/**
 * `notification.mail.send`: queue an e-mail. The row is written before the reply, so an
 * accepted e-mail is never lost; an Idempotency-Key makes a repeated request answer the first
 * row instead of queueing a second e-mail (ADR 12). The event's fields plus that key.
 */
export const mailSendRequestSchema = z.extend(mailRequestedEventSchema, { idempotencyKey: z.optional(idempotencyKeySchema) });
export type MailSendRequest = z.infer<typeof mailSendRequestSchema>;
export type MailRequestedEvent = z.infer<typeof mailRequestedEventSchema>;

/** `events.<service>.mail.requested`: in the producer's own event stream. */
export function mailRequestedSubject(service: ServiceName): string {
  return `${EVENTS_TOKEN}.${service}.mail.requested`;
}

export const mailAcceptedSchema = z.object({ id: z.string(), status: z.enum(MAIL_STATUSES) });
export type MailAccepted = z.infer<typeof mailAcceptedSchema>;

/** One e-mail as staff see it: no bodies, the delivery state. */
export const mailSummarySchema = z.object({
  id: z.string(),
  /** The producer's mail-request event id (a booking e-mail's request in the shipment service); null for a direct send. */
  requestId: z.nullable(z.string()),
  businessKey: z.string(),
  kind: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  nextAttemptAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

/** The staff read call: the e-mails of a business key (a job's "last sent"), newest first. */
export const mails = defineResource({
  service: 'notification',
  name: 'mail',
  key: 'mails',
  area: 'mails',
  naturalKey: 'id',
  sortFields: ['createdAt'],
  searchFields: [],
  texts: { singular: 'e-mail', plural: 'e-mails', added: 'E-mail queued', updated: 'E-mail updated', deleted: 'E-mail deleted', notFound: 'E-mail not found' },
  operations: {
    byKey: {
      method: 'GET',
      path: '/api/mails/{businessKey}',
      summary: 'The e-mails of a business key (say, a job number) with their delivery status, newest first',
      action: 'read',
      params: z.object({ businessKey: businessKeyField }),
      reply: z.object({ success: z.literal(true), mails: z.array(mailSummarySchema) }),
    },
  },
});
