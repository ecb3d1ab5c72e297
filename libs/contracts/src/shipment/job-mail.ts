import { z } from 'zod/mini';
import { CHANGES } from '../events.js';
import { MAIL_STATUSES } from '../notification/mail.resource.js';
import type { ApiRoute } from '../resource.js';
import { actorSchema } from '../resource.js';
import { jobNoParam } from './jobs.js';

/*
 * Booking e-mails and the live booking sheet (issue 9; ADR 32, ADR 33). The two send calls are the
 * jobs resource's (`sendConfirmationMail`, `sendUpdateMail`); here are what they leave behind (a job's send
 * requests with their delivery state) and the stream of job changes that keeps open lists fresh.
 */

/** The booking e-mails a job can send: the notification service's template names. */
export const JOB_MAIL_KINDS = ['booking-confirmation', 'updated-data'] as const;
export type JobMailKind = (typeof JOB_MAIL_KINDS)[number];

export const JobMailTexts = {
  /** requirements 02 §8, after the booking-confirmation e-mail is accepted. */
  confirmationSent: 'Booking confirmation email sent successfully',
  /** Ours (the spec names no text for the updated-data button), in the same words. */
  updateSent: 'Updated data email sent successfully',
  /** A consignee without any e-mail address: nothing to send (400, field `consigneeName`). */
  noRecipient: 'The consignee has no e-mail address. Add one in Manage Consignee, then send again.',
  /** The job's status as the view shows it. */
  never: 'Not sent yet',
} as const;

/** One send request of a job as the shipment service records it, with the e-mail's delivery state. */
export const jobMailStatusSchema = z.object({
  /** The request's id: the mail-request event's id, which the notification service keeps with the e-mail. */
  id: z.string(),
  kind: z.enum(JOB_MAIL_KINDS),
  to: z.array(z.string()),
  requestedAt: z.string(),
  /** The staff member who pressed the button (full name). */
  requestedBy: z.string(),
  /** `queued` until the notification service has it, then its state; `failed` with `lastError`. */
  status: z.enum(MAIL_STATUSES),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
});
export type JobMailStatus = z.infer<typeof jobMailStatusSchema>;

/** A send request as the shipment service answers it (no delivery state: the notification service has that). */
export const jobMailRequestSchema = z.pick(jobMailStatusSchema, { id: true, kind: true, to: true, requestedAt: true, requestedBy: true });
export type JobMailRequest = z.infer<typeof jobMailRequestSchema>;

/** `shipment.job.mailRequests`: a job's send requests, newest first (the caller may see the job: else 403/404). */
export const jobMailRequestsMessageSchema = z.object({ actor: actorSchema, params: jobNoParam });
export const jobMailRequestsReplySchema = z.object({ jobNo: z.string(), requests: z.array(jobMailRequestSchema) });
export type JobMailRequestsReply = z.infer<typeof jobMailRequestsReplySchema>;

/** What the live stream says about a job change: enough to know which lists to reload, nothing of its data. */
export const liveJobEventSchema = z.object({
  change: z.enum(CHANGES),
  jobNo: z.string(),
});
export type LiveJobEvent = z.infer<typeof liveJobEventSchema>;
/** The server-sent event name of a job change, and of the first message once the stream is open. */
export const LIVE_JOB_EVENT = 'job';
export const LIVE_READY_EVENT = 'ready';
/**
 * The `ready` event's data. `resumed`: the stream went on from the browser's `Last-Event-ID`, the
 * changes it missed were sent first; otherwise (a first connect, or a gap too old or long to
 * replay) changes may have been missed and the lists are reloaded.
 */
export interface LiveReady {
  resumed: boolean;
}

/**
 * The gateway's own routes: a job's e-mails (the shipment service's requests joined with the
 * notification service's delivery state) and the stream of job changes. Both read jobs, so
 * whoever may read the job (Head, Admin; an Employee their own jobs, checked by the shipment
 * service or, on the stream, by the event's assignee).
 */
export const jobMailRoutes = {
  shipmentsMails: {
    method: 'GET',
    path: '/api/shipments/mails/{jobNo}',
    summary: "A job's booking e-mails, newest first, each with its delivery state (queued, sending, sent, failed with the reason)",
    access: 'staff',
    permission: { area: 'jobs', action: 'read' },
    params: jobNoParam,
    reply: z.object({ success: z.literal(true), mails: z.array(jobMailStatusSchema) }),
    status: 200,
  },
  shipmentsLive: {
    method: 'GET',
    path: '/api/shipments/live',
    summary:
      'Server-sent events: `job` ({change, jobNo}) for every job the caller may see, as it is saved; ends when the session ends (logout, expiry, a new password or role)',
    access: 'staff',
    permission: { area: 'jobs', action: 'read' },
    reply: liveJobEventSchema,
    status: 200,
    stream: true,
  },
} as const satisfies Record<string, ApiRoute>;
