import { z } from 'zod/mini';
import { DIRECTIONS } from './job-numbers.js';

/** The facts of a job the accounts service's invoice records show (requirements 02 §3 "Invoiced shipment row"), each reference by directory id and name. */
export const jobAccountsFactsSchema = z.object({
  consigneeId: z.string(),
  consigneeName: z.string(),
  originId: z.string(),
  originPort: z.string(),
  shipperId: z.nullable(z.string()),
  shipperName: z.nullable(z.string()),
  blNo: z.string(),
  containerNo: z.string(),
});
export type JobAccountsFacts = z.infer<typeof jobAccountsFactsSchema>;

/**
 * The payload of `events.shipment.job.created|updated|deleted` (ADR 21), for the live lists and
 * other services: which job, whose it is now (and was, when the assignee changed), and which
 * fields changed (API names; every field of a new job is "changed").
 */
export const jobChangeEventSchema = z.object({
  /** The job number (the event's natural key). */
  key: z.string(),
  jobNo: z.string(),
  direction: z.enum(DIRECTIONS),
  /** The assignee's user id. */
  userId: z.string(),
  /** The assignee before the change, when it changed. */
  previousUserId: z.optional(z.string()),
  /** Inquiry (worklist) or booking (booking sheet) after the change. */
  proceedToProceeding: z.boolean(),
  changed: z.array(z.string()),
  /** What the accounts service keeps of the job to invoice it (its copy, ADR 34): after the change (a deletion: as it was). */
  job: jobAccountsFactsSchema,
});
export type JobChangeEvent = z.infer<typeof jobChangeEventSchema>;
