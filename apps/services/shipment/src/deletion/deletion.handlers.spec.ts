import { JobTexts, type Actor } from '@freight/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { JobRepository } from '../jobs/job.repository.js';
import type { JobRow } from '../jobs/job.row.js';
import { DeletionHandlers } from './deletion.handlers.js';
import type { JobDeletion, JobDeletionRepository } from './job-deletion.repository.js';

// Delete Shipment's rules on the repository seam: the jobs and deletions tables replaced by plain objects.

const head: Actor = { id: '00000000-0000-4000-8000-0000000000a1', username: 'head', role: 'Head' };
const admin: Actor = { id: '00000000-0000-4000-8000-0000000000a2', username: 'admin', role: 'Admin' };
const row = {
  id: '00000000-0000-4000-8000-000000000007',
  job_no: 'IMP-000007',
  direction: 'Import',
  user_id: '00000000-0000-4000-8000-00000000000f',
  user_name: 'Ravi',
  consignee_id: '00000000-0000-4000-8000-0000000000c1',
  consignee_name: 'Acme',
  proceed: true,
  version: 3,
  created_at: new Date('2026-11-27T09:00:00Z'),
  updated_at: new Date('2026-11-27T09:00:00Z'),
} as JobRow;

let done: string[];
let audits: JobDeletion[];
let events: string[];
let handlers: DeletionHandlers;

beforeEach(() => {
  done = [];
  audits = [];
  events = [];
  // The transaction: only the outbox writes through it here.
  const tx = {
    connection: { options: { schema: 'shipment' } },
    query: async (_sql: string, params: unknown[]) => events.push(String(params[1])),
  } as unknown as EntityManager;
  const db = { transaction: (work: (tx: EntityManager) => unknown) => work(tx) } as unknown as DataSource;
  const jobs = {
    lock: async (_tx: unknown, jobNo: string) => (jobNo === row.job_no ? row : undefined),
    markDeleted: async (_tx: unknown, id: string, by: string) => done.push(`deleted ${id} by ${by}`),
  } as unknown as JobRepository;
  const deletions = { insert: async (_tx: unknown, deletion: JobDeletion) => audits.push(deletion) } as unknown as JobDeletionRepository;
  handlers = new DeletionHandlers(db, jobs, deletions);
});

describe('deleting a shipment', () => {
  it('marks the job deleted, keeps who deleted it and the job as it was, and announces it', async () => {
    await expect(handlers.delete({ actor: head, params: { jobNo: row.job_no } } as never)).resolves.toEqual({ message: JobTexts.deleted });
    expect(done).toEqual([`deleted ${row.id} by ${head.id}`]);
    expect(audits).toEqual([
      { jobId: row.id, jobNo: 'IMP-000007', deletedBy: head.id, deletedByUsername: 'head', job: expect.objectContaining({ jobNo: 'IMP-000007', version: 3 }) },
    ]);
    expect(events).toEqual(['events.shipment.job.deleted']);
  });

  it('is the Head’s only, and a 404 for a job there is none of', async () => {
    await expect(handlers.delete({ actor: admin, params: { jobNo: row.job_no } } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(handlers.delete({ actor: head, params: { jobNo: 'IMP-999999' } } as never)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: JobTexts.shipmentNotFound,
    });
    expect([...done, ...audits, ...events]).toEqual([]);
  });
});
