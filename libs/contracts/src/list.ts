import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Far past any real list; keeps OFFSET a sane integer. */
export const MAX_PAGE = 1_000_000;

/**
 * Optional paging, sorting and searching accepted by every list call
 * (DECISIONS §1). Without `page` the whole (sorted, filtered) array comes back.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
    sort: z.enum(sortable, { error: `sort must be one of: ${sortable.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
      .optional(),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be 1 or more')
      .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
      .optional(),
  });
}

/** What a service answers to a list request; the gateway sends `items` as the body and `total` as X-Total-Count. */
export interface Page<T> {
  items: T[];
  total: number;
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
