import { DEFAULT_PAGE_SIZE, type ExportChunk, type ExportCursor, type Page } from '@freight/contracts';
import type { DataSource, DeepPartial, EntityManager, EntityMetadata, EntityTarget, QueryDeepPartialEntity } from 'typeorm';
import { AppError } from '@freight/server';
import type { IdempotentRequest } from './idempotency.js';
import { poolRows } from './named-sql.js';
import { appendEvents, type OutboxEvent } from './outbox.js';
import { writeTransaction } from './write-transaction.js';

/**
 * Repositories (immich-style): a service reaches its database only through them, so its rules
 * get fast unit tests with a repository replaced by an in-memory one (InMemoryRepository), and
 * the SQL lives in one place per table, tested against Postgres.
 */

/** The sort keys a chunk's query selects beside the row (and takes off again): `next` is made of them. */
const SORT_KEY = '__sort_key_';

/** The sort keys selected under SORT_KEY names (`__sort_key_0`, …), in their order. */
const sortKeyColumns = (keys: readonly string[]) => keys.map((key, i) => `${key} AS "${SORT_KEY}${i}"`).join(', ');

/**
 * A list's search with at most this many matches reads them by the search's trigram indexes and
 * sorts them itself (on 100,000 rows, about twice the work of the count the exact total needs
 * anyway); with more, it walks the sort's index, where matches that dense soon fill a page
 * (EntityRepository.list).
 */
export const SORTED_MATCHES_MAX = 10_000;

/** Search answers are capped: the exact match first, then the closest substring matches. */
export const SEARCH_LIMIT = 50;

/** `text` as a LIKE pattern matching it anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The transaction a write runs in: services hand it from `transaction()` to each repository call, without looking inside. */
export type Tx = EntityManager;

/** `update`: the row is the caller's until the transaction ends; `share`: nobody may change or delete it meanwhile. */
export type RowLock = 'update' | 'share';

export interface FindOptions {
  /** Read inside this transaction (required with `lock`). */
  tx?: Tx;
  lock?: RowLock;
}

/** A list call's paging, sorting and search (contracts' listQuerySchema). */
export interface ListQuery<Sort extends string = string> {
  q?: string;
  sort?: Sort;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/** An export's search and sort: a list's, over every row. */
export type ExportQuery<Sort extends string = string> = Pick<ListQuery<Sort>, 'q' | 'sort' | 'order'>;

export interface TransactionOptions {
  /** A create that carried an Idempotency-Key: a repeat answers the first result, unwritten (idempotentTransaction). */
  idempotency?: IdempotentRequest;
  /**
   * The error for a unique value already taken, by the property whose unique index refused the
   * write: a race past the service's own check (`taken`) still answers the same clear 409.
   */
  taken?: (property: string) => Error;
}

/** A new row: what the service decides; the id and timestamps come from the database. */
export type NewRow<E> = Omit<Partial<E>, 'id' | 'createdAt' | 'updatedAt'>;

/** What the master-data handlers (MasterDataHandlers) need of a table: implemented over TypeORM and in memory. */
export interface MasterDataRepository<E extends { id: string }, Row = E> {
  list(query: ListQuery): Promise<Page<Row>>;
  /** Up to `limit` rows of the list after the row whose sort keys are `after`; `next` names the last row when more follow. */
  chunk(query: ExportQuery, after: ExportCursor | undefined, limit: number): Promise<ExportChunk<Row>>;
  /** Natural keys containing `text`, case-insensitively: the exact match first, then by key, at most SEARCH_LIMIT. */
  search(text: string): Promise<Row[]>;
  /** The row whose natural key is `key`, whatever its case. */
  findByKey(key: string, options?: FindOptions): Promise<Row | undefined>;
  /** The first unique property (in the declared order) whose value in `values` another row has, whatever its case. */
  taken(tx: Tx, values: Partial<E>, exceptId?: string): Promise<(keyof E & string) | undefined>;
  insert(tx: Tx, values: NewRow<E>): Promise<E>;
  update(tx: Tx, id: string, changes: Partial<E>): Promise<void>;
  delete(tx: Tx, id: string): Promise<void>;
  /** Appends events to the service's outbox in `tx`: published if, and only if, the change commits (ADR 21). */
  appendEvents(tx: Tx, events: readonly OutboxEvent[]): Promise<void>;
  /** Run `work` in one transaction (see TransactionOptions). */
  transaction<T>(work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

export interface RepositorySpec<E, Sort extends string> {
  /** The table's alias in every statement (`b` for branch). */
  alias: string;
  /** The natural key's property: compared as `lower(column)`, which a unique index must cover. */
  key: keyof E & string;
  /** What a read selects, named as the Row's fields. Default: every column of the entity, named as its property. */
  columns?: string;
  /** Joins a read adds after `<table> <alias>` (a user's branch, for its city). */
  joins?: string;
  /**
   * ORDER BY per sort field, the first the default: each list of keys matches an index exactly,
   * with the id last where the key is not unique, so ties always come back in one order. The
   * keys are never NULL (text columns hold '' instead): an export's keyset condition compares them.
   */
  sort: Record<Sort, readonly string[]>;
  /** Sort fields whose keys are on the joined tables: their id page reads the joins as well. */
  joinedSorts?: readonly NoInfer<Sort>[];
  /** Properties a list's `q` matches (case-insensitive substring; trigram indexes serve it). */
  search: readonly (keyof E & string)[];
  /** Unique properties, in the order a clash is reported, each with its unique index on `lower(column)`. */
  unique?: Partial<Record<keyof E & string, string>>;
}

interface Sql {
  /** `schema.table` */
  tablePath: string;
  /** `<schema.table> <alias>` */
  table: string;
  /** `<table> <alias>`, then the joins. */
  from: string;
  columns: string;
  column: (property: string) => string;
}

/**
 * One table over TypeORM, with the SQL every master-data list needs, each statement served by
 * an index: a list pages an id range of the sort's index and then joins those rows (a page deep
 * in a large table reads ids only); search is two arms, the exact key by its unique index and
 * substrings by the trigram or key index, exact first; a natural key is found case-insensitively
 * by its unique index, optionally locked. Writes go through TypeORM in the caller's transaction.
 */
export class EntityRepository<E extends { id: string }, Row = E, Sort extends string = string> implements MasterDataRepository<E, Row> {
  private cached?: Sql;

  constructor(
    protected readonly dataSource: DataSource,
    protected readonly entity: EntityTarget<E>,
    protected readonly spec: RepositorySpec<E, Sort>,
  ) {}

  /** A statement outside any transaction, on the data source's pool itself (poolRows). */
  protected read<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return poolRows<T>(this.dataSource, sql, params);
  }

  /** Table, columns and select list from the entity's metadata (known once the data source is initialised). */
  protected get sql(): Sql {
    if (this.cached) return this.cached;
    const meta: EntityMetadata = this.dataSource.getMetadata(this.entity);
    const a = this.spec.alias;
    const column = (property: string) => {
      const found = meta.findColumnWithPropertyName(property);
      if (!found) throw new Error(`${meta.name} has no column for the property ${property}`);
      return `${a}.${found.databaseName}`;
    };
    const columns = this.spec.columns ?? meta.columns.map((c) => `${a}.${c.databaseName} AS "${c.propertyName}"`).join(', ');
    const table = `${meta.tablePath} ${a}`;
    this.cached = { tablePath: meta.tablePath, table, from: this.spec.joins ? `${table} ${this.spec.joins}` : table, columns, column };
    return this.cached;
  }

  /**
   * Sorted, filtered by `q`, and paged in SQL. Without `page`, the whole filtered list; with it,
   * the ids of one page, then those rows with their joins, and the total as a plain count of the
   * filter. Without `q` the ids are an index range of the sort (an index-only scan past OFFSET).
   * With `q` the count comes first and picks the page's plan: at most SORTED_MATCHES_MAX matches
   * are read by the search's trigram indexes and sorted (however they lie in the sort's order);
   * more walk the sort's index, which finds a page of them early. Left to itself, Postgres walks
   * the sort's index for a term its statistics wrongly take for common, through most of the table
   * when the matches lie late in that order.
   */
  async list(query: ListQuery<Sort>): Promise<Page<Row>> {
    const { table, from, columns } = this.sql;
    const a = this.spec.alias;
    const { params, where, sort, keys, direction, orderBy } = this.filterAndSort(query);
    if (!query.page) {
      const rows = await this.read<Row>(`SELECT ${columns} FROM ${from}${where} ORDER BY ${orderBy}`, params);
      return { items: rows, total: rows.length };
    }
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const offset = (query.page - 1) * pageSize;
    const sortFrom = this.spec.joinedSorts?.includes(sort) ? from : table;
    const joins = this.spec.joins ? ` ${this.spec.joins}` : '';
    const rowsOf = (ids: string) =>
      this.read<Row>(
        `SELECT ${columns} FROM (${ids}) page JOIN ${table} ON ${a}.id = page.id${joins}
         ORDER BY ${orderBy}`,
        params,
      );
    const walk = `SELECT ${a}.id FROM ${sortFrom}${where}
      ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${offset}`;
    const counted = () => this.read<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}${where}`, params).then(([count]) => count!.total);
    if (!where) {
      const [items, total] = await Promise.all([rowsOf(walk), counted()]);
      return { items, total };
    }
    const total = await counted();
    if (offset >= total) return { items: [], total };
    if (total > SORTED_MATCHES_MAX) return { items: await rowsOf(walk), total };
    const sorted = keys.map((_, i) => `"${SORT_KEY}${i}" ${direction}`).join(', ');
    const matches = `WITH matches AS MATERIALIZED (SELECT ${a}.id, ${sortKeyColumns(keys)} FROM ${sortFrom}${where})
      SELECT id FROM matches ORDER BY ${sorted} LIMIT ${pageSize} OFFSET ${offset}`;
    return { items: await rowsOf(matches), total };
  }

  /**
   * A chunk of an export: the rows after the one whose sort keys are `after`, by a keyset
   * condition on the sort's keys (the same ORDER BY, hence the same index, as the list): each
   * chunk is a short walk of the index from where the last one stopped, however deep into the
   * table, where OFFSET would read every row before it. `next` carries the last row's keys.
   */
  async chunk(query: ExportQuery<Sort>, after: ExportCursor | undefined, limit: number): Promise<ExportChunk<Row>> {
    const { from, columns } = this.sql;
    const { params, where, keys, direction, orderBy } = this.filterAndSort(query);
    let condition = where;
    if (after) {
      if (after.length !== keys.length) throw new AppError('VALIDATION_FAILED', 'after does not fit the sort', { after: 'does not fit the sort' });
      const values = after.map((value) => `$${params.push(value)}`);
      condition += `${where ? ' AND' : ' WHERE'} (${keys.join(', ')}) ${direction === 'DESC' ? '<' : '>'} (${values.join(', ')})`;
    }
    const rows = await this.read<Record<string, unknown>>(
      `SELECT ${columns}, ${sortKeyColumns(keys)} FROM ${from}${condition} ORDER BY ${orderBy} LIMIT ${limit + 1}`,
      params,
    );
    const more = rows.length > limit;
    if (more) rows.pop();
    const next = more ? keys.map((_, i) => rows.at(-1)![`${SORT_KEY}${i}`] as string | number) : null;
    for (const row of rows) keys.forEach((_, i) => delete row[`${SORT_KEY}${i}`]);
    return { items: rows as Row[], next };
  }

  /** The WHERE of a list's `q` (its pattern is $1) and the ORDER BY of its sort. */
  private filterAndSort(query: ExportQuery<Sort>) {
    const { column } = this.sql;
    const params: unknown[] = [];
    let where = '';
    if (query.q) {
      params.push(containsPattern(query.q));
      where = ` WHERE (${this.spec.search.map((property) => `${column(property)} ILIKE $1`).join(' OR ')})`;
    }
    const sort = query.sort ?? (Object.keys(this.spec.sort)[0] as Sort);
    const keys = this.spec.sort[sort];
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const orderBy = keys.map((key) => `${key} ${direction}`).join(', ');
    return { params, where, sort, keys, direction, orderBy };
  }

  /**
   * Two arms so each can use an index: the exact match by the key's unique index, the rest by the
   * trigram index (few matches) or by walking the key's index until the cap (many matches).
   */
  async search(text: string): Promise<Row[]> {
    const { tablePath: table, columns, column } = this.sql;
    const a = this.spec.alias;
    const key = column(this.spec.key);
    const joins = this.spec.joins ? ` ${this.spec.joins}` : '';
    return this.read<Row>(
      `SELECT ${columns} FROM (
         (SELECT ${a}.*, 0 AS rank FROM ${table} ${a} WHERE lower(${key}) = lower($2))
         UNION ALL
         (SELECT ${a}.*, 1 FROM ${table} ${a} WHERE ${key} ILIKE $1 AND lower(${key}) <> lower($2)
          ORDER BY lower(${key}) LIMIT ${SEARCH_LIMIT})
       ) ${a}${joins}
       ORDER BY ${a}.rank, lower(${key}) LIMIT ${SEARCH_LIMIT}`,
      [containsPattern(text), text],
    );
  }

  async findByKey(key: string, { tx, lock }: FindOptions = {}): Promise<Row | undefined> {
    const { from, columns, column } = this.sql;
    const locking = lock ? ` FOR ${lock === 'update' ? 'UPDATE' : 'SHARE'} OF ${this.spec.alias}` : '';
    const sql = `SELECT ${columns} FROM ${from} WHERE lower(${column(this.spec.key)}) = lower($1)${locking}`;
    const [row] = tx ? await tx.query<Row[]>(sql, [key]) : await this.read<Row>(sql, [key]);
    return row;
  }

  async taken(tx: Tx, values: Partial<E>, exceptId?: string): Promise<(keyof E & string) | undefined> {
    const { table, column } = this.sql;
    const checked = (Object.keys(this.spec.unique ?? {}) as (keyof E & string)[]).filter(
      (property) => values[property] !== undefined && values[property] !== null,
    );
    if (checked.length === 0) return undefined;
    const params: unknown[] = checked.map((property) => values[property]);
    const clash = checked.map((property, i) => `lower(${column(property)}) = lower($${i + 1})`);
    let sql = `SELECT ${clash.map((test, i) => `${test} AS "${i}"`).join(', ')} FROM ${table} WHERE (${clash.join(' OR ')})`;
    if (exceptId !== undefined) {
      params.push(exceptId);
      sql += ` AND ${this.spec.alias}.id <> $${params.length}`;
    }
    const rows = await tx.query<Record<string, boolean>[]>(sql, params);
    return checked.find((_, i) => rows.some((row) => row[String(i)]));
  }

  async insert(tx: Tx, values: NewRow<E>): Promise<E> {
    const repository = tx.getRepository(this.entity);
    return repository.save(repository.create(values as DeepPartial<E>));
  }

  /** One UPDATE by id (the audit timestamp included); the caller knows the row it changes. */
  async update(tx: Tx, id: string, changes: Partial<E>): Promise<void> {
    await tx.getRepository(this.entity).update(id, changes as QueryDeepPartialEntity<E>);
  }

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.getRepository(this.entity).delete(id);
  }

  appendEvents(tx: Tx, events: readonly OutboxEvent[]): Promise<void> {
    return appendEvents(tx, events);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>, { idempotency, taken }: TransactionOptions = {}): Promise<T> {
    const violations = Object.fromEntries(
      Object.entries(this.spec.unique ?? {}).flatMap(([property, index]) => (taken ? [[index as string, () => taken(property)]] : [])),
    );
    return writeTransaction(this.dataSource, violations, work, idempotency);
  }
}
