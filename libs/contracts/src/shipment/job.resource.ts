import { z } from 'zod/mini';
import { messageReplySchema } from '../common.js';
import { blankAsMissing, multilineText, optionalText, requiredText } from '../fields.js';
import { listQuerySchema } from '../list.js';
import { DEPARTMENTS } from '../roles.js';
import { choiceError } from '../sign-in.js';
import { defineResource, keyParam, type CrossPartProblem } from '../resource.js';
import { TrackingTexts } from './tracking.js';

/*
 * Jobs and bookings (spec 02 §3-§7, DECISIONS §3-§4): one row per shipment job. A new job is
 * an inquiry on the worklist "Today Job Inquiry"; once "Proceed to Proceeding" is ticked (only
 * while Booking Confirmed) it is a booking on the Daily Booking Sheet. Names a job shows
 * (consignee, shipper, ...) are references to master data, answered as the spec's populated
 * objects (`consigneeName: {_id, consigneeName}`) and written as names, like a user's branch.
 */

/** spec 02 §4: any value may be picked on add or edit. */
export const SHIPMENT_STATUSES = ['Booking Confirmed', 'Consignee Response', 'Inquiry For Charges'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** The only status in which "Proceed to Proceeding" may be ticked; any other resets it. */
export const BOOKING_CONFIRMED: ShipmentStatus = 'Booking Confirmed';

/** spec 02 §4: where the cargo is (Arrived is shown highlighted). */
export const SHIPMENT_STATES = ['Arrived', 'Cancel', 'Transit', 'Process'] as const;
export type StatusOfShipment = (typeof SHIPMENT_STATES)[number];

/** DECISIONS §2: every job is an Import or an Export job (same values as the departments). */
export const DIRECTIONS = DEPARTMENTS;
export type Direction = (typeof DIRECTIONS)[number];
/** Job number prefix by direction (DECISIONS §3): IMP-000123 / EXP-000123. */
export const JOB_NUMBER_PREFIX: Readonly<Record<Direction, string>> = { Import: 'IMP', Export: 'EXP' };
export const JOB_NUMBER_DIGITS = 6;
/** `IMP-000123` for counter 123. Numbers past 999999 keep all their digits. */
export function formatJobNumber(direction: Direction, counter: number): string {
  return `${JOB_NUMBER_PREFIX[direction]}-${String(counter).padStart(JOB_NUMBER_DIGITS, '0')}`;
}

/** The spec's catalogue (spec 02 §8) and ours where it is silent. */
export const JobTexts = {
  jobAdded: 'Shipment added successfully!',
  addFailed: 'Failed to add shipment. Please try again.',
  jobUpdated: 'Job updated successfully',
  jobUpdateFailed: 'Failed to update job',
  jobUpdateError: 'Error updating job',
  bookingUpdated: 'Booking updated successfully',
  bookingUpdateFailed: 'Failed to update booking',
  bookingUpdateError: 'Error updating booking',
  mailSent: 'Booking confirmation email sent successfully',
  mailFailed: 'Failed to send email',
  mailError: 'Error sending email',
  jobNotFound: 'Job not found',
  jobFetchError: 'Error fetching job data',
  bookingNotFound: 'Booking not found',
  bookingFetchError: 'Error fetching booking data',
  dropdownError: 'Error fetching dropdown data',
  dropdownFailed: 'Failed to load dropdown data.',
  bookingListFailed: 'Failed to fetch booking list data',
  noBookings: 'No bookings available.',
  noJob: 'No job data available',
  worklistFailed: 'Failed to fetch worklist data',
  noWorklist: 'No worklist data available',
  shipmentNotFound: 'Shipment not found or does not exist',
  shipmentFetchError: 'Error fetching shipment details',
  deleteError: 'Error deleting the shipment',
  deleted: 'Shipment deleted successfully',
  deleteConfirm: 'Are you sure you want to delete this shipment?',
  blNotFound: TrackingTexts.notFound,
  /** Ours: a save over a newer version (optimistic concurrency). */
  changedByOthers: 'This job was changed by someone else since you opened it. Reload it to see their changes, then save again.',
  /** Ours: the status rule of spec 02 §4. */
  proceedOnlyConfirmed: 'Proceed to Proceeding can only be ticked while the status is Booking Confirmed',
  etaBeforeEtd: 'ETA must not be before ETD',
  /** Ours: an Employee naming another assignee, or another user's id in a list path. */
  notYourJob: 'You can only see and change the jobs assigned to you.',
  /** Ours: a consignee or shipper asking for a booking that is not theirs (clientbooking, 403). */
  notYourBooking: 'This booking is not yours: you can only see your own bookings.',
} as const;

/** A calendar date as `YYYY-MM-DD` (an ISO date-time is cut to its date). */
export const dateField = (label: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, `${label} is required`)),
      z.transform((value: string) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value)),
    ),
    z.string().check(z.refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)),
  );

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An optional date: blank or null is none (stored as null). */
const optionalDate = (label: string) => z._default(z.nullable(blankAsMissing(dateField(label))), null);

/** A quantity (CBM, weight): a number 0 or more, or a form's text of one; blank is 0. */
const quantityField = (label: string, integer = false) =>
  z._default(
    z.pipe(
      z.pipe(
        z.union([z.number(), z.string(), z.null()], { error: `${label} must be a number` }),
        z.transform((value: number | string | null) => (value === null || (typeof value === 'string' && value.trim() === '') ? 0 : Number(value))),
      ),
      z
        .number({ error: `${label} must be a number` })
        .check(
          z.refine(Number.isFinite, `${label} must be a number`),
          z.minimum(0, `${label} must not be negative`),
          z.maximum(1e9, `${label} is too large`),
          ...(integer ? [z.refine(Number.isInteger, `${label} must be a whole number`)] : []),
        ),
    ),
    0,
  );

const statusField = z.enum(SHIPMENT_STATUSES, { error: choiceError('Shipment status', SHIPMENT_STATUSES.join(', ')) });
const stateField = z._default(
  z.nullable(blankAsMissing(z.enum(SHIPMENT_STATES, { error: choiceError('Status of shipment', SHIPMENT_STATES.join(', ')) }))),
  null,
);
const directionField = z._default(z.enum(DIRECTIONS, { error: choiceError('Direction', 'Import or Export') }), 'Import');
const optionalName = (label: string) => z._default(z.nullable(blankAsMissing(requiredText(label))), null);
const flag = (label: string) => z._default(z.boolean({ error: `${label} must be true or false` }), false);
const remarksField = (label: string) => z._default(multilineText(label, 2000), '');
/**
 * The job version the editor opened (optimistic concurrency, docs/adr/0041): optional, so a client
 * written to the spec's bodies can save; given and not the job's, the save is refused (409).
 */
const versionField = z.optional(
  z.int({ error: 'version must be a whole number (the job version you opened)' }).check(z.minimum(1, 'version must be 1 or more')),
);

/** A reference to master data as replies carry it: its directory id and current name. */
const ref = <K extends string>(name: K) => z.object({ _id: z.string(), ...({ [name]: z.string() } as { [P in K]: z.ZodMiniString<string> }) });

/** A job as every call answers it (spec 02 §3), with its `direction` and `version`. */
export const jobSchema = z.object({
  _id: z.string(),
  jobNo: z.string(),
  direction: z.enum(DIRECTIONS),
  date: z.string(),
  /** The assignee (a staff user), by full name. */
  user: ref('fullName'),
  branchCity: ref('BranchCity'),
  consigneeName: ref('consigneeName'),
  /** The original consignee. */
  notify: z.nullable(ref('consigneeName')),
  shipperName: z.nullable(ref('shipperName')),
  forwarderName: z.nullable(ref('Forwarder')),
  originPort: ref('OriginPortName'),
  yardName: z.nullable(ref('YardName')),
  typeOfShipment: ref('TypeofShipment'),
  termOfShipment: ref('TermofShipment'),
  ShipmentStatus: z.enum(SHIPMENT_STATUSES),
  statusOfShipment: z.nullable(z.enum(SHIPMENT_STATES)),
  cartoons: z.number(),
  cbm: z.number(),
  weight: z.number(),
  blNo: z.string(),
  containerNo: z.string(),
  Vesselname: z.string(),
  whArrivalDate: z.nullable(z.string()),
  etd: z.nullable(z.string()),
  eta: z.nullable(z.string()),
  deStuff: z.nullable(z.string()),
  doIssue: z.nullable(z.string()),
  bookingNo: z.string(),
  remarks: z.string(),
  personalremarks: z.string(),
  jobStatus: z.boolean(),
  statusUpdateToClient: z.boolean(),
  proceedToProceeding: z.boolean(),
  invoiceNo: z.string(),
  /** Money as an exact decimal string (ADR 23), null before a debit. */
  invoiceAmount: z.nullable(z.string()),
  invoiceDate: z.nullable(z.string()),
  /** Optimistic concurrency: a save that sends the version it read is refused (409) if the job changed since. */
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** What a client (consignee, shipper) sees of their booking: no personal information, no invoice. */
export const clientBookingSchema = z.omit(jobSchema, { personalremarks: true, invoiceNo: true, invoiceAmount: true, invoiceDate: true, version: true });
export type ClientBooking = z.infer<typeof clientBookingSchema>;

/** The add-shipment payload (spec 02 §3, §5), with the job's direction. */
const addFields = {
  direction: directionField,
  consigneeName: requiredText('Consignee'),
  originPort: requiredText('Origin port'),
  typeOfShipment: requiredText('Type of shipment'),
  termOfShipment: requiredText('Term of shipment'),
  ShipmentStatus: statusField,
  date: dateField('Date'),
  remarks: remarksField('Additional information'),
  personalremarks: remarksField('Personal information'),
  branchCity: requiredText('Branch city'),
};

/** adminadd, branchadminadd: the assignee by username or full name. */
export const jobAddSchema = z.object({ ...addFields, userName: requiredText('User name') });
export type JobAdd = z.input<typeof jobAddSchema>;

/** add/{user_id}: an employee's job is assigned to the caller; `assignedTo`, if sent, must name them. */
export const jobAddOwnSchema = z.object({ ...addFields, assignedTo: z.optional(optionalText('Assigned to')) });
export type JobAddOwn = z.input<typeof jobAddOwnSchema>;

/** Edit Job (spec 02 §2, §5): date, user name, term, type, consignee, origin and status required. */
export const jobUpdateSchema = z
  .object({
    date: dateField('Date'),
    userName: requiredText('User name'),
    termOfShipment: requiredText('Term of shipment'),
    typeOfShipment: requiredText('Type of shipment'),
    consigneeName: requiredText('Consignee'),
    originPort: requiredText('Origin port'),
    ShipmentStatus: statusField,
    remarks: remarksField('Additional information'),
    personalremarks: remarksField('Personal information'),
    proceedToProceeding: flag('Proceed to Proceeding'),
    version: versionField,
  })
  .check(
    z.refine((job) => !job.proceedToProceeding || job.ShipmentStatus === BOOKING_CONFIRMED, {
      error: JobTexts.proceedOnlyConfirmed,
      path: ['proceedToProceeding'],
    }),
  );
export type JobUpdate = z.input<typeof jobUpdateSchema>;

/** The Edit Job form's values of a job as read (its version included): what a save sends back unchanged. */
export const jobUpdateOf = (job: Job): JobUpdate => ({
  date: job.date.slice(0, 10),
  userName: job.user.fullName,
  termOfShipment: job.termOfShipment.TermofShipment,
  typeOfShipment: job.typeOfShipment.TypeofShipment,
  consigneeName: job.consigneeName.consigneeName,
  originPort: job.originPort.OriginPortName,
  ShipmentStatus: job.ShipmentStatus,
  remarks: job.remarks,
  personalremarks: job.personalremarks,
  proceedToProceeding: job.proceedToProceeding,
  version: job.version,
});

/**
 * Edit Booking (spec 02 §2): branch, type, term, consignee and origin are shown disabled, so the
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
  whArrivalDate: optionalDate('Warehouse arrival date'),
  etd: optionalDate('ETD'),
  eta: optionalDate('ETA'),
  deStuff: optionalDate('De-stuff date'),
  doIssue: optionalDate('DO issue date'),
  remarks: remarksField('Additional information'),
  personalremarks: remarksField('Personal information'),
  jobStatus: z._default(z.boolean({ error: 'Job status must be true (active) or false (inactive)' }), true),
  statusUpdateToClient: flag('Status update to client'),
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

/** The mail buttons (spec 02 §7): `typeOfShipment` as the screens send it. */
export const jobMailSchema = z.object({ typeOfShipment: z.optional(optionalText('Type of shipment')) });

/** The status changes of a job, oldest first: its status timeline (the public BL search, a client's booking). */
export const statusTimelineSchema = z.array(z.object({ status: z.string(), date: z.string() }));
export type StatusTimeline = z.infer<typeof statusTimelineSchema>;

/** DECISIONS §5: all the public learns of a shipment by its BL number. */
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

/** Worklist columns (spec 02 §2) a list may be sorted by; date first (the default, ascending). */
export const WORKLIST_SORT_FIELDS = ['date', 'jobNo', 'user', 'consigneeName', 'typeOfShipment', 'termOfShipment', 'originPort', 'ShipmentStatus'] as const;
/** Daily Booking Sheet columns, every one sortable (spec 02 §2); newest job first by default. */
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

const directionFilter = z.optional(z.enum(DIRECTIONS, { error: choiceError('direction', 'Import or Export') }));
export const worklistQuerySchema = z.extend(listQuerySchema(WORKLIST_SORT_FIELDS), { direction: directionFilter });
export const bookingListQuerySchema = z.extend(listQuerySchema(BOOKING_SORT_FIELDS), {
  direction: directionFilter,
  status: z.optional(z.enum(BOOKING_STATUS_FILTERS, { error: choiceError('status', 'active, inactive or all') })),
});
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/** A job number in a URL: `IMP-000123` (any case; the service looks it up case-insensitively). */
export const jobNoParam = keyParam('jobNo', 'Job number');
const userIdParam = <K extends string>(name: K) => z.object({ [name]: z.uuid(`${name} must be a user id`) } as { [P in K]: z.ZodMiniUUID });
const usernameParam = keyParam('username', 'Username');
const blNoParam = keyParam('blNo', 'BL number');

const found = z.object({ success: z.literal(true), results: z.array(jobSchema) });

/**
 * `GET /api/shipments/clientbooking/{jobNo}`: one booking of the calling consignee or shipper, as
 * `searchbooklist` answers staff (`results[0]`), with a client's fields only (spec 02 §2 "Shipper":
 * no personal information, invoice or version), and its status timeline as the BL search builds it.
 */
export const clientBookingReplySchema = z.object({ success: z.literal(true), results: z.array(clientBookingSchema), history: statusTimelineSchema });
export type ClientBookingReply = z.infer<typeof clientBookingReplySchema>;
const written = z.object({ success: z.literal(true), message: z.string(), shipment: jobSchema });
const mailed = z.object({ success: z.literal(true), message: z.string() });

/**
 * The spec's calls (`/api/shipments/...`). `self` routes take the caller's own id in the path
 * (DECISIONS §3: another user's id is 403). Whose jobs a call may touch (Head and Admin all, an
 * Employee their own) the service checks, since only it knows the assignee.
 */
export const jobs = defineResource({
  service: 'shipment',
  name: 'job',
  key: 'shipments',
  area: 'jobs',
  naturalKey: 'jobNo',
  sortFields: BOOKING_SORT_FIELDS,
  searchFields: ['jobNo', 'consigneeName', 'shipperName', 'blNo', 'containerNo', 'Vesselname', 'user', 'termOfShipment', 'typeOfShipment', 'date'],
  texts: {
    singular: 'job',
    plural: 'jobs',
    added: JobTexts.jobAdded,
    updated: JobTexts.jobUpdated,
    deleted: JobTexts.deleted,
    notFound: JobTexts.jobNotFound,
  },
  operations: {
    allworklist: {
      method: 'GET',
      path: '/api/shipments/allworklist/{user_id}',
      summary: 'Today Job Inquiry: jobs not yet proceeded (Head, Admin: all; Employee: their own); user_id is the caller',
      action: 'read',
      params: userIdParam('user_id'),
      query: worklistQuerySchema,
      reply: z.array(jobSchema),
      paged: true,
      self: 'user_id',
    },
    searchworklist: {
      method: 'GET',
      path: '/api/shipments/searchworklist/{jobNo}',
      summary: 'One job by number (edit and view job)',
      action: 'read',
      params: jobNoParam,
      reply: found,
    },
    branchadminadd: {
      method: 'POST',
      path: '/api/shipments/branchadminadd',
      summary: 'Add a job (Head): the assignee by username or full name',
      action: 'write',
      body: jobAddSchema,
      reply: written,
      idempotent: true,
    },
    add: {
      method: 'POST',
      path: '/api/shipments/add/{user_id}',
      summary: 'Add a job assigned to the caller (employee); user_id is the caller',
      action: 'write',
      params: userIdParam('user_id'),
      body: jobAddOwnSchema,
      reply: written,
      idempotent: true,
      self: 'user_id',
    },
    adminadd: {
      method: 'POST',
      path: '/api/shipments/adminadd',
      summary: 'Add a job (Admin): the assignee by username or full name',
      action: 'write',
      body: jobAddSchema,
      reply: written,
      idempotent: true,
    },
    update: {
      method: 'PUT',
      path: '/api/shipments/update/{jobNo}',
      summary: 'Edit a job (employee edit)',
      action: 'write',
      params: jobNoParam,
      body: jobUpdateSchema,
      reply: written,
    },
    updateadmin: {
      method: 'PUT',
      path: '/api/shipments/updateadmin/{jobNo}',
      summary: 'Edit a job (admin edit)',
      action: 'write',
      params: jobNoParam,
      body: jobUpdateSchema,
      reply: written,
    },
    sendmail: {
      method: 'POST',
      path: '/api/shipments/sendmail/{jobNo}',
      summary: 'Queue the booking-confirmation e-mail to the consignee',
      action: 'write',
      params: jobNoParam,
      body: jobMailSchema,
      reply: mailed,
      status: 200,
    },
    sendupdatingmail: {
      method: 'POST',
      path: '/api/shipments/sendupdatingmail/{jobNo}',
      summary: 'Queue the updated-data e-mail to the consignee',
      action: 'write',
      params: jobNoParam,
      body: jobMailSchema,
      reply: mailed,
      status: 200,
    },
    allbooklist: {
      method: 'GET',
      path: '/api/shipments/allbooklist/{userId}',
      summary: 'Daily Booking Sheet: proceeded jobs (Head, Admin: all; Employee: their own); userId is the caller',
      action: 'read',
      params: userIdParam('userId'),
      query: bookingListQuerySchema,
      reply: z.array(jobSchema),
      paged: true,
      self: 'userId',
    },
    allbooklistconsignee: {
      method: 'GET',
      path: '/api/shipments/allbooklistconsignee/{username}',
      summary: "A consignee's bookings (the consignee themself, or staff)",
      action: 'read',
      params: usernameParam,
      query: bookingListQuerySchema,
      reply: z.array(clientBookingSchema),
      paged: true,
      owner: { role: 'consignee', param: 'username' },
    },
    allbooklistshipper: {
      method: 'GET',
      path: '/api/shipments/allbooklistshipper/{username}',
      summary: "A shipper's bookings (the shipper themself, or staff)",
      action: 'read',
      params: usernameParam,
      query: bookingListQuerySchema,
      reply: z.array(clientBookingSchema),
      paged: true,
      owner: { role: 'shipper', param: 'username' },
    },
    clientbooking: {
      method: 'GET',
      path: '/api/shipments/clientbooking/{jobNo}',
      summary:
        "One booking of the calling consignee or shipper (client token only; staff 403): a client's fields and the status timeline; another client's booking is 403, an unknown, deleted or not yet proceeded job 404",
      action: 'read',
      access: 'client',
      params: jobNoParam,
      reply: clientBookingReplySchema,
    },
    searchbooklist: {
      method: 'GET',
      path: '/api/shipments/searchbooklist/{jobNo}',
      summary: 'One booking by job number (edit and view booking)',
      action: 'read',
      params: jobNoParam,
      reply: found,
    },
    updatebooking: {
      method: 'PUT',
      path: '/api/shipments/updatebooking/{jobNo}',
      summary: 'Edit a booking',
      action: 'write',
      params: jobNoParam,
      body: bookingUpdateSchema,
      reply: written,
      refine: bookingRules,
    },
    searchbooklistdeletion: {
      method: 'GET',
      path: '/api/shipments/searchbooklistdeletion/{jobNo}',
      summary: 'A job to delete, by number (Head)',
      action: 'read',
      area: 'shipmentDeletion',
      params: jobNoParam,
      reply: found,
    },
    delete: {
      method: 'DELETE',
      path: '/api/shipments/delete/{jobNo}',
      summary: 'Delete a job (Head): gone from every list, kept as an audit record',
      action: 'delete',
      area: 'shipmentDeletion',
      params: jobNoParam,
      reply: messageReplySchema,
    },
    searchbl: {
      method: 'GET',
      path: '/api/shipments/searchbl/{blNo}',
      summary: 'Public tracking by BL number: the tracking fields and the status timeline only (30 searches a minute per client address, then 429)',
      action: 'read',
      public: true,
      clientAddress: true,
      params: blNoParam,
      reply: trackingSchema,
    },
  },
});

/**
 * The payload of `events.shipment.job.created|updated|deleted` (ADR 21), for the live lists and
 * other services: which job, whose it is now (and was, when the assignee changed), and which
 * fields changed (API names; every field of a new job is "changed").
 */
/** The facts of a job the accounts service's invoice records show (spec 02 §3 "Invoiced shipment row"), each reference by directory id and name. */
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
