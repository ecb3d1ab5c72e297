import { randomUUID } from 'node:crypto';
import { DEFAULT_PAGE_SIZE, type ExportChunk, type ExportCursor, type Page } from '@freight/contracts';
import { AppError, failureOf } from '@freight/server';
import type { OutboxEvent } from './outbox.js';
import {
  SEARCH_LIMIT,
  type ExportQuery,
  type ListQuery,
  type MasterDataRepository,
  type NewRow,
  type TransactionOptions,
  type Tx,
} from './entity-repository.js';

export interface InMemorySpec<E> {
  /** The natural key's property (case-insensitive). */
  key: keyof E & string;
  /** Properties a list's `q` matches. */
  search?: readonly (keyof E & string)[];
  /** Sort field → property; the first is the default. Default: by the key. */
  sort?: Record<string, keyof E & string>;
  /** Unique properties (case-insensitive), in the order a clash is reported. */
  unique?: readonly (keyof E & string)[];
}

const lower = (value: unknown) => String(value).toLowerCase();
const compare = (a: unknown, b: unknown) => (lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : 0);

/**
 * A repository in memory, for unit tests of a service's rules on the repository seam: the same
 * contract as EntityRepository (case-insensitive keys, exact-first search, uniqueness, paging),
 * and a transaction that keeps nothing of a write that failed. Locks and idempotency are the
 * database's business: `transactions` records the options each transaction was asked with.
 */
export class InMemoryRepository<E extends { id: string }> implements MasterDataRepository<E> {
  readonly rows = new Map<string, E>();
  readonly transactions: TransactionOptions[] = [];
  /** Events appended by committed transactions, in order. */
  readonly events: OutboxEvent[] = [];

  constructor(private readonly spec: InMemorySpec<E>) {}

  /** Put rows in place (an id is made up where missing); answers them. */
  seed(...rows: (Partial<E> & Record<string, unknown>)[]): E[] {
    return rows.map((values) => {
      const row = { id: randomUUID(), ...values } as unknown as E;
      this.rows.set(row.id, row);
      return row;
    });
  }

  /** Every row, in insertion order. */
  all(): E[] {
    return [...this.rows.values()];
  }

  async list(query: ListQuery): Promise<Page<E>> {
    const search = this.spec.search ?? [this.spec.key];
    const q = query.q?.toLowerCase();
    const sortBy = (query.sort && this.spec.sort?.[query.sort]) || (this.spec.sort ? Object.values(this.spec.sort)[0]! : this.spec.key);
    const rows = this.all()
      .filter((row) => !q || search.some((property) => lower(row[property]).includes(q)))
      .sort((a, b) => compare(a[sortBy], b[sortBy]) || compare(a.id, b.id));
    if (query.order === 'desc') rows.reverse();
    if (!query.page) return { items: rows, total: rows.length };
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    return { items: rows.slice((query.page - 1) * pageSize, query.page * pageSize), total: rows.length };
  }

  /** The list's rows after the one whose id ends `after`, `limit` at a time. */
  async chunk(query: ExportQuery, after: ExportCursor | undefined, limit: number): Promise<ExportChunk<E>> {
    const { items } = await this.list(query);
    const start = after ? items.findIndex((row) => row.id === after.at(-1)) + 1 : 0;
    const rows = items.slice(start, start + limit);
    return { items: rows, next: start + limit < items.length ? [rows.at(-1)!.id] : null };
  }

  async search(text: string): Promise<E[]> {
    const key = this.spec.key;
    const exact = this.all().filter((row) => lower(row[key]) === text.toLowerCase());
    const others = this.all()
      .filter((row) => lower(row[key]) !== text.toLowerCase() && lower(row[key]).includes(text.toLowerCase()))
      .sort((a, b) => compare(a[key], b[key]));
    return [...exact, ...others].slice(0, SEARCH_LIMIT);
  }

  async findByKey(key: string): Promise<E | undefined> {
    const row = this.all().find((candidate) => lower(candidate[this.spec.key]) === key.toLowerCase());
    return row && { ...row };
  }

  async taken(_tx: Tx, values: Partial<E>, exceptId?: string): Promise<(keyof E & string) | undefined> {
    const others = this.all().filter((row) => row.id !== exceptId);
    return (this.spec.unique ?? []).find((property) => values[property] != null && others.some((row) => lower(row[property]) === lower(values[property])));
  }

  async insert(_tx: Tx, values: NewRow<E>): Promise<E> {
    const now = new Date();
    const row = { ...values, id: randomUUID(), createdAt: now, updatedAt: now } as unknown as E;
    this.rows.set(row.id, row);
    return { ...row };
  }

  async update(_tx: Tx, id: string, changes: Partial<E>): Promise<void> {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, ...changes, updatedAt: new Date() });
  }

  async delete(_tx: Tx, id: string): Promise<void> {
    this.rows.delete(id);
  }

  async appendEvents(_tx: Tx, events: readonly OutboxEvent[]): Promise<void> {
    this.events.push(...events);
  }

  async transaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    this.transactions.push(options);
    const before = new Map([...this.rows].map(([id, row]) => [id, { ...row }]));
    const eventsBefore = this.events.length;
    try {
      return await work({} as Tx);
    } catch (error) {
      this.rows.clear();
      for (const [id, row] of before) this.rows.set(id, row);
      this.events.length = eventsBefore;
      throw error;
    }
  }
}

/** The AppError a handler call rejects with (unit tests of rules on the repository seam); fails if it resolves. */
export const appErrorOf = (promise: Promise<unknown>): Promise<AppError> => failureOf(AppError, promise);
