import { z } from 'zod/mini';
import { blankAsMissing, choiceError, optionalText, requiredText } from '../fields.js';
import { dateField, flagField, optionalDateField, quantityField } from '../value-fields.js';
import { listQuerySchema } from '../list.js';
import type { CrossPartProblem } from '../resource.js';
import { directionFilter, remarksField, statusField, versionField } from './job-fields.js';
import { BOOKING_CONFIRMED, SHIPMENT_STATES } from './job-statuses.js';
import { JobTexts } from './job-texts.js';
import { jobSchema, type PlainJobOf } from './jobs.js';
import { statusTimelineSchema } from './tracking.js';

// A booking is a job once "Proceed to Proceeding" is ticked (jobs.ts): the Daily Booking Sheet, Edit Booking and the clients' bookings.

/** What a client (consignee, shipper) sees of their booking: no personal information, no invoice. */
export const clientBookingSchema = z.omit(jobSchema, { personalremarks: true, invoiceNo: true, invoiceAmount: true, invoiceDate: true, version: true });
export type ClientBooking = z.infer<typeof clientBookingSchema>;
/** A client's booking as the web reads it (`plainJob`, ADR 56). */
export type PlainBooking = PlainJobOf<ClientBooking>;

const stateField = z._default(
  z.nullable(blankAsMissing(z.enum(SHIPMENT_STATES, { error: choiceError('Status of shipment', SHIPMENT_STATES.join(', ')) }))),
  null,
);
const optionalName = (label: string) => z._default(z.nullable(blankAsMissing(requiredText(label))), null);

/**
 * Edit Booking (requirements 02 §2): branch, type, term, consignee and origin are shown disabled, so the
 * body does not change them (sent anyway, they are ignored). A PUT: a field left out is cleared.
 */
export const bookingUpdateSchema = z.object({
  date: z.optional(dateField('Date')),
  ShipmentStatus: z.optional(statusField),
  statusOfShipment: stateField,
  notify: optionalName('Original consignee (notify)'),
  shipperName: optionalName('Shipper'),
  forwarderName: optionalName('Forwarder'),
  yardName: optionalName('Yard'),
  cartoons: quantityField('Cartoons', true),
  cbm: quantityField('CBM'),
  weight: quantityField('Weight'),
  blNo: z._default(optionalText('BL no', 50), ''),
  containerNo: z._default(optionalText('Container no', 50), ''),
  Vesselname: z._default(optionalText('Vessel name', 100), ''),
  bookingNo: z._default(optionalText('Booking no', 50), ''),
  whArrivalDate: optionalDateField('Warehouse arrival date'),
  etd: optionalDateField('ETD'),
  eta: optionalDateField('ETA'),
  deStuff: optionalDateField('De-stuff date'),
  doIssue: optionalDateField('DO issue date'),
  remarks: remarksField('Additional information'),
  personalremarks: remarksField('Personal information'),
  jobStatus: z._default(z.boolean({ error: 'Job status must be true (active) or false (inactive)' }), true),
  statusUpdateToClient: flagField('Status update to client'),
  proceedToProceeding: z.optional(z.boolean({ error: 'Proceed to Proceeding must be true or false' })),
  version: versionField,
});
export type BookingUpdate = z.input<typeof bookingUpdateSchema>;

/** Rules across a booking's fields: ETA not before ETD; proceeding only while Booking Confirmed. */
export function bookingRules({ body }: { body: z.output<typeof bookingUpdateSchema> }): CrossPartProblem[] {
  const problems: CrossPartProblem[] = [];
  if (body.etd && body.eta && body.eta < body.etd) problems.push({ field: 'eta', message: JobTexts.etaBeforeEtd });
  if (body.proceedToProceeding && body.ShipmentStatus !== undefined && body.ShipmentStatus !== BOOKING_CONFIRMED) {
    problems.push({ field: 'proceedToProceeding', message: JobTexts.proceedOnlyConfirmed });
  }
  return problems;
}

/** Daily Booking Sheet columns, every one sortable (requirements 02 §2); newest job first by default. */
export const BOOKING_SORT_FIELDS = [
  'jobNo',
  'date',
  'user',
  'consigneeName',
  'shipperName',
  'originPort',
  'typeOfShipment',
  'termOfShipment',
  'blNo',
  'containerNo',
  'Vesselname',
  'etd',
  'eta',
  'statusOfShipment',
  'jobStatus',
] as const;
/** The booking sheet's Active/Inactive/All filter (jobStatus). */
export const BOOKING_STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export const bookingListQuerySchema = z.extend(listQuerySchema(BOOKING_SORT_FIELDS), {
  direction: directionFilter,
  status: z.optional(z.enum(BOOKING_STATUS_FILTERS, { error: choiceError('status', 'active, inactive or all') })),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/**
 * `GET /api/shipments/clientbooking/{jobNo}`: one booking of the calling consignee or shipper, as
 * `searchbooklist` answers staff (`results[0]`), with a client's fields only (requirements 02 §2 "Shipper":
 * no personal information, invoice or version), and its status timeline as the BL search builds it.
 */
export const clientBookingReplySchema = z.object({ success: z.literal(true), results: z.array(clientBookingSchema), history: statusTimelineSchema });
