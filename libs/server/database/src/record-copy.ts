import type { ChangeEvent } from '@freight/contracts';
import { InvalidEvent, type ReceivedEvent } from './event-consumer.js';
import type { Tx } from './entity-repository.js';

/**
 * A service's copy of records another service owns (ADR 21, 29): a row per record, kept from the
 * owner's change events `events.<owner>.<thing>.<created|updated|deleted>` by the idempotent
 * consumer. A created or updated record is written whole (and a row marked deleted is live
 * again); a deleted one is marked `deleted_at`, so nothing new may name it while rows that name
 * it keep the name they had. Events come in commit order, so the last one wins, and a repeat
 * writes the same row again.
 */

/** An event's subject read from its end: `events.directory.consignee.updated` → consignee, updated. */
export function changeOf(subject: string): { thing: string; change: string } {
  const [change, thing] = subject.split('.').reverse();
  return { thing: thing ?? '', change: change ?? '' };
}

/** A record of an event, read by field: a field the copy needs and the record lacks makes the event invalid. */
export interface EventRecord {
  /** The field's text; an `InvalidEvent` where it is missing or empty. */
  text(field: string): string;
}

/** `record`, of the event on `subject`, read by field. */
export function eventRecord(record: Record<string, unknown>, subject: string): EventRecord {
  return {
    text(field) {
      const value = record[field];
      if (typeof value !== 'string' || value === '') throw new InvalidEvent(`${subject} has no ${field}`);
      return value;
    },
  };
}

/** A copy's row: its columns' values. */
export type CopyRow = Record<string, unknown>;

/** How one thing of the owner's events is copied: into which table, with which columns. */
export interface RecordCopy {
  /** The copy's table, schema included (`notification.consignee`); the record's id is its `id` column. */
  table: string;
  /** The record's field holding its id (`consignee_id`). */
  idField: string;
  /** Columns that tell this thing's rows apart in a table shared by several things (`{kind: 'user'}`): part of the unique key with `id`. */
  scope?: Readonly<Record<string, string>>;
  /** The row's other columns for the record as it now is. */
  columns(record: EventRecord): CopyRow;
  /**
   * What else the write changes, in its transaction, after the row is written: `previous` is the
   * row's columns before (undefined for a new row), to carry a rename to the rows that show the name.
   */
  afterWrite?(tx: Tx, written: { id: string; row: CopyRow; previous: CopyRow | undefined; record: EventRecord; event: ChangeEvent }): Promise<void>;
}

/**
 * The handler of an event consumer that keeps `copies` (one per thing, by the subject's thing) from
 * the owner's change events; other things' events are not the copy's and change nothing.
 */
export function recordCopyHandler(copies: Readonly<Partial<Record<string, RecordCopy>>>): (tx: Tx, event: ReceivedEvent) => Promise<void> {
  return async (tx, { subject, payload }) => {
    const { thing, change } = changeOf(subject);
    const copy = Object.hasOwn(copies, thing) ? copies[thing] : undefined;
    if (!copy || !['created', 'updated', 'deleted'].includes(change)) return;
    const event = (payload ?? {}) as ChangeEvent<Record<string, unknown>>;
    const keyColumns = [...Object.keys(copy.scope ?? {}), 'id'];
    const keyOf = (id: string) => [...Object.values(copy.scope ?? {}), id];
    const where = keyColumns.map((column, i) => `${column} = $${i + 1}`).join(' AND ');
    if (change === 'deleted') {
      if (!event.before) throw new InvalidEvent(`${subject} has no record before`);
      const id = eventRecord(event.before, subject).text(copy.idField);
      await tx.query(`UPDATE ${copy.table} SET deleted_at = now() WHERE ${where}`, keyOf(id));
      return;
    }
    if (!event.after) throw new InvalidEvent(`${subject} has no record after`);
    const record = eventRecord(event.after, subject);
    const id = record.text(copy.idField);
    const row = copy.columns(record);
    const columns = Object.keys(row);
    const previous = copy.afterWrite ? (await tx.query<CopyRow[]>(`SELECT ${columns.join(', ')} FROM ${copy.table} WHERE ${where}`, keyOf(id)))[0] : undefined;
    const inserted = [...keyColumns, ...columns];
    await tx.query(
      `INSERT INTO ${copy.table} (${inserted.join(', ')}) VALUES (${inserted.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET ${[...columns.map((column) => `${column} = excluded.${column}`), 'deleted_at = NULL'].join(', ')}`,
      [...keyOf(id), ...Object.values(row)],
    );
    await copy.afterWrite?.(tx, { id, row, previous, record, event });
  };
}
