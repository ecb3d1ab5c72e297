import { z } from 'zod/mini';
import { SHIPMENT_STATES } from './job-statuses.js';

// The public BL search's reply (its limit and texts: tracking-texts.ts, which the microsite loads without these schemas).

/** The status changes of a job, oldest first: its status timeline (the public BL search, a client's booking). */
export const statusTimelineSchema = z.array(z.object({ status: z.string(), date: z.string() }));
export type StatusTimeline = z.infer<typeof statusTimelineSchema>;

/** requirements decisions §5: all the public learns of a shipment by its BL number. */
export const trackingSchema = z.object({
  blNo: z.string(),
  containerNo: z.string(),
  Vesselname: z.string(),
  originPort: z.string(),
  statusOfShipment: z.nullable(z.enum(SHIPMENT_STATES)),
  etd: z.nullable(z.string()),
  eta: z.nullable(z.string()),
  warehouseArrivalDate: z.nullable(z.string()),
  doIssue: z.nullable(z.string()),
  deStuff: z.nullable(z.string()),
  /** The status changes, oldest first: the job's status timeline. */
  history: statusTimelineSchema,
});
export type Tracking = z.infer<typeof trackingSchema>;
