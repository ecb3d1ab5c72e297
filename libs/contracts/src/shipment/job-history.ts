import { z } from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, optionalCount } from '../list.js';
import type { Job } from './jobs.js';

// A job's history as staff read it (issue 25 §5): who changed which field, when, before → after.

/** The fields a job's history records (every field of a job but its id, version and timestamps). */
type HistoryField = Exclude<keyof Job, '_id' | 'version' | 'createdAt' | 'updatedAt'>;

/** Each recorded field's label, as the job and booking views name it. */
export const JOB_FIELD_LABELS: Readonly<Record<HistoryField, string>> = {
  jobNo: 'Job No',
  direction: 'Direction',
  date: 'Date',
  user: 'Assigned To',
  branchCity: 'Branch City',
  consigneeName: 'Consignee',
  notify: 'Original Consignee (Notify)',
  shipperName: 'Shipper',
  forwarderName: 'Forwarder',
  originPort: 'Origin Port',
  yardName: 'Yard',
  typeOfShipment: 'Type of Shipment',
  termOfShipment: 'Term of Shipment',
  ShipmentStatus: 'Shipment Status',
  statusOfShipment: 'Status of Shipment',
  cartoons: 'Cartoons',
  cbm: 'CBM',
  weight: 'Weight',
  blNo: 'BL No',
  containerNo: 'Container No',
  Vesselname: 'Vessel Name',
  whArrivalDate: 'Warehouse Arrival Date',
  etd: 'ETD',
  eta: 'ETA',
  deStuff: 'De-stuff Date',
  doIssue: 'DO Issue Date',
  bookingNo: 'Booking No',
  remarks: 'Additional Information',
  personalremarks: 'Personal Information',
  jobStatus: 'Job Status',
  statusUpdateToClient: 'Status Update to Client',
  proceedToProceeding: 'Proceed to Proceeding',
  invoiceNo: 'Invoice No',
  invoiceAmount: 'Invoice Amount',
  invoiceDate: 'Invoice Date',
};

export const JOB_HISTORY_FIELDS = Object.keys(JOB_FIELD_LABELS) as [HistoryField, ...HistoryField[]];

/** `?page=&pageSize=&field=`: always a page (the first, of DEFAULT_PAGE_SIZE, when not given), of one field's changes when `field` is given. */
export const jobHistoryQuerySchema = z.object({
  page: optionalCount('page', MAX_PAGE),
  pageSize: optionalCount('pageSize', MAX_PAGE_SIZE),
  field: z.optional(z.enum(JOB_HISTORY_FIELDS, { error: 'field must be one of the fields of a job, by its API name (such as blNo or etd)' })),
});
export type JobHistoryQuery = z.infer<typeof jobHistoryQuerySchema>;
export const JOB_HISTORY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * One change of one field. Values as the history keeps them: a name for a reference, a date as
 * YYYY-MM-DD, true/false, a number or amount as digits, null for none. `changedBy` is the staff
 * member's full name as the directory has it now (null for a change no staff member made).
 */
export const jobHistoryEntrySchema = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedBy: z.nullable(z.string()),
  field: z.enum(JOB_HISTORY_FIELDS),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
});
export type JobHistoryEntry = z.infer<typeof jobHistoryEntrySchema>;
