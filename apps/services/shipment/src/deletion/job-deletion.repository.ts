import { Injectable } from '@nestjs/common';
import type { Job } from '@freight/contracts';
import { query, rows, type Db, type QueryFile } from '@freight/server-database';

/** Who deleted a job, and the job as it was. */
export interface JobDeletion {
  jobId: string;
  jobNo: string;
  deletedBy: string;
  deletedByUsername: string;
  job: Job;
}

export const JOB_DELETION_QUERIES = {
  insert: query(
    `INSERT INTO shipment.job_deletions (job_id, job_no, deleted_by, deleted_by_username, job) VALUES (:jobId, :jobNo, :deletedBy, :deletedByUsername, :job::jsonb)`,
    {
      jobId: '8c0e7a1e-0b7a-4c59-9d0a-3f6f7f4e2a01',
      jobNo: 'IMP-000123',
      deletedBy: '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02',
      deletedByUsername: 'head',
      job: '{"_id":"8c0e7a1e-0b7a-4c59-9d0a-3f6f7f4e2a01","jobNo":"IMP-000123"}',
    },
  ),
};

export const JOB_DELETION_QUERY_FILE: QueryFile = { file: 'deletion/queries/job-deletion.repository.sql', queries: JOB_DELETION_QUERIES };

/** shipment.job_deletions: the audit of deleted jobs. */
@Injectable()
export class JobDeletionRepository {
  async insert(tx: Db, deletion: JobDeletion): Promise<void> {
    await rows(tx, JOB_DELETION_QUERIES.insert, { ...deletion, job: JSON.stringify(deletion.job) });
  }
}
