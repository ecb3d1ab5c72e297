import { migration } from '@freight/server-database';

/**
 * The planner's statistics of `lower(bl_no)` (expression statistics). Every index of the job
 * table is partial (`WHERE deleted_at IS NULL`), and Postgres takes no statistics from a partial
 * index, so it guessed that 0.5 % of the jobs share a BL number: the public BL search (`ORDER BY
 * job_number DESC LIMIT 1`) then walked the job numbers backwards until it met the BL instead of
 * reading the BL number's index, seconds at a million jobs (found by the shipment bench).
 * ANALYZE (autovacuum) keeps them; one now, so they hold from the start.
 */
export const BlNumberStatistics1796200800000 = migration(
  'BlNumberStatistics1796200800000',
  async (q) => {
    await q.query(`CREATE STATISTICS shipment.job_bl_no ON (lower(bl_no)) FROM shipment.job`);
    await q.query(`ANALYZE shipment.job`);
  },
  async (q) => {
    await q.query(`DROP STATISTICS shipment.job_bl_no`);
  },
);
