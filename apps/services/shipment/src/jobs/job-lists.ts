import { DEFAULT_PAGE_SIZE, type BookingListQuery, type Page, type WorklistQuery } from '@freight/contracts';
import { SORTED_MATCHES_MAX, containsPattern } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { JOB_COLUMNS, type JobRow } from './job.row.js';

/** Each sortable column's SQL (an index each, see the jobs migration). */
const SORTS: Record<string, string> = {
  date: 'job_date',
  jobNo: 'job_number',
  user: 'lower(user_name)',
  consigneeName: 'lower(consignee_name)',
  shipperName: 'lower(shipper_name)',
  originPort: 'lower(origin_port)',
  typeOfShipment: 'lower(type_of_shipment)',
  termOfShipment: 'lower(term_of_shipment)',
  ShipmentStatus: 'shipment_status',
  statusOfShipment: 'status_of_shipment',
  blNo: 'lower(bl_no)',
  containerNo: 'lower(container_no)',
  Vesselname: 'lower(vessel_name)',
  etd: 'etd',
  eta: 'eta',
  jobStatus: 'job_status',
};

/** Which jobs a list holds, beyond its query: inquiries or bookings, whose, which client's. */
export interface JobListScope {
  /** false: the worklist (inquiries); true: the booking sheet (bookings). */
  proceed: boolean;
  /** Only this assignee's (an Employee's own). */
  userId?: string;
  /** Only this client's (consignee_id or shipper_id). */
  client?: { column: 'consignee_id' | 'shipper_id'; id: string };
  /** The default order: the worklist by date ascending, the booking sheet newest job first. */
  defaultSort: readonly [sql: string, direction: 'asc' | 'desc'];
}

type Query = (WorklistQuery | BookingListQuery) & { status?: BookingListQuery['status'] };

/**
 * One page of a job list (DECISIONS §1), searched, sorted and paged in SQL. The predicates are
 * written as the partial indexes have them (`NOT proceed AND deleted_at IS NULL`, `proceed AND
 * job_status AND ...`), so the planner can use them. The total of a list without search text
 * comes from `job_counts` (a few rows), not from counting the jobs.
 */
export async function jobPage(db: DataSource, scope: JobListScope, query: Query): Promise<Page<JobRow>> {
  const where = [scope.proceed ? 'proceed' : 'NOT proceed'];
  const counts = [`proceed = ${scope.proceed}`];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let status = query.status === 'active' ? true : query.status === 'inactive' ? false : undefined;
  let text = query.q ?? '';
  // Booking search: exactly "active" or "inactive" matches the job status (spec 02 §5).
  if (scope.proceed && /^(active|inactive)$/i.test(text)) {
    const typed = text.toLowerCase() === 'active';
    if (status !== undefined && status !== typed) return { items: [], total: 0 };
    status = typed;
    text = '';
  }
  if (status !== undefined) {
    where.push(status ? 'job_status' : 'NOT job_status');
    counts.push(`job_status = ${status}`);
  }
  where.push('deleted_at IS NULL');
  if (scope.userId) {
    const p = param(scope.userId);
    where.push(`user_id = ${p}`);
    counts.push(`user_id = ${p}`);
  }
  if (query.direction) {
    const p = param(query.direction);
    where.push(`direction = ${p}`);
    counts.push(`direction = ${p}`);
  }
  if (scope.client) where.push(`${scope.client.column} = ${param(scope.client.id)}`);
  if (text) where.push(`search_text LIKE ${param(containsPattern(text.toLowerCase()))}`);

  const [key, fallback] = query.sort ? [SORTS[query.sort]!, 'asc' as const] : scope.defaultSort;
  const direction = query.order ?? fallback;
  const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const whereSql = where.join(' AND ');
  // The table's column, not JOB_COLUMNS' text of it (`job_date::text AS job_date`): ORDER BY a bare
  // name takes the output column, whose order no index has, and sorts every match.
  const sortKey = /^[a-z_]+$/.test(key) ? `job.${key}` : key;
  const orderBy = `${sortKey} ${direction}, job.id ${direction}`;
  const read = (sql: string) => db.query<JobRow[]>(sql, params);
  const whole = `SELECT ${JOB_COLUMNS} FROM shipment.job WHERE ${whereSql} ORDER BY ${orderBy}`;
  if (query.page === undefined) {
    const rows = await read(whole);
    return { items: rows, total: rows.length };
  }
  const offset = (query.page - 1) * size;
  const walk = `${whole} LIMIT ${size} OFFSET ${offset}`;
  const totalOf = async (sql: string) => ((await db.query(sql, params)) as [{ total: number }])[0].total;
  const counted = `SELECT count(*)::int AS total FROM shipment.job WHERE ${whereSql}`;
  if (!text) {
    const rows = await read(walk);
    const kept = `SELECT coalesce(sum(n), 0)::int AS total FROM shipment.job_counts WHERE ${counts.join(' AND ')}`;
    return { items: rows, total: await totalOf(scope.client ? counted : kept) };
  }
  // A search: the count comes first and picks the page's plan, as EntityRepository.list does. At
  // most SORTED_MATCHES_MAX matches are read by the trigram index and sorted here; more walk the
  // sort's index, where matches that dense soon fill a page. Left to itself, Postgres (whose
  // estimate of a contains-search is a guess) walks the index for a term it wrongly takes for
  // common, through most of the table, or reads and sorts every row of a common one.
  const total = await totalOf(counted);
  if (offset >= total) return { items: [], total };
  if (total > SORTED_MATCHES_MAX) return { items: await read(walk), total };
  const rows = await read(
    `WITH matches AS MATERIALIZED (SELECT id, ${key} AS sort_key FROM shipment.job WHERE ${whereSql})
     SELECT ${JOB_COLUMNS} FROM (SELECT id AS match_id FROM matches ORDER BY sort_key ${direction}, id ${direction} LIMIT ${size} OFFSET ${offset}) page
       JOIN shipment.job job ON job.id = page.match_id
     ORDER BY ${orderBy}`,
  );
  return { items: rows, total };
}
