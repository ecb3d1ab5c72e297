import { Injectable } from '@nestjs/common';
import type { Direction, ResourceHandlers, ShipmentStatus, StatusOfShipment, jobs } from '@freight/contracts';
import { countCallSql, firstRow, query, rows, type AddressLimit, type Db, type QueryFile } from '@freight/server-database';
import { statusTimelineJson } from './job-history.repository.js';
import { JOB_COLUMNS, JOB_JSON, type JobRow } from './job.row.js';

/** A job ready to be written: every name resolved to the copy's record (validated before any batching). */
export interface NewJob {
  direction: Direction;
  date: string;
  userId: string;
  userName: string;
  branchId: string;
  branchCity: string;
  consigneeId: string;
  consigneeName: string;
  originId: string;
  originPort: string;
  typeId: string;
  typeOfShipment: string;
  termId: string;
  termOfShipment: string;
  status: ShipmentStatus;
  remarks: string;
  personalRemarks: string;
  createdBy: string;
}

/** A new job's row: its number given, its names resolved. */
export type NumberedJob = NewJob & { jobNumber: number; jobNo: string };

/** The columns a new job writes, each with its type in the inserted JSON. */
const NEW_JOB_COLUMNS = {
  job_number: 'integer',
  job_no: 'text',
  direction: 'text',
  job_date: 'date',
  user_id: 'uuid',
  user_name: 'text',
  branch_id: 'uuid',
  branch_city: 'text',
  consignee_id: 'uuid',
  consignee_name: 'text',
  origin_id: 'uuid',
  origin_port: 'text',
  type_id: 'uuid',
  type_of_shipment: 'text',
  term_id: 'uuid',
  term_of_shipment: 'text',
  shipment_status: 'text',
  remarks: 'text',
  personal_remarks: 'text',
  created_by: 'uuid',
  updated_by: 'uuid',
} as const;
const NEW_COLUMNS = Object.keys(NEW_JOB_COLUMNS).join(', ');

/** A new job as the inserted JSON has it: a key per column of NEW_JOB_COLUMNS. */
const newJobRecord = (job: NumberedJob): Record<keyof typeof NEW_JOB_COLUMNS, unknown> => ({
  job_number: job.jobNumber,
  job_no: job.jobNo,
  direction: job.direction,
  job_date: job.date,
  user_id: job.userId,
  user_name: job.userName,
  branch_id: job.branchId,
  branch_city: job.branchCity,
  consignee_id: job.consigneeId,
  consignee_name: job.consigneeName,
  origin_id: job.originId,
  origin_port: job.originPort,
  type_id: job.typeId,
  type_of_shipment: job.typeOfShipment,
  term_id: job.termId,
  term_of_shipment: job.termOfShipment,
  shipment_status: job.status,
  remarks: job.remarks,
  personal_remarks: job.personalRemarks,
  created_by: job.createdBy,
  updated_by: job.createdBy,
});

const ID = '8c0e7a1e-0b7a-4c59-9d0a-3f6f7f4e2a01';
const USER = '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02';
const JOB_NO = 'IMP-000123';

/** What an Edit Job writes (the job's own fields and its assignee; names resolved). */
export interface JobChanges {
  id: string;
  date: string;
  userId: string;
  userName: string;
  termId: string;
  termOfShipment: string;
  typeId: string;
  typeOfShipment: string;
  consigneeId: string;
  consigneeName: string;
  originId: string;
  originPort: string;
  shipmentStatus: ShipmentStatus;
  remarks: string;
  personalRemarks: string;
  proceed: boolean;
  updatedBy: string;
}

/** An Edit Booking's body (contracts). */
type BookingBody = Parameters<ResourceHandlers<typeof jobs>['updateBooking']>[0]['body'];

/** What an Edit Booking writes (the booking's own fields; optional names resolved or null). */
export interface BookingChanges {
  id: string;
  /** Null: the job's date stays. */
  date: string | null;
  shipmentStatus: ShipmentStatus;
  statusOfShipment: BookingBody['statusOfShipment'];
  notifyId: string | null;
  notifyName: string | null;
  shipperId: string | null;
  shipperName: string | null;
  forwarderId: string | null;
  forwarderName: string | null;
  yardId: string | null;
  yardName: string | null;
  cartoons: BookingBody['cartoons'];
  cbm: BookingBody['cbm'];
  weight: BookingBody['weight'];
  blNo: BookingBody['blNo'];
  containerNo: BookingBody['containerNo'];
  vesselName: BookingBody['vesselName'];
  bookingNo: BookingBody['bookingNo'];
  whArrivalDate: BookingBody['whArrivalDate'];
  etd: BookingBody['etd'];
  eta: BookingBody['eta'];
  deStuff: BookingBody['deStuff'];
  doIssue: BookingBody['doIssue'];
  remarks: BookingBody['remarks'];
  personalRemarks: BookingBody['personalRemarks'];
  jobStatus: BookingBody['jobStatus'];
  statusUpdateToClient: BookingBody['statusUpdateToClient'];
  proceed: boolean;
  updatedBy: string;
}

/** What the booking e-mails need of a job: its facts (requirements decisions §3), its assignee and consignee. */
export interface MailJob {
  jobNo: string;
  userId: string;
  consigneeId: string;
  consigneeName: string;
  typeOfShipment: string;
  termOfShipment: string;
  originPort: string;
  vesselName: string;
  /** `YYYY-MM-DD` or null. */
  etd: string | null;
  eta: string | null;
  blNo: string;
  containerNo: string;
  shipmentStatus: ShipmentStatus;
  statusOfShipment: StatusOfShipment | null;
}

/** A job's reply as JSON (docs/adr/0059-json-replies-passed-as-bytes.md) and its assignee. */
export interface JobReplyRow {
  user_id: string;
  json: string;
}

/** The public BL search's call counted (`calls`, `wait`: countCallSql) and, within the limit, the reply as JSON (null: no such BL number). */
export interface TrackedRow {
  calls: number;
  wait: number;
  json: string | null;
}

const EDIT_EXAMPLE: JobChanges = {
  id: ID,
  date: '2026-11-30',
  userId: USER,
  userName: 'Emma Perera',
  termId: ID,
  termOfShipment: 'FOB',
  typeId: ID,
  typeOfShipment: 'LCL',
  consigneeId: ID,
  consigneeName: 'Ceylon Traders',
  originId: ID,
  originPort: 'Shanghai',
  shipmentStatus: 'Booking Confirmed',
  remarks: '',
  personalRemarks: '',
  proceed: true,
  updatedBy: USER,
};

const BOOKING_EXAMPLE: BookingChanges = {
  id: ID,
  date: null,
  shipmentStatus: 'Booking Confirmed',
  statusOfShipment: 'Transit',
  notifyId: null,
  notifyName: null,
  shipperId: ID,
  shipperName: 'Shanghai Exports',
  forwarderId: null,
  forwarderName: null,
  yardId: null,
  yardName: null,
  cartoons: 12,
  cbm: 3.5,
  weight: 820,
  blNo: 'BL123',
  containerNo: 'CONT1',
  vesselName: 'Ever Given',
  bookingNo: 'BK1',
  whArrivalDate: null,
  etd: '2026-12-01',
  eta: '2026-12-20',
  deStuff: null,
  doIssue: null,
  remarks: '',
  personalRemarks: '',
  jobStatus: true,
  statusUpdateToClient: false,
  proceed: true,
  updatedBy: USER,
};

export const JOB_QUERIES = {
  insert: query(
    `INSERT INTO shipment.job (${NEW_COLUMNS})
     SELECT ${NEW_COLUMNS} FROM jsonb_to_recordset(:jobs::jsonb) AS r(${Object.entries(NEW_JOB_COLUMNS)
       .map(([column, type]) => `${column} ${type}`)
       .join(', ')})
     RETURNING ${JOB_COLUMNS}`,
    {
      jobs: JSON.stringify([
        newJobRecord({
          jobNumber: 123,
          jobNo: JOB_NO,
          direction: 'Import',
          date: '2026-11-30',
          userId: USER,
          userName: 'Emma Perera',
          branchId: ID,
          branchCity: 'Colombo',
          consigneeId: ID,
          consigneeName: 'Ceylon Traders',
          originId: ID,
          originPort: 'Shanghai',
          typeId: ID,
          typeOfShipment: 'LCL',
          termId: ID,
          termOfShipment: 'FOB',
          status: 'Inquiry For Charges',
          remarks: '',
          personalRemarks: '',
          createdBy: USER,
        }),
      ]),
    },
  ),
  lock: query(`SELECT ${JOB_COLUMNS} FROM shipment.job WHERE lower(job_no) = lower(:jobNo) AND deleted_at IS NULL FOR UPDATE`, { jobNo: JOB_NO }),
  find: query(`SELECT ${JOB_COLUMNS} FROM shipment.job WHERE lower(job_no) = lower(:jobNo) AND deleted_at IS NULL`, { jobNo: JOB_NO }),
  /** `find` as the lookups answer it, `{success, results: [job]}`, built by Postgres; with the assignee, whom the caller must be or see. */
  findReply: query(
    `SELECT user_id, json_build_object('success', true, 'results', json_build_array(${JOB_JSON}))::text AS json
       FROM shipment.job WHERE lower(job_no) = lower(:jobNo) AND deleted_at IS NULL`,
    { jobNo: JOB_NO },
  ),
  update: query(
    `UPDATE shipment.job SET job_date = :date, user_id = :userId, user_name = :userName, term_id = :termId, term_of_shipment = :termOfShipment,
       type_id = :typeId, type_of_shipment = :typeOfShipment, consignee_id = :consigneeId, consignee_name = :consigneeName, origin_id = :originId,
       origin_port = :originPort, shipment_status = :shipmentStatus, remarks = :remarks, personal_remarks = :personalRemarks,
       proceed = :proceed, version = version + 1, updated_at = now(), updated_by = :updatedBy
     WHERE id = :id RETURNING ${JOB_COLUMNS}`,
    EDIT_EXAMPLE,
  ),
  updateBooking: query(
    `UPDATE shipment.job SET job_date = coalesce(:date::date, job_date), shipment_status = :shipmentStatus, status_of_shipment = :statusOfShipment,
       notify_id = :notifyId, notify_name = :notifyName, shipper_id = :shipperId, shipper_name = :shipperName, forwarder_id = :forwarderId,
       forwarder_name = :forwarderName, yard_id = :yardId, yard_name = :yardName, cartoons = :cartoons, cbm = :cbm, weight = :weight, bl_no = :blNo,
       container_no = :containerNo, vessel_name = :vesselName, booking_no = :bookingNo, wh_arrival_date = :whArrivalDate, etd = :etd, eta = :eta,
       de_stuff = :deStuff, do_issue = :doIssue, remarks = :remarks, personal_remarks = :personalRemarks, job_status = :jobStatus,
       status_update_to_client = :statusUpdateToClient, proceed = :proceed, version = version + 1, updated_at = now(), updated_by = :updatedBy
     WHERE id = :id RETURNING ${JOB_COLUMNS}`,
    BOOKING_EXAMPLE,
  ),
  markDeleted: query(
    `UPDATE shipment.job SET deleted_at = now(), deleted_by = :by, updated_at = now(), updated_by = :by, version = version + 1 WHERE id = :id`,
    { id: ID, by: USER },
  ),
  /**
   * The public BL search in one statement: the call counted against the client address's limit
   * and, within it, the newest live job with the BL number (any case, by its index) as the reply's
   * JSON: its public fields and status timeline (docs/adr/0059-json-replies-passed-as-bytes.md).
   */
  track: query(
    `WITH counted AS (${countCallSql('shipment.bl_search_limit')}),
     tracked AS (
       SELECT id, bl_no, container_no, vessel_name, origin_port, status_of_shipment, etd, eta, wh_arrival_date, do_issue, de_stuff
         FROM shipment.job WHERE lower(bl_no) = lower(:blNo) AND bl_no <> '' AND deleted_at IS NULL AND (SELECT calls FROM counted) <= :maxCalls
        ORDER BY job_number DESC LIMIT 1)
     SELECT counted.calls, counted.wait, (
       SELECT json_build_object('blNo', t.bl_no, 'containerNo', t.container_no, 'Vesselname', t.vessel_name, 'originPort', t.origin_port,
         'statusOfShipment', t.status_of_shipment, 'etd', t.etd, 'eta', t.eta, 'warehouseArrivalDate', t.wh_arrival_date,
         'doIssue', t.do_issue, 'deStuff', t.de_stuff,
         'history', ${statusTimelineJson('t.id')})::text
         FROM tracked t) AS json
     FROM counted`,
    { clientAddress: '203.0.113.7', windowSeconds: 60, maxCalls: 30, blNo: 'bl123' },
  ),
  /** A job's facts for its e-mails, kept from a concurrent delete until the transaction ends. */
  forMail: query(
    `SELECT job_no AS "jobNo", user_id AS "userId", consignee_id AS "consigneeId", consignee_name AS "consigneeName",
              type_of_shipment AS "typeOfShipment", term_of_shipment AS "termOfShipment", origin_port AS "originPort",
              vessel_name AS "vesselName", etd::text AS etd, eta::text AS eta, bl_no AS "blNo", container_no AS "containerNo",
              shipment_status AS "shipmentStatus", status_of_shipment AS "statusOfShipment"
         FROM shipment.job WHERE lower(job_no) = lower(:jobNo) AND deleted_at IS NULL FOR SHARE`,
    { jobNo: JOB_NO },
  ),
};

export const JOB_QUERY_FILE: QueryFile = { file: 'jobs/queries/job.repository.sql', queries: JOB_QUERIES };

/** shipment.job: a job by number (any case; deleted ones are none), its writes, and the reads of tracking and e-mails. */
@Injectable()
export class JobRepository {
  /** Inserts numbered jobs in one statement; answers their rows, in no particular order. */
  insert(tx: Db, jobs: readonly NumberedJob[]): Promise<JobRow[]> {
    return rows<JobRow>(tx, JOB_QUERIES.insert, { jobs: JSON.stringify(jobs.map(newJobRecord)) });
  }

  /** A live job by number, locked for the caller's change until `tx` ends. */
  lock(tx: Db, jobNo: string): Promise<JobRow | undefined> {
    return firstRow<JobRow>(tx, JOB_QUERIES.lock, { jobNo });
  }

  find(db: Db, jobNo: string): Promise<JobRow | undefined> {
    return firstRow<JobRow>(db, JOB_QUERIES.find, { jobNo });
  }

  findReply(db: Db, jobNo: string): Promise<JobReplyRow | undefined> {
    return firstRow<JobReplyRow>(db, JOB_QUERIES.findReply, { jobNo });
  }

  async update(tx: Db, changes: JobChanges): Promise<JobRow> {
    return (await firstRow<JobRow>(tx, JOB_QUERIES.update, { ...changes }))!;
  }

  async updateBooking(tx: Db, changes: BookingChanges): Promise<JobRow> {
    return (await firstRow<JobRow>(tx, JOB_QUERIES.updateBooking, { ...changes }))!;
  }

  /** Marks the job deleted: every list and lookup leaves it out from then on. */
  async markDeleted(tx: Db, id: string, by: string): Promise<void> {
    await rows(tx, JOB_QUERIES.markDeleted, { id, by });
  }

  /** Counts a public BL search from `clientAddress` and, within `limit`, reads its reply. */
  async track(db: Db, clientAddress: string, limit: AddressLimit, blNo: string): Promise<TrackedRow> {
    return (await firstRow<TrackedRow>(db, JOB_QUERIES.track, { clientAddress, windowSeconds: limit.windowSeconds, maxCalls: limit.calls, blNo }))!;
  }

  forMail(tx: Db, jobNo: string): Promise<MailJob | undefined> {
    return firstRow<MailJob>(tx, JOB_QUERIES.forMail, { jobNo });
  }
}

/** The one instance the writers outside Nest's injection share (job-store.ts). */
export const jobRepository = new JobRepository();
