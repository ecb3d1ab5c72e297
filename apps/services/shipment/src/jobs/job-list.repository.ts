import { DEFAULT_PAGE_SIZE, type BookingListQuery, type Job, type Page, type WorklistQuery } from '@freight/contracts';
import { QueryCache, SORTED_MATCHES_MAX, containsPattern, sqlRows, values, type Db, type Query, type QueryFile } from '@freight/server-database';
import { JsonReply } from '@freight/server';
import { JOB_COLUMNS, JOB_JSON, type JobRow } from './job.row.js';

/**
 * Each sortable column's SQL (an index each, see the jobs migration; those only the booking sheet
 * sorts by hold bookings only, 1796201000000). Qualified by the table:
 * the SELECT list names its text forms of the dates `job_date`, `etd`, ..., and a bare name in
 * ORDER BY would sort those texts, without the index.
 */
const SORTS: Record<string, string> = {
  date: 'job.job_date',
  jobNo: 'job.job_number',
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
  etd: 'job.etd',
  eta: 'job.eta',
  jobStatus: 'job.job_status',
};

/** The lists' statements, compiled once per shape. */
const STATEMENTS = new QueryCache();

/** Which jobs a list holds, beyond its query: inquiries or bookings, whose, which client's. */
export interface JobListScope {
  /** false: the worklist (inquiries); true: the booking sheet (bookings). */
  proceed: boolean;
  /** Only this assignee's (an Employee's own). */
  userId?: string;
  /** Only this client's (consignee_id or shipper_id). */
  client?: { column: 'consignee_id' | 'shipper_id'; id: string };
  /** The default order (a SORTS value): the worklist by date ascending, the booking sheet newest job first. */
  defaultSort: readonly [sql: string, direction: 'asc' | 'desc'];
}

export type JobListQuery = (WorklistQuery | BookingListQuery) & { status?: BookingListQuery['status'] };

/** One statement of a list as Postgres receives it (`sql`, `params`), and as written (`query`). */
export interface ListStatement {
  sql: string;
  params: unknown[];
  query: Query;
}

/** The SQL of a list's page and of its total; null when nothing can match ("active" typed while showing inactive ones). */
export interface JobListSql {
  rows: ListStatement;
  total: ListStatement;
  /** A searched page: the page read from the search's matches, sorted (`rows` walks the sort's index), and the page's offset. */
  matches?: ListStatement & { offset: number };
}

/**
 * A job list's SQL (requirements decisions §1): searched, sorted and paged in the database. The predicates are
 * written as the partial indexes have them (`NOT proceed AND deleted_at IS NULL`, `proceed AND
 * job_status AND ...`), so the planner can use them. The total of a list without search text
 * comes from `job_counts` (a few rows), not from counting the jobs. In the `json` form the page is one
 * row, the reply's jobs as one JSON array (`JOB_JSON` each), and a page without search text carries
 * its total in the same statement (Postgres computes it once): one round trip.
 */
export function jobListSql(scope: JobListScope, query: JobListQuery, form: 'rows' | 'json' = 'rows'): JobListSql | null {
  const where = [scope.proceed ? 'proceed' : 'NOT proceed'];
  const counts = [`proceed = ${scope.proceed}`];
  const params: Record<string, unknown> = {};
  let status = query.status === 'active' ? true : query.status === 'inactive' ? false : undefined;
  let text = query.q ?? '';
  // Booking search: exactly "active" or "inactive" matches the job status (requirements 02 §5).
  if (scope.proceed && /^(active|inactive)$/i.test(text)) {
    const typed = text.toLowerCase() === 'active';
    if (status !== undefined && status !== typed) return null;
    status = typed;
    text = '';
  }
  if (status !== undefined) {
    where.push(status ? 'job_status' : 'NOT job_status');
    counts.push(`job_status = ${status}`);
  }
  where.push('deleted_at IS NULL');
  if (scope.userId) {
    params.userId = scope.userId;
    where.push('user_id = :userId');
    counts.push('user_id = :userId');
  }
  if (query.direction) {
    params.direction = query.direction;
    where.push('direction = :direction');
    counts.push('direction = :direction');
  }
  if (scope.client) {
    params.clientId = scope.client.id;
    where.push(`${scope.client.column} = :clientId`);
  }
  if (text) {
    params.search = containsPattern(text.toLowerCase());
    where.push('search_text LIKE :search');
  }

  const [key, fallback] = query.sort ? [SORTS[query.sort]!, 'asc' as const] : scope.defaultSort;
  const direction = query.order ?? fallback;
  const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = query.page === undefined ? 0 : (query.page - 1) * size;
  const limit = query.page === undefined ? '' : `LIMIT ${size} OFFSET ${offset}`;
  const whereSql = where.join(' AND ');
  const orderBy = `${key} ${direction}, job.id ${direction}`;
  const countsSql = counts.join(' AND ');
  const bind = (kind: string, source: () => string): ListStatement => {
    const statement = STATEMENTS.get(`${form}|${kind}|${whereSql}|${countsSql}|${orderBy}|${limit}`, source, params);
    return { sql: statement.text, params: values(statement, params), query: statement };
  };
  const countsTotal = `SELECT coalesce(sum(n), 0)::int AS total FROM shipment.job_counts WHERE ${countsSql}`;
  // The JSON form is one row: the page as one JSON array (the driver reads one value, not a row per job).
  const select = form === 'json' ? `coalesce(json_agg(${JOB_JSON} ORDER BY ${orderBy}), '[]')::text AS json` : JOB_COLUMNS;
  // Its total beside it where it costs little: every row without a page, job_counts for a page without search text.
  const withTotal = form !== 'json' ? '' : query.page === undefined ? ', count(*)::int AS total' : !text && !scope.client ? `, (${countsTotal}) AS total` : '';
  return {
    rows: bind('rows', () =>
      form === 'json'
        ? // The page's rows first: a row the OFFSET skips is never built as JSON.
          `SELECT ${select}${withTotal} FROM (SELECT * FROM shipment.job WHERE ${whereSql} ORDER BY ${orderBy} ${limit}) job`
        : `SELECT ${select} FROM shipment.job WHERE ${whereSql} ORDER BY ${orderBy} ${limit}`,
    ),
    total: text || scope.client ? bind('count', () => `SELECT count(*)::int AS total FROM shipment.job WHERE ${whereSql}`) : bind('counts', () => countsTotal),
    ...(text &&
      query.page !== undefined && {
        matches: {
          ...bind(
            'matches',
            () => `WITH matches AS MATERIALIZED (SELECT id, ${key} AS sort_key FROM shipment.job job WHERE ${whereSql})
            SELECT ${select} FROM (SELECT id AS match_id FROM matches ORDER BY sort_key ${direction}, id ${direction} ${limit}) page
              JOIN shipment.job job ON job.id = page.match_id${form === 'json' ? '' : `\n            ORDER BY ${orderBy}`}`,
          ),
          offset,
        },
      }),
  };
}

/**
 * One page of a job list (every row without `page`) and its total. A searched page counts first,
 * and the count picks the page's plan, as EntityRepository.list does: at most SORTED_MATCHES_MAX
 * matches are read by the trigram index and sorted; more walk the sort's index, where matches that
 * dense soon fill a page. Left to itself, Postgres (whose estimate of a contains-search is a guess)
 * walks the index through most of the table for a term it wrongly takes for common, or reads and
 * sorts every row of a common one.
 */
export async function jobPage(db: Db, scope: JobListScope, query: JobListQuery): Promise<Page<JobRow>> {
  const sql = jobListSql(scope, query);
  if (!sql) return { items: [], total: 0 };
  if (sql.matches) {
    const [{ total }] = (await db.query(sql.total.sql, sql.total.params)) as [{ total: number }];
    if (sql.matches.offset >= total) return { items: [], total };
    const page = total > SORTED_MATCHES_MAX ? sql.rows : sql.matches;
    return { items: await db.query<JobRow[]>(page.sql, page.params), total };
  }
  const rows = await db.query<JobRow[]>(sql.rows.sql, sql.rows.params);
  if (query.page === undefined) return { items: rows, total: rows.length };
  const [{ total }] = (await db.query(sql.total.sql, sql.total.params)) as [{ total: number }];
  return { items: rows, total };
}

/**
 * `jobPage` as the reply's bytes (docs/adr/0059-json-replies-passed-as-bytes.md): the same rows in
 * the same order, each job built as JSON by Postgres, the page one JSON array, and the total; a page
 * without search text in one round trip (its total only read apart for a client's list).
 */
export async function jobPageJson(db: Db, scope: JobListScope, query: JobListQuery): Promise<JsonReply<Page<Job>>> {
  const sql = jobListSql(scope, query, 'json');
  if (!sql) return new JsonReply('[]', 0);
  const read = async (statement: ListStatement) => (await sqlRows<{ json: string; total?: number }>(db, statement.sql, statement.params))[0]!;
  const totalOf = async () => (await read(sql.total)).total!;
  if (sql.matches) {
    const total = await totalOf();
    if (sql.matches.offset >= total) return new JsonReply('[]', total);
    return new JsonReply((await read(total > SORTED_MATCHES_MAX ? sql.rows : sql.matches)).json, total);
  }
  const page = await read(sql.rows);
  return new JsonReply(page.json, page.total ?? (await totalOf()));
}

const EXAMPLE_USER = '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02';
const worklist: JobListScope = { proceed: false, defaultSort: ['job.job_date', 'asc'] };
const bookings: JobListScope = { proceed: true, defaultSort: ['job.job_number', 'desc'] };
/** The lists' shapes worth reviewing: the worklist and booking sheet as they open, an Employee's, searched, a client's. */
const EXAMPLES: Record<string, [JobListScope, JobListQuery]> = {
  worklist: [worklist, { page: 1 }],
  'worklist of an employee, imports': [
    { ...worklist, userId: EXAMPLE_USER },
    { page: 2, direction: 'Import' },
  ],
  'booking sheet, active, by date': [bookings, { page: 1, status: 'active', sort: 'date', order: 'desc' }],
  'booking sheet, searched': [bookings, { page: 1, q: 'ceylon' }],
  "a consignee's bookings": [{ ...bookings, client: { column: 'consignee_id', id: EXAMPLE_USER } }, { page: 1 }],
  'every booking (no page)': [bookings, {}],
};

export const JOB_LIST_QUERY_FILE: QueryFile = {
  file: 'jobs/queries/job-list.repository.sql',
  queries: Object.fromEntries(
    Object.entries(EXAMPLES).flatMap(([name, [scope, query]]) => {
      const sql = jobListSql(scope, query)!;
      const json = jobListSql(scope, query, 'json')!;
      return [
        [`${name}: rows`, sql.rows.query],
        [`${name}: total`, sql.total.query],
        ...(sql.matches ? [[`${name}: matches`, sql.matches.query]] : []),
        [`${name}: rows as JSON`, json.rows.query],
        ...(json.matches ? [[`${name}: matches as JSON`, json.matches.query]] : []),
      ];
    }),
  ),
};
