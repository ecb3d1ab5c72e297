import { Injectable } from '@nestjs/common';
import { JOB_HISTORY_PAGE_SIZE, type JobHistoryEntry, type JobHistoryQuery, type Page, type StatusTimeline } from '@freight/contracts';
import { query, rows, type Db, type QueryFile } from '@freight/server-database';

/** One changed field of a job: who changed it, and its value before and after (text). */
export interface HistoryEntry {
  job: string;
  by: string;
  field: string;
  before: string | null;
  after: string | null;
}

/** A row of a history page as Postgres answers it. */
interface HistoryRow {
  id: string;
  changed_at: Date;
  changed_by: string | null;
  field: JobHistoryEntry['field'];
  before: string | null;
  after: string | null;
}

const JOB = '8c0e7a1e-0b7a-4c59-9d0a-3f6f7f4e2a01';
const USER = '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02';

/** The entries of a job's status timeline: each time its status of shipment was set. */
const TIMELINE = `field = 'statusOfShipment' AND after IS NOT NULL AND after <> ''`;

/**
 * The status timeline of the job whose id is `jobId` (an SQL expression) as JSON, `[{status, date}]`
 * oldest first, for a statement that builds its reply in Postgres (docs/adr/0059-json-replies-passed-as-bytes.md).
 */
export const statusTimelineJson = (jobId: string) =>
  `coalesce((SELECT json_agg(json_build_object('status', h.after, 'date', to_char(h.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY h.id)
     FROM shipment.job_history h WHERE h.job_id = ${jobId} AND ${TIMELINE}), '[]')`;

export const JOB_HISTORY_QUERIES = {
  insert: query(
    `INSERT INTO shipment.job_history (job_id, changed_by, field, before, after)
     SELECT * FROM unnest(:jobIds::uuid[], :changedBy::uuid[], :fields::text[], :befores::text[], :afters::text[])`,
    { jobIds: [JOB, JOB], changedBy: [USER, USER], fields: ['jobNo', 'ShipmentStatus'], befores: [null, null], afters: ['IMP-000123', 'Pending'] },
  ),
  /** The status of shipment each time it was set, oldest first. */
  statusTimeline: query(
    `SELECT after AS status, changed_at AS date FROM shipment.job_history
      WHERE job_id = :jobId AND ${TIMELINE} ORDER BY id`,
    { jobId: JOB },
  ),
  /**
   * A page of a job's changes, newest first, of one field when `field` is not null, with the
   * changer's name from the directory's copy. A job's history is its own few hundred rows at
   * most, read in order by ix_job_history_job (job_id, id).
   */
  page: query(
    `SELECT h.id::text AS id, h.changed_at, u.name AS changed_by, h.field, h.before, h.after
       FROM shipment.job_history h
       LEFT JOIN shipment.directory_name u ON u.kind = 'user' AND u.id = h.changed_by
      WHERE h.job_id = :jobId AND (:field::text IS NULL OR h.field = :field::text)
      ORDER BY h.id DESC LIMIT :limit OFFSET :offset`,
    { jobId: JOB, field: 'blNo' as string | null, limit: 25, offset: 0 },
  ),
  count: query(`SELECT count(*)::int AS total FROM shipment.job_history WHERE job_id = :jobId AND (:field::text IS NULL OR field = :field::text)`, {
    jobId: JOB,
    field: 'blNo' as string | null,
  }),
};

export const JOB_HISTORY_QUERY_FILE: QueryFile = { file: 'jobs/queries/job-history.repository.sql', queries: JOB_HISTORY_QUERIES };

/** shipment.job_history: a row per changed field of a job (ADR 28); the status changes are its timeline. */
@Injectable()
export class JobHistoryRepository {
  /** Every entry in one statement. */
  async insert(tx: Db, entries: readonly HistoryEntry[]): Promise<void> {
    await rows(tx, JOB_HISTORY_QUERIES.insert, {
      jobIds: entries.map((h) => h.job),
      changedBy: entries.map((h) => h.by),
      fields: entries.map((h) => h.field),
      befores: entries.map((h) => h.before),
      afters: entries.map((h) => h.after),
    });
  }

  /** A page of the job's changes, newest first (`field`: that field's only), and how many there are in all. */
  async page(db: Db, jobId: string, { page = 1, pageSize = JOB_HISTORY_PAGE_SIZE, field }: JobHistoryQuery): Promise<Page<JobHistoryEntry>> {
    const params = { jobId, field: field ?? null };
    const [entries, [{ total }]] = await Promise.all([
      rows<HistoryRow>(db, JOB_HISTORY_QUERIES.page, { ...params, limit: pageSize, offset: (page - 1) * pageSize }),
      rows<{ total: number }>(db, JOB_HISTORY_QUERIES.count, params) as Promise<[{ total: number }]>,
    ]);
    return {
      items: entries.map((row) => ({
        id: row.id,
        changedAt: row.changed_at.toISOString(),
        changedBy: row.changed_by,
        field: row.field,
        before: row.before,
        after: row.after,
      })),
      total,
    };
  }

  /** A job's status timeline (the BL search's and a client's booking's). */
  async statusTimeline(db: Db, jobId: string): Promise<StatusTimeline> {
    const history = await rows<{ status: string; date: Date }>(db, JOB_HISTORY_QUERIES.statusTimeline, { jobId });
    return history.map((entry) => ({ status: entry.status, date: entry.date.toISOString() }));
  }
}

/** The one instance the writers outside Nest's injection share (job-store.ts). */
export const jobHistoryRepository = new JobHistoryRepository();
