import { migration } from '@freight/server-database';

/**
 * The Daily Booking Sheet by date (its Active filter, and an Employee's own sheet) read in index order.
 * With only the all-jobs date index, the first page at a million jobs skipped ~10,000 inquiries and
 * inactive jobs (21 ms, found by the shipment bench); these partial indexes hold only the rows the
 * sheet shows.
 */
export const BookingSheetByDate1796200900000 = migration(
  'BookingSheetByDate1796200900000',
  async (q) => {
    await q.query(`CREATE INDEX ix_job_booking_active_date ON shipment.job (job_date, id) WHERE proceed AND job_status AND deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_job_booking_user_date ON shipment.job (user_id, job_date, id) WHERE proceed AND deleted_at IS NULL`);
  },
  async (q) => {
    await q.query(`DROP INDEX shipment.ix_job_booking_user_date`);
    await q.query(`DROP INDEX shipment.ix_job_booking_active_date`);
  },
);
