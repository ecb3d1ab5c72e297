import type { ClientBooking, Direction, Job, JobAccountsFacts, ShipmentStatus, StatusOfShipment } from '@freight/contracts';

/** A job as `JOB_COLUMNS` selects it: dates as `YYYY-MM-DD` text, numerics as text. */
export interface JobRow {
  id: string;
  job_number: number;
  job_no: string;
  direction: Direction;
  job_date: string;
  user_id: string;
  user_name: string;
  branch_id: string;
  branch_city: string;
  consignee_id: string;
  consignee_name: string;
  notify_id: string | null;
  notify_name: string | null;
  shipper_id: string | null;
  shipper_name: string | null;
  forwarder_id: string | null;
  forwarder_name: string | null;
  origin_id: string;
  origin_port: string;
  yard_id: string | null;
  yard_name: string | null;
  type_id: string;
  type_of_shipment: string;
  term_id: string;
  term_of_shipment: string;
  shipment_status: ShipmentStatus;
  status_of_shipment: StatusOfShipment | null;
  cartoons: number;
  cbm: string;
  weight: string;
  bl_no: string;
  container_no: string;
  vessel_name: string;
  booking_no: string;
  wh_arrival_date: string | null;
  etd: string | null;
  eta: string | null;
  de_stuff: string | null;
  do_issue: string | null;
  remarks: string;
  personal_remarks: string;
  job_status: boolean;
  status_update_to_client: boolean;
  proceed: boolean;
  invoice_no: string;
  invoice_amount: string | null;
  invoice_date: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const DATES = ['job_date', 'wh_arrival_date', 'etd', 'eta', 'de_stuff', 'do_issue', 'invoice_date'];
const PLAIN = [
  'id',
  'job_number',
  'job_no',
  'direction',
  'user_id',
  'user_name',
  'branch_id',
  'branch_city',
  'consignee_id',
  'consignee_name',
  'notify_id',
  'notify_name',
  'shipper_id',
  'shipper_name',
  'forwarder_id',
  'forwarder_name',
  'origin_id',
  'origin_port',
  'yard_id',
  'yard_name',
  'type_id',
  'type_of_shipment',
  'term_id',
  'term_of_shipment',
  'shipment_status',
  'status_of_shipment',
  'cartoons',
  'bl_no',
  'container_no',
  'vessel_name',
  'booking_no',
  'remarks',
  'personal_remarks',
  'job_status',
  'status_update_to_client',
  'proceed',
  'invoice_no',
  'version',
  'created_at',
  'updated_at',
];

/** The SELECT (or RETURNING) list of a job, for `JobRow`. */
export const JOB_COLUMNS = [
  ...PLAIN,
  ...DATES.map((column) => `${column}::text AS ${column}`),
  'cbm::text AS cbm',
  'weight::text AS weight',
  'invoice_amount::text AS invoice_amount',
].join(', ');

/** A reference of `JOB_JSON`: null without its id or name, as `ref` below. */
const refJson = (id: string, name: string, key: string) =>
  `CASE WHEN job.${id} IS NULL OR job.${name} IS NULL THEN NULL ELSE json_build_object('_id', job.${id}, '${key}', job.${name}) END`;
/** A timestamp as `Date.toISOString` writes it (milliseconds, UTC, `Z`). */
const isoJson = (column: string) => `to_char(job.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `toJob` in SQL, over a row named `job` (of the table, or of a select of `JOB_COLUMNS`): the
 * reply's job built by Postgres as JSON, for replies passed on as bytes
 * (docs/adr/0059-json-replies-passed-as-bytes.md). A date is `YYYY-MM-DD` in JSON, a float8 is
 * written as JavaScript writes a number; job.row.int-spec.ts proves it equals `toJob`.
 */
export const JOB_JSON = `json_build_object(
  '_id', job.id, 'jobNo', job.job_no, 'direction', job.direction, 'date', job.job_date,
  'user', json_build_object('_id', job.user_id, 'fullName', job.user_name),
  'branchCity', json_build_object('_id', job.branch_id, 'BranchCity', job.branch_city),
  'consigneeName', json_build_object('_id', job.consignee_id, 'consigneeName', job.consignee_name),
  'notify', ${refJson('notify_id', 'notify_name', 'consigneeName')},
  'shipperName', ${refJson('shipper_id', 'shipper_name', 'shipperName')},
  'forwarderName', ${refJson('forwarder_id', 'forwarder_name', 'Forwarder')},
  'originPort', json_build_object('_id', job.origin_id, 'OriginPortName', job.origin_port),
  'yardName', ${refJson('yard_id', 'yard_name', 'YardName')},
  'typeOfShipment', json_build_object('_id', job.type_id, 'TypeofShipment', job.type_of_shipment),
  'termOfShipment', json_build_object('_id', job.term_id, 'TermofShipment', job.term_of_shipment),
  'ShipmentStatus', job.shipment_status, 'statusOfShipment', job.status_of_shipment,
  'cartoons', job.cartoons, 'cbm', job.cbm::float8, 'weight', job.weight::float8,
  'blNo', job.bl_no, 'containerNo', job.container_no, 'Vesselname', job.vessel_name,
  'whArrivalDate', job.wh_arrival_date, 'etd', job.etd, 'eta', job.eta, 'deStuff', job.de_stuff, 'doIssue', job.do_issue,
  'bookingNo', job.booking_no, 'remarks', job.remarks, 'personalremarks', job.personal_remarks,
  'jobStatus', job.job_status, 'statusUpdateToClient', job.status_update_to_client, 'proceedToProceeding', job.proceed,
  'invoiceNo', job.invoice_no, 'invoiceAmount', job.invoice_amount::text, 'invoiceDate', job.invoice_date, 'version', job.version,
  'createdAt', ${isoJson('created_at')}, 'updatedAt', ${isoJson('updated_at')})`;

const ref = <K extends string>(id: string | null, name: string | null, key: K) =>
  id === null || name === null ? null : ({ _id: id, [key]: name } as { _id: string } & Record<K, string>);

/** A job as the calls answer it (requirements 02 §3): references as the spec's populated objects. */
export function toJob(row: JobRow): Job {
  return {
    _id: row.id,
    jobNo: row.job_no,
    direction: row.direction,
    date: row.job_date,
    user: { _id: row.user_id, fullName: row.user_name },
    branchCity: { _id: row.branch_id, BranchCity: row.branch_city },
    consigneeName: { _id: row.consignee_id, consigneeName: row.consignee_name },
    notify: ref(row.notify_id, row.notify_name, 'consigneeName'),
    shipperName: ref(row.shipper_id, row.shipper_name, 'shipperName'),
    forwarderName: ref(row.forwarder_id, row.forwarder_name, 'Forwarder'),
    originPort: { _id: row.origin_id, OriginPortName: row.origin_port },
    yardName: ref(row.yard_id, row.yard_name, 'YardName'),
    typeOfShipment: { _id: row.type_id, TypeofShipment: row.type_of_shipment },
    termOfShipment: { _id: row.term_id, TermofShipment: row.term_of_shipment },
    ShipmentStatus: row.shipment_status,
    statusOfShipment: row.status_of_shipment,
    cartoons: Number(row.cartoons),
    cbm: Number(row.cbm),
    weight: Number(row.weight),
    blNo: row.bl_no,
    containerNo: row.container_no,
    Vesselname: row.vessel_name,
    whArrivalDate: row.wh_arrival_date,
    etd: row.etd,
    eta: row.eta,
    deStuff: row.de_stuff,
    doIssue: row.do_issue,
    bookingNo: row.booking_no,
    remarks: row.remarks,
    personalremarks: row.personal_remarks,
    jobStatus: row.job_status,
    statusUpdateToClient: row.status_update_to_client,
    proceedToProceeding: row.proceed,
    invoiceNo: row.invoice_no,
    invoiceAmount: row.invoice_amount,
    invoiceDate: row.invoice_date,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** What the accounts service keeps of a job (JobChangeEvent `job`). */
export function accountsFacts(row: JobRow): JobAccountsFacts {
  return {
    consigneeId: row.consignee_id,
    consigneeName: row.consignee_name,
    originId: row.origin_id,
    originPort: row.origin_port,
    shipperId: row.shipper_id,
    shipperName: row.shipper_name,
    blNo: row.bl_no,
    containerNo: row.container_no,
  };
}

/** What a consignee or shipper sees of a booking: no personal information, no invoice, no version. */
export function toClientBooking(row: JobRow): ClientBooking {
  const { personalremarks: _p, invoiceNo: _n, invoiceAmount: _a, invoiceDate: _d, version: _v, ...booking } = toJob(row);
  return booking;
}

/** Fields of a job that are bookkeeping, not content: never "changed" in history or events. */
const NOT_CONTENT = new Set(['_id', 'version', 'createdAt', 'updatedAt']);

/** Every content field of a job (API names): what a `created` event says changed. */
export const contentFields = (job: Job): string[] => Object.keys(job).filter((field) => !NOT_CONTENT.has(field));

/** The value of a field as history stores it: a reference by its name, a date as YYYY-MM-DD, null as null. */
function historyText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const name = Object.entries(value as Record<string, unknown>).find(([key]) => key !== '_id')?.[1];
    return name === undefined ? JSON.stringify(value) : String(name);
  }
  return String(value);
}

/**
 * Each field (API name) whose value differs between the two states of a job, before and after as
 * text. A new job (`before` null) is two rows: its number (the creation) and its status (the start
 * of its timeline); its other first values are the job's own, and each later change keeps the
 * value it replaced, so the history still tells every value the job ever had.
 */
export function changedFields(before: Job | null, after: Job): { field: string; before: string | null; after: string | null }[] {
  if (before === null) {
    return [
      { field: 'jobNo', before: null, after: after.jobNo },
      { field: 'ShipmentStatus', before: null, after: after.ShipmentStatus },
    ];
  }
  const changes: { field: string; before: string | null; after: string | null }[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (NOT_CONTENT.has(field)) continue;
    const old = historyText((before as Record<string, unknown>)[field]);
    const now = historyText(value);
    if (old !== now) changes.push({ field, before: old, after: now });
  }
  return changes;
}
