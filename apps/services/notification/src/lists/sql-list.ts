import { DEFAULT_PAGE_SIZE, type ExportChunk, type ExportCursor, type Page } from '@freight/contracts';
import { containsPattern, type ExportQuery, type ListQuery } from '@freight/server-database';
import type { DataSource } from 'typeorm';

/**
 * A list of one of this service's tables as SQL (requirements decisions §1): search, sort and paging in the
 * database, and the CSV export's keyset chunks in the same order. The id breaks ties, so pages
 * and chunks never skip or repeat a row.
 */
export interface SqlList<Row, Item> {
  /** FROM and joins, e.g. `notification.client_news n`. */
  from: string;
  /** The SELECT list. */
  columns: string;
  /** The row id's SQL (`n.id`): ties and export cursors. */
  id: string;
  /** Each sort field's SQL and type (the type casts an export cursor's value back). */
  sorts: Record<string, readonly [sql: string, type: string]>;
  /** The sort without `sort` in the query: its SQL, type and direction (newest first). */
  defaultSort: readonly [sql: string, type: string, direction: 'asc' | 'desc'];
  /** SQL expressions the search looks in (case-insensitive substring). */
  search: readonly string[];
  /** Conditions every row of the list meets. */
  where?: readonly string[];
  toItem(row: Row): Item;
}

function listSql(spec: SqlList<unknown, unknown>, query: ExportQuery, extraWhere: readonly string[] = []) {
  const where = [...(spec.where ?? []), ...extraWhere];
  const params: unknown[] = [];
  if (query.q) {
    params.push(containsPattern(query.q));
    where.push(`(${spec.search.map((column) => `${column} ILIKE $${params.length}`).join(' OR ')})`);
  }
  const [key, type, fallback] = query.sort ? [...spec.sorts[query.sort]!, 'asc' as const] : spec.defaultSort;
  const direction = query.order ?? fallback;
  return { where, params, key, type, direction, orderBy: `ORDER BY ${key} ${direction}, ${spec.id} ${direction}` };
}

const whereOf = (where: readonly string[]) => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/** One page of the list (every row without `page`) and the total. */
export async function listPage<Row, Item>(db: DataSource, spec: SqlList<Row, Item>, query: ListQuery, extraWhere?: readonly string[]): Promise<Page<Item>> {
  const { where, params, orderBy } = listSql(spec, query, extraWhere);
  const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const limit = query.page === undefined ? '' : `LIMIT ${size} OFFSET ${(query.page - 1) * size}`;
  const rows = await db.query<Row[]>(`SELECT ${spec.columns} FROM ${spec.from} ${whereOf(where)} ${orderBy} ${limit}`, params);
  const [{ total }] = (await db.query(`SELECT count(*)::int AS total FROM ${spec.from} ${whereOf(where)}`, params)) as [{ total: number }];
  return { items: rows.map((row) => spec.toItem(row)), total };
}

/** One chunk of the CSV export: the list's search and order after the cursor (the last row's sort key and id). */
export async function exportChunk<Row, Item>(
  db: DataSource,
  spec: SqlList<Row, Item>,
  query: ExportQuery,
  after: ExportCursor | undefined,
  limit: number,
): Promise<ExportChunk<Item>> {
  const { where, params, key, type, direction, orderBy } = listSql(spec, query);
  if (after) {
    params.push(String(after[0]), String(after[1]));
    where.push(`(${key}, ${spec.id}) ${direction === 'desc' ? '<' : '>'} ($${params.length - 1}::${type}, $${params.length}::uuid)`);
  }
  const rows = await db.query<(Row & { sort_key: string; row_id: string })[]>(
    `SELECT ${spec.columns}, ${key}::text AS sort_key, ${spec.id} AS row_id FROM ${spec.from} ${whereOf(where)} ${orderBy} LIMIT ${limit}`,
    params,
  );
  const last = rows.at(-1);
  return { items: rows.map((row) => spec.toItem(row)), next: last && rows.length === limit ? [last.sort_key, last.row_id] : null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Is this a row id at all? (Anything else names no row: NOT_FOUND, not a database error.) */
export const isRowId = (id: string) => UUID.test(id);
