import { QueryCache, containsPattern, values, type Db, type Query } from '@freight/server-database';

/** A list query as the accounts lists take it (requirements decisions §1). */
export interface ListQuery {
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/** Screens show 50 rows a page (requirements 02 §9). */
export const PAGE_SIZE = 50;

/** One statement of a list as Postgres receives it (`sql`, `params`), and as written (`query`). */
export interface Sql {
  sql: string;
  params: unknown[];
  query: Query;
}

/** Each list's statements, compiled once per shape. */
const STATEMENTS = new WeakMap<ListDef, QueryCache>();

/** What a list is: its rows' columns and tables, how it sorts, searches and counts. */
export interface ListDef {
  /** `SELECT <columns> FROM <from>`. */
  columns: string;
  /** A row as its reply's JSON, built by Postgres over the same tables (docs/adr/0059-json-replies-passed-as-bytes.md). */
  json: string;
  from: string;
  /** The list's own table (alias included): what a searched count reads; `key` its primary key. */
  table: string;
  key: string;
  /** Conditions every row meets (a live credit). */
  always: string[];
  /** The column holding each row's consignee, and the search text. */
  consigneeColumn: string;
  searchColumn: string;
  /** Sort field → SQL (an index leads with each), the tie-breaker, and the default. */
  sorts: Record<string, string>;
  tieBreaker: string;
  fallback: { sort: string; order: 'asc' | 'desc' };
  /** The consignee's column that counts this list's rows (ADR 34): totals without counting rows. */
  counted: 'invoice_count' | 'credit_count';
}

/**
 * A search matching at most this many rows is read from its matches (the trigram index) and sorted;
 * one matching more walks the sort's index, where 50 matches come soon (the planner, left to itself,
 * walks the sort's index for a rare word too, reading the whole index before it finds none).
 */
export const SORTED_MATCHES_MAX = 10_000;

/**
 * A page of a list (every row without `page`) and how its total is read: the sort's column then
 * the tie-breaker in the same direction, so pages never overlap. An unsearched total comes from the
 * consignees' counts (one consignee's row, or the whole list's kept in `list_totals`); a searched one counts the matches (trigram index).
 * `matchesFirst`: the search's matches are found first (a materialized CTE), then sorted.
 *
 * In the `json` form the rows are one row, `json`: the page as its reply's JSON array, built by
 * Postgres for the page's rows only (their keys found first: a row the OFFSET skips is never
 * built), and `total` beside it in the same statement: one round trip.
 */
export function listSql(
  def: ListDef,
  query: ListQuery,
  consigneeId: string | null,
  matchesFirst = false,
  form: 'rows' | 'json' = 'rows',
): { rows: Sql; total: Sql; probe: Sql } {
  const params: Record<string, unknown> = {};
  const where = [...def.always];
  if (consigneeId) {
    params.consigneeId = consigneeId;
    where.push(`${def.consigneeColumn} = :consigneeId`);
  }
  const text = query.q?.trim().toLowerCase();
  if (text) {
    params.search = containsPattern(text);
    where.push(`${def.searchColumn} LIKE :search`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sort = query.sort ?? def.fallback.sort;
  const order = (query.sort ? (query.order ?? 'asc') : (query.order ?? def.fallback.order)).toUpperCase();
  const size = query.pageSize ?? PAGE_SIZE;
  const paging = query.page === undefined ? '' : ` LIMIT ${size} OFFSET ${(query.page - 1) * size}`;
  const orderBy = `${def.sorts[sort]} ${order}, ${def.tieBreaker} ${order}`;
  const sorted = `ORDER BY ${orderBy}${paging}`;
  let statements = STATEMENTS.get(def);
  if (!statements) STATEMENTS.set(def, (statements = new QueryCache()));
  const cache = statements;
  const bind = (kind: string, source: () => string): Sql => {
    const statement = cache.get(`${form}|${kind}|${filter}|${sorted}`, source, params);
    return { sql: statement.text, params: values(statement, params), query: statement };
  };
  const matches = matchesFirst && text ? `WITH m AS MATERIALIZED (SELECT ${def.key} AS key FROM ${def.table} ${filter}) ` : '';
  const inMatches = matches ? `WHERE ${def.key} IN (SELECT key FROM m)` : filter;
  let total: Sql;
  if (text) total = bind('count', () => `SELECT count(*) AS n FROM ${def.table} ${filter}`);
  else if (consigneeId) total = bind('counted', () => `SELECT ${def.counted} AS n FROM accounts.consignee WHERE id = :consigneeId`);
  else total = bind('all counted', () => `SELECT ${def.counted} AS n FROM accounts.list_totals`);
  const probe = bind('probe', () => `SELECT count(*) AS n FROM (SELECT 1 FROM ${def.table} ${filter} LIMIT ${SORTED_MATCHES_MAX + 1}) m`);
  if (form === 'rows')
    return { rows: bind(matches ? 'matches' : 'rows', () => `${matches}SELECT ${def.columns} FROM ${def.from} ${inMatches} ${sorted}`), total, probe };
  const array = `coalesce(json_agg(${def.json} ORDER BY ${orderBy}), '[]')::text AS json`;
  // The total: the rows themselves without a page, the matches already found, else as read apart.
  const pageTotal = query.page === undefined ? 'count(*)' : matches ? '(SELECT count(*) FROM m)' : `(${total.query.source})`;
  // A page's rows are those of its keys: the page found first, its JSON built after.
  const pageRows = query.page === undefined ? inMatches : `WHERE ${def.key} IN (SELECT ${def.key} FROM ${def.from} ${inMatches} ${sorted})`;
  const rows = bind(matches ? 'matches' : 'rows', () => `${matches}SELECT ${array}, ${pageTotal} AS total FROM ${def.from} ${pageRows}`);
  return { rows, total, probe };
}

const count = async (db: Db, { sql, params }: Sql) => Number((await db.query<{ n: string }[]>(sql, params))[0]!.n);

/** Whether a page is read from its search's matches: without a page, whenever searched; a page, when its search matches few (the count up to the cap). */
async function fromMatches(db: Db, def: ListDef, query: ListQuery, consigneeId: string | null): Promise<{ first: boolean; matches: number | null }> {
  const searched = Boolean(query.q?.trim());
  if (query.page === undefined || !searched) return { first: searched, matches: null };
  const matches = await count(db, listSql(def, query, consigneeId).probe);
  return { first: matches <= SORTED_MATCHES_MAX, matches };
}

/** Reads a page and its total (counted only when `page` is given; else the rows are the whole list). */
export async function readList<Row>(db: Db, def: ListDef, query: ListQuery, consigneeId: string | null): Promise<{ items: Row[]; total: number }> {
  const { first, matches } = await fromMatches(db, def, query, consigneeId);
  const { rows, total } = listSql(def, query, consigneeId, first);
  const items = await db.query<Row[]>(rows.sql, rows.params);
  if (query.page === undefined) return { items, total: items.length };
  return { items, total: first ? matches! : await count(db, total) };
}

/**
 * `readList` as the reply's JSON (docs/adr/0059-json-replies-passed-as-bytes.md): the same rows in
 * the same order, as a JSON array built by Postgres, and the same total; one statement (a searched
 * page counts its matches first, as `readList`).
 */
export async function readListJson(db: Db, def: ListDef, query: ListQuery, consigneeId: string | null): Promise<{ json: string; total: number }> {
  const { first } = await fromMatches(db, def, query, consigneeId);
  const { rows } = listSql(def, query, consigneeId, first, 'json');
  const [page] = await db.query<{ json: string; total: string | number }[]>(rows.sql, rows.params);
  return { json: page!.json, total: Number(page!.total) };
}

/**
 * A list's statements for its committed SQL (QueryFile): for each example (a query and a consignee
 * or none) its page, its total and, when searched, its probe and the page read from the matches.
 */
export function listQueries(def: ListDef, examples: Record<string, [ListQuery, string | null]>): Record<string, Query> {
  return Object.fromEntries(
    Object.entries(examples).flatMap(([name, [query, consigneeId]]) => {
      const { rows, total, probe } = listSql(def, query, consigneeId);
      const json = (matchesFirst: boolean) => listSql(def, query, consigneeId, matchesFirst, 'json').rows.query;
      const searched = query.q
        ? [
            [`${name}: probe`, probe.query],
            [`${name}: rows from the matches`, listSql(def, query, consigneeId, true).rows.query],
          ]
        : [];
      return [
        [`${name}: rows`, rows.query],
        [`${name}: total`, total.query],
        ...searched,
        [`${name}: page as JSON, with its total`, json(false)],
        ...(query.q ? [[`${name}: page as JSON from the matches, with their count`, json(true)]] : []),
      ];
    }),
  );
}
