import { z } from 'zod/mini';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Far past any real list; keeps OFFSET a sane integer. */
export const MAX_PAGE = 1_000_000;

/** An optional whole number from 1 to `max` in the query string (text, hence coerced). */
export const optionalCount = (name: string, max: number) =>
  z.optional(
    z.coerce
      .number({ error: `${name} must be a number` })
      .check(
        z.refine(Number.isInteger, `${name} must be a whole number`),
        z.minimum(1, `${name} must be 1 or more`),
        z.maximum(max, `${name} must be at most ${max}`),
      ),
  );

/**
 * Optional paging, sorting and searching accepted by every list call
 * (requirements decisions §1). Without `page` the whole (sorted, filtered) array comes back.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search text must be at most 100 characters'))),
    sort: z.optional(z.enum(sortable, { error: `sort must be one of: ${sortable.join(', ')}` })),
    order: z.optional(z.enum(['asc', 'desc'], { error: 'order must be asc or desc' })),
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

/**
 * A column of a list, as the screen's table and the CSV export show it: the record's field, its
 * header, and, for a field that is not plain text (a user's branch), how its cell reads.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed by the definition that declares it
export interface ListColumnDef<Row = any> {
  field: string;
  label: string;
  text?: (row: Row) => string;
}

/** A cell of a list as text: the column's own `text`, else the field's value ('' when missing). */
export function columnText(row: unknown, column: Pick<ListColumnDef, 'field' | 'text'>): string {
  if (column.text) return column.text(row);
  const value = (row as Record<string, unknown>)[column.field];
  return value === undefined || value === null ? '' : String(value);
}

/** `BranchCity`, `fullName` → 'Branch City', 'Full Name': the header of a column nobody named. */
export function columnLabel(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** An export asks for at most this many rows per chunk (a NATS reply stays well under its 1 MB limit). */
export const EXPORT_CHUNK_MAX = 1000;

/**
 * Where an export's next chunk starts: the sort keys of the last row sent (keyset pagination,
 * the sort's index walked from there), as the service chose them; the gateway hands it back unread.
 */
export const exportCursorSchema = z.array(z.union([z.string().check(z.maxLength(1000)), z.number()])).check(z.minLength(1), z.maxLength(4));
export type ExportCursor = z.infer<typeof exportCursorSchema>;

/** One chunk of an export, as the service answers it; `next` is null after the last. */
export interface ExportChunk<T> {
  items: T[];
  next: ExportCursor | null;
  /** The file's name, when the service names it (the first chunk; a statement's names its consignee), else the list's. */
  fileName?: string;
}
