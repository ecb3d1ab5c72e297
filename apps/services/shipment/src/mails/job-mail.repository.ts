import { Injectable } from '@nestjs/common';
import type { JobMailKind } from '@freight/contracts';
import { firstRow, query, rows, type Db, type QueryFile } from '@freight/server-database';

/** How many of a job's requests the views get (newest first): the last one is what they show. */
export const MAIL_REQUESTS_SHOWN = 50;

/** A booking e-mail asked for: to whom, by whom, when. */
export interface MailRequestRow {
  id: string;
  kind: JobMailKind;
  recipients: string[];
  requested_at: Date;
  requested_by_name: string;
}

const CONSIGNEE = '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03';
const USER = '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02';

export const JOB_MAIL_QUERIES = {
  deleteConsignee: query(`DELETE FROM shipment.consignee_mail WHERE consignee_id = :consigneeId`, { consigneeId: CONSIGNEE }),
  saveConsignee: query(
    `INSERT INTO shipment.consignee_mail (consignee_id, emails) VALUES (:consigneeId, :emails)
     ON CONFLICT (consignee_id) DO UPDATE SET emails = excluded.emails`,
    { consigneeId: CONSIGNEE, emails: ['imports@ceylon.example', 'accounts@ceylon.example'] },
  ),
  consigneeEmails: query(`SELECT emails FROM shipment.consignee_mail WHERE consignee_id = :consigneeId`, { consigneeId: CONSIGNEE }),
  /** The caller's full name as the copy of the directory's users has it. */
  staffName: query(`SELECT name FROM shipment.directory_name WHERE kind = 'user' AND id = :userId`, { userId: USER }),
  insertRequest: query(
    `INSERT INTO shipment.mail_requests (id, job_no, kind, recipients, requested_by, requested_by_name) VALUES (:id, :jobNo, :kind, :recipients, :requestedBy, :requestedByName)`,
    {
      id: 'a7e4c2d0-1f3b-4e6a-8b9c-0d1e2f3a4b04',
      jobNo: 'IMP-000123',
      kind: 'booking-confirmation',
      recipients: ['imports@ceylon.example'],
      requestedBy: USER,
      requestedByName: 'Emma Perera',
    },
  ),
  requests: query(
    `SELECT id, kind, recipients, requested_at, requested_by_name FROM shipment.mail_requests
          WHERE job_no = :jobNo ORDER BY requested_at DESC, id LIMIT ${MAIL_REQUESTS_SHOWN}`,
    { jobNo: 'IMP-000123' },
  ),
};

export const JOB_MAIL_QUERY_FILE: QueryFile = { file: 'mails/queries/job-mail.repository.sql', queries: JOB_MAIL_QUERIES };

/**
 * The booking e-mails' tables (ADR 32): the consignees' addresses (shipment.consignee_mail, kept
 * from the directory's events) and the requests made (shipment.mail_requests); and the sender's
 * name from the copy of the directory's users.
 */
@Injectable()
export class JobMailRepository {
  async deleteConsignee(tx: Db, consigneeId: string): Promise<void> {
    await rows(tx, JOB_MAIL_QUERIES.deleteConsignee, { consigneeId });
  }

  async saveConsignee(tx: Db, consigneeId: string, emails: readonly string[]): Promise<void> {
    await rows(tx, JOB_MAIL_QUERIES.saveConsignee, { consigneeId, emails });
  }

  /** The consignee's addresses (empty when the copy has none yet). */
  async consigneeEmails(db: Db, consigneeId: string): Promise<string[]> {
    return (await firstRow<{ emails: string[] }>(db, JOB_MAIL_QUERIES.consigneeEmails, { consigneeId }))?.emails ?? [];
  }

  async staffName(db: Db, userId: string): Promise<string | undefined> {
    return (await firstRow<{ name: string }>(db, JOB_MAIL_QUERIES.staffName, { userId }))?.name;
  }

  async insertRequest(
    tx: Db,
    request: { id: string; jobNo: string; kind: JobMailKind; recipients: readonly string[]; requestedBy: string; requestedByName: string },
  ): Promise<void> {
    await rows(tx, JOB_MAIL_QUERIES.insertRequest, { ...request });
  }

  /** A job's requests, newest first (MAIL_REQUESTS_SHOWN of them). */
  requests(db: Db, jobNo: string): Promise<MailRequestRow[]> {
    return rows<MailRequestRow>(db, JOB_MAIL_QUERIES.requests, { jobNo });
  }
}

/** The one instance the directory consumer's applier shares (consignee-mails.ts). */
export const jobMailRepository = new JobMailRepository();
