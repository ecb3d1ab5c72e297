import { Injectable } from '@nestjs/common';
import { JobTexts, seesAllJobs, type Actor, type ShipmentStatus, type StatusOfShipment } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { Tx } from '@freight/server-database';

/** What the booking e-mails need of a job: its facts (DECISIONS §3), its assignee and consignee. */
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

/**
 * The reads of the booking e-mails, in the caller's transaction: the job as the caller may see it
 * (DECISIONS §4: Head and Admin every job, an Employee the jobs assigned to them), the consignee's
 * addresses from the copy of the directory's consignees, and the caller's name as the staff copy has it.
 */
@Injectable()
export class JobMailLookups {
  /** The job (404 when unknown or deleted; 403 when an Employee's another's). Locked against a concurrent delete until `tx` ends. */
  async visibleJob(tx: Tx, actor: Actor, jobNo: string): Promise<MailJob> {
    const [job] = await tx.query<MailJob[]>(
      `SELECT job_no AS "jobNo", user_id AS "userId", consignee_id AS "consigneeId", consignee_name AS "consigneeName",
              type_of_shipment AS "typeOfShipment", term_of_shipment AS "termOfShipment", origin_port AS "originPort",
              vessel_name AS "vesselName", etd::text AS etd, eta::text AS eta, bl_no AS "blNo", container_no AS "containerNo",
              shipment_status AS "shipmentStatus", status_of_shipment AS "statusOfShipment"
         FROM shipment.job WHERE lower(job_no) = lower($1) AND deleted_at IS NULL FOR SHARE`,
      [jobNo],
    );
    if (!job) throw new AppError('NOT_FOUND', JobTexts.jobNotFound);
    if (!seesAllJobs(actor.role) && job.userId !== actor.id) throw new AppError('FORBIDDEN', JobTexts.notYourJob);
    return job;
  }

  /** The consignee's e-mail, then its additional e-mails (empty when the copy has none yet). */
  async consigneeEmails(tx: Tx, job: Pick<MailJob, 'consigneeId'>): Promise<string[]> {
    const [row] = await tx.query<{ emails: string[] }[]>(`SELECT emails FROM shipment.consignee_mail WHERE consignee_id = $1`, [job.consigneeId]);
    return row?.emails ?? [];
  }

  /** The caller's full name (the copy of the directory's users), else their username. */
  async staffName(tx: Tx, actor: Actor): Promise<string> {
    const [row] = await tx.query<{ name: string }[]>(`SELECT name FROM shipment.directory_name WHERE kind = 'user' AND id = $1`, [actor.id]);
    return row?.name ?? actor.username;
  }
}
