import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Far past any real list; keeps OFFSET a sane integer. */
export const MAX_PAGE = 1_000_000;

/** An optional whole number from 1 to `max` in the query string (text, hence coerced). */
const optionalCount = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

/**
 * Optional paging, sorting and searching accepted by every list call
 * (DECISIONS §1). Without `page` the whole (sorted, filtered) array comes back.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
    sort: z.enum(sortable, { error: `sort must be one of: ${sortable.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
    page: optionalCount('page', MAX_PAGE),
    pageSize: optionalCount('pageSize', MAX_PAGE_SIZE),
  });
}

/** What a service answers to a list request; the gateway sends `items` as the body and `total` as X-Total-Count. */
export interface Page<T> {
  items: T[];
  total: number;
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
