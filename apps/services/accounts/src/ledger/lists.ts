import { containsPattern } from '@freight/server-database';

/** A list query as the accounts lists take it (DECISIONS §1). */
export interface ListQuery {
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/** Builds a list's SQL parameters in order: `param(value)` → `$n`. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * ORDER BY and LIMIT/OFFSET of a list: the sort's column (an index leads with it), then the
 * tie-breaker in the same direction, so pages never overlap. Without `sort` the list's default
 * (newest first); without `page` every row.
 */
export function orderAndPage(
  query: ListQuery,
  columns: Record<string, string>,
  tieBreaker: string,
  fallback: { sort: string; order: 'asc' | 'desc' },
  pageSize: number,
): string {
  const sort = query.sort ?? fallback.sort;
  const order = (query.sort ? (query.order ?? 'asc') : (query.order ?? fallback.order)).toUpperCase();
  const paging = query.page === undefined ? '' : ` LIMIT ${query.pageSize ?? pageSize} OFFSET ${(query.page - 1) * (query.pageSize ?? pageSize)}`;
  return `ORDER BY ${columns[sort]} ${order}, ${tieBreaker} ${order}${paging}`;
}

/** The search's predicate on a search_text column (trigram index), or none for blank text. */
export function searchPredicate(q: string | undefined, column: string, params: Params): string | null {
  const text = q?.trim().toLowerCase();
  return text ? `${column} LIKE ${params.add(containsPattern(text))}` : null;
}

/** Screens show 50 rows a page (spec 02 §9). */
export const PAGE_SIZE = 50;
