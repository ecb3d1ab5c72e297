import { createAddressLimitTable, migration } from '@freight/server-database';

/**
 * Shipment deletion's audit (requirements decisions §3): who deleted which job when, with the job's data as it
 * was; and the public BL search's per-address limit (requirements decisions §5, ADR 30). The job itself stays,
 * marked `deleted_at`, so every list (which reads `deleted_at IS NULL`) leaves it out.
 */
export const DeletionsAndTracking1796200700000 = migration(
  'DeletionsAndTracking1796200700000',
  async (q) => {
    await q.query(`
      CREATE TABLE shipment.job_deletions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_id uuid NOT NULL UNIQUE REFERENCES shipment.job (id),
        job_no text NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now(),
        deleted_by uuid NOT NULL,
        deleted_by_username text NOT NULL,
        job jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX ix_job_deletions_job_no ON shipment.job_deletions (lower(job_no))`);
    await q.query(`CREATE INDEX ix_job_deletions_deleted_at ON shipment.job_deletions (deleted_at DESC)`);
    // The status timeline of a job (public tracking): its status-of-shipment changes in order.
    await q.query(`CREATE INDEX ix_job_history_state ON shipment.job_history (job_id, id) WHERE field = 'statusOfShipment'`);
    await createAddressLimitTable(q, 'shipment.bl_search_limit');
  },
  async (q) => {
    await q.query(`DROP TABLE shipment.bl_search_limit`);
    await q.query(`DROP INDEX shipment.ix_job_history_state`);
    await q.query(`DROP TABLE shipment.job_deletions`);
  },
);
