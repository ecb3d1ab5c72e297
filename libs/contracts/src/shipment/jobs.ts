import { z } from 'zod/mini';
import { choiceError, optionalText, requiredText } from '../fields.js';
import { dateField, flagField } from '../value-fields.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { directionFilter, remarksField, statusField, versionField } from './job-fields.js';
import { DIRECTIONS } from './job-numbers.js';
import { BOOKING_CONFIRMED, SHIPMENT_STATES, SHIPMENT_STATUSES } from './job-statuses.js';
import { JobTexts } from './job-texts.js';
import type { Renamed } from '../resource.js';

/*
 * Jobs and bookings (requirements 02 §3-§7, requirements decisions §3-§4): one row per shipment job. A new job is
 * an inquiry on the worklist "Today Job Inquiry"; once "Proceed to Proceeding" is ticked (only
 * while Booking Confirmed) it is a booking on the Daily Booking Sheet. Names a job shows
 * (consignee, shipper, ...) are references to master data, answered as the spec's populated
 * objects (`consigneeName: {_id, consigneeName}`) and written as names, like a user's branch.
 */

/**
 * The references of a job reply, each with the field its record's name is under: the master data's
 * own key (ADR 15, 56), which the reply keeps, and the plain job (`plainJob`) reads as the name.
 */
export const JOB_REFERENCE_NAMES = {
  user: 'fullName',
  branchCity: 'BranchCity',
  consigneeName: 'consigneeName',
  notify: 'consigneeName',
  shipperName: 'shipperName',
  forwarderName: 'Forwarder',
  originPort: 'OriginPortName',
  yardName: 'YardName',
  typeOfShipment: 'TypeofShipment',
  termOfShipment: 'TermofShipment',
} as const;
const REFS = JOB_REFERENCE_NAMES;

/** A reference to master data as replies carry it: its directory id and current name. */
const ref = <K extends string>(name: K) => z.object({ _id: z.string(), ...({ [name]: z.string() } as { [P in K]: z.ZodMiniString<string> }) });

/** A job as every call answers it (requirements 02 §3), with its `direction` and `version`. */
export const jobSchema = z.object({
  _id: z.string(),
  jobNo: z.string(),
  direction: z.enum(DIRECTIONS),
  date: z.string(),
  /** The assignee (a staff user), by full name. */
  user: ref(REFS.user),
  branchCity: ref(REFS.branchCity),
  consigneeName: ref(REFS.consigneeName),
  /** The original consignee. */
  notify: z.nullable(ref(REFS.notify)),
  shipperName: z.nullable(ref(REFS.shipperName)),
  forwarderName: z.nullable(ref(REFS.forwarderName)),
  originPort: ref(REFS.originPort),
  yardName: z.nullable(ref(REFS.yardName)),
  typeOfShipment: ref(REFS.typeOfShipment),
  termOfShipment: ref(REFS.termOfShipment),
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

const directionField = z._default(z.enum(DIRECTIONS, { error: choiceError('Direction', 'Import or Export') }), 'Import');

/** The add-shipment payload (requirements 02 §3, §5), with the job's direction. */
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

/**
 * The fields of the job and booking bodies that the spec names its own way, each with the name the
 * shipment service reads it by (the operations' `names`, ADR 56). The wire keeps the spec's.
 */
export const JOB_BODY_NAMES = { ShipmentStatus: 'status', Vesselname: 'vesselName', personalremarks: 'personalRemarks' } as const;

type BodyNames = typeof JOB_BODY_NAMES;
type ReferenceNames = typeof JOB_REFERENCE_NAMES;

/** A job or booking body by the names the code reads it by (a form's values: `status`, `vesselName`); sent renamed back (ADR 56). */
export type PlainBody<B> = Renamed<B, BodyNames>;

/**
 * A job reply (or a client's part of it) as the web reads it (ADR 56): the spec-cased fields by the
 * names of `JOB_BODY_NAMES` (`status`, `vesselName`, `personalRemarks`), each reference as its
 * record's name (`typeOfShipment: 'FCL'`, `shipperName: null` when none), the rest as the reply has it.
 */
export type PlainJobOf<J> = {
  [K in keyof J as K extends keyof BodyNames ? BodyNames[K] : K]: K extends keyof ReferenceNames ? (null extends J[K] ? string | null : string) : J[K];
};
export type PlainJob = PlainJobOf<Job>;

/** `job` by plain names (`PlainJobOf`): the one place the web maps a job reply, where it fetches it. */
export function plainJob<J extends object>(job: J): PlainJobOf<J> {
  const plain: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(job)) {
    const nameField: string | undefined = JOB_REFERENCE_NAMES[field as keyof ReferenceNames];
    plain[JOB_BODY_NAMES[field as keyof BodyNames] ?? field] = nameField && value ? (value as Record<string, string>)[nameField] : value;
  }
  return plain as PlainJobOf<J>;
}

/** adminadd, branchadminadd: the assignee by username or full name. */
export const jobAddSchema = z.object({ ...addFields, userName: requiredText('User name') });
export type JobAdd = z.input<typeof jobAddSchema>;

/** add/{user_id}: an employee's job is assigned to the caller; `assignedTo`, if sent, must name them. */
export const jobAddOwnSchema = z.object({ ...addFields, assignedTo: z.optional(optionalText('Assigned to')) });

/** Edit Job (requirements 02 §2, §5): date, user name, term, type, consignee, origin and status required. */
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
    proceedToProceeding: flagField('Proceed to Proceeding'),
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
export const jobUpdateOf = (job: PlainJob): PlainBody<JobUpdate> => ({
  date: job.date.slice(0, 10),
  userName: job.user,
  termOfShipment: job.termOfShipment,
  typeOfShipment: job.typeOfShipment,
  consigneeName: job.consigneeName,
  originPort: job.originPort,
  status: job.status,
  remarks: job.remarks,
  personalRemarks: job.personalRemarks,
  proceedToProceeding: job.proceedToProceeding,
  version: job.version,
});

/** The mail buttons (requirements 02 §7): `typeOfShipment` as the screens send it. */
export const jobMailSchema = z.object({ typeOfShipment: z.optional(optionalText('Type of shipment')) });

/** Worklist columns (requirements 02 §2) a list may be sorted by; date first (the default, ascending). */
export const WORKLIST_SORT_FIELDS = ['date', 'jobNo', 'user', 'consigneeName', 'typeOfShipment', 'termOfShipment', 'originPort', 'ShipmentStatus'] as const;
export const worklistQuerySchema = z.extend(listQuerySchema(WORKLIST_SORT_FIELDS), { direction: directionFilter });
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;

/** A job number in a URL: `IMP-000123` (any case; the service looks it up case-insensitively). */
export const jobNoParam = keyParam('jobNo', 'Job number');
