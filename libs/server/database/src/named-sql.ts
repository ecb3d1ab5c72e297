import type { Pool, QueryResultRow } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * What a repository runs its SQL on: the DataSource, or the EntityManager of the caller's
 * transaction. Every repository function takes it as its first argument, so the caller decides
 * what runs in one transaction and the repository never opens one.
 */
export type Db = Pick<EntityManager, 'query'>;

/** A statement's parameters by name (an object type; an interface will do). */
export type SqlParams = object;

/**
 * A statement written with named parameters (`:jobNo`), compiled once to the positional ones
 * Postgres takes (`$1`); a name used twice is one parameter. `example` gives every parameter a
 * value: it types the call's parameters and renders the committed SQL (renderQueries).
 */
export interface Query<P extends SqlParams = SqlParams> {
  /** The statement as written. */
  readonly source: string;
  /** The statement as Postgres receives it. */
  readonly text: string;
  /** The parameters' names, `$1` first. */
  readonly names: readonly string[];
  readonly example: P;
}

/**
 * `:name` outside string literals, quoted identifiers and comments, and not a `::type` cast.
 * The alternatives before the parameter are skipped whole, so `'HH24:MI'` is no parameter.
 */
const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|::|:([A-Za-z_][A-Za-z0-9_]*)/g;

function compile(source: string): { text: string; names: readonly string[] } {
  const names: string[] = [];
  const text = source.replace(TOKENS, (token, name: string | undefined) => {
    if (name === undefined) return token;
    const at = names.indexOf(name);
    return `$${at >= 0 ? at + 1 : names.push(name)}`;
  });
  return { text, names };
}

/** A statement with named parameters and the example values of each (see Query). */
export function query<P extends SqlParams>(source: string, example: P): Query<P> {
  const { text, names } = compile(source);
  const missing = names.filter((name) => !(name in example));
  if (missing.length > 0) throw new Error(`The example of a query lacks ${missing.map((name) => `:${name}`).join(', ')}: ${source.slice(0, 80)}`);
  return { source, text, names, example };
}

/**
 * Statements a builder makes per call (a list's search, sort and page), compiled once per shape:
 * `shape` says in a few words what decides the statement (its WHERE, ORDER BY and LIMIT), `source`
 * writes it. Compiling a long statement costs far more than finding it by a short key.
 */
export class QueryCache {
  private readonly known = new Map<string, { source: string; text: string; names: readonly string[] }>();

  constructor(private readonly max = 5000) {}

  get<P extends SqlParams>(shape: string, source: () => string, params: P): Query<P> {
    let statement = this.known.get(shape);
    if (!statement) {
      statement = query(source(), params);
      if (this.known.size >= this.max) this.known.clear();
      this.known.set(shape, statement);
    }
    return { ...statement, example: params };
  }
}

/** The positional values of a call, in the statement's order; a parameter left out is an error, not a silent NULL. */
export function values<P extends SqlParams>(statement: Query<P>, params: P): unknown[] {
  return statement.names.map((name) => {
    if (!(name in params)) throw new Error(`Parameter :${name} missing (${statement.source.slice(0, 80)})`);
    return (params as Record<string, unknown>)[name];
  });
}

/**
 * Runs SQL as Postgres receives it (`$1` parameters) and answers its rows. Outside a transaction
 * (`db` the DataSource) on the data source's pool itself: TypeORM's query runner, made, connected
 * and released around each statement, adds nothing a lone statement needs but CPU. Errors are the
 * driver's own there, as inside TypeORM's QueryFailedError (errors.ts reads either). TypeORM
 * answers an UPDATE or DELETE as `[rows, count]` and anything else as the rows; both come back as
 * the rows here.
 */
export async function sqlRows<R>(db: Db, text: string, params: unknown[]): Promise<R[]> {
  if (db instanceof DataSource) return poolRows<R>(db, text, params);
  const result: unknown = await db.query(text, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as R[];
  return result as R[];
}

/** A lone statement on the data source's pool itself, outside any transaction (sqlRows). */
export async function poolRows<R>(db: Pick<DataSource, 'driver'>, text: string, params: unknown[]): Promise<R[]> {
  // Every data source here is Postgres (serviceDataSourceOptions); TypeORM types the driver's pool `any`.
  const pool: Pool = (db.driver as PostgresDriver).master;
  return (await pool.query<R & QueryResultRow>(text, params)).rows;
}

/** Runs a statement and answers its rows (sqlRows). */
export function rows<R>(db: Db, statement: Query, params: SqlParams = {}): Promise<R[]> {
  return sqlRows<R>(db, statement.text, values(statement, params));
}

/** The first row of a statement, or undefined. */
export async function firstRow<R>(db: Db, statement: Query, params: SqlParams = {}): Promise<R | undefined> {
  return (await rows<R>(db, statement, params))[0];
}

/**
 * A data-access module's queries by name, and the file they are committed to, beside the module
 * (`jobs/queries/job.repository.sql`, relative to the service's `src`). Dynamic statements (a list's
 * search, sort and paging) are declared once per shape worth reviewing.
 */
export interface QueryFile {
  file: string;
  queries: Record<string, Query>;
}

const HEADER = '-- query: ';

/** A query as the committed file shows it: its name, each parameter with its example, the SQL Postgres receives. */
function renderQuery(name: string, statement: Query): string {
  const example = statement.example as Record<string, unknown>;
  const params = statement.names.map((param, i) => `-- $${i + 1} :${param} = ${JSON.stringify(example[param]) ?? 'undefined'}`);
  const text = statement.text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  return [`${HEADER}${name}`, ...params, `${text};`].join('\n');
}

/** The committed file's text: every query of the module, in the order declared. */
export function renderQueries(file: QueryFile): string {
  const parts = Object.entries(file.queries).map(([name, statement]) => renderQuery(name, statement));
  return `-- Generated by \`npm run sql:generate\` from the queries its module declares; do not edit.\n\n${parts.join('\n\n')}\n`;
}

function sections(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of text.split(/\n(?=-- query: )/)) {
    if (!part.startsWith(HEADER)) continue;
    found.set(part.slice(HEADER.length, part.indexOf('\n')), part.trim());
  }
  return found;
}

/**
 * How the committed file differs from what the module declares now, one line per query
 * (empty: they agree). A query changed in the code and not in its file is named here.
 */
export function queryFileDifferences(file: QueryFile, committed: string | null): string[] {
  if (committed === null) return [`${file.file} is not committed`];
  const declared = sections(renderQueries(file));
  const written = sections(committed);
  const differences: string[] = [];
  for (const [name, text] of declared) {
    if (!written.has(name)) differences.push(`${name}: new, not in ${file.file}`);
    else if (written.get(name) !== text) differences.push(`${name}: its SQL differs from ${file.file}`);
  }
  for (const name of written.keys()) if (!declared.has(name)) differences.push(`${name}: in ${file.file}, no longer declared`);
  if (differences.length === 0 && committed !== renderQueries(file)) differences.push(`${file.file}: the order or header differs`);
  return differences;
}
