import { Module, type Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { MasterDataFacts, ResourceDef, ResourceHandlers } from '@freight/contracts';
import { AppError, resourceController } from '@freight/server';
import { Column, Entity, PrimaryGeneratedColumn, type DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { AUDIT_COLUMNS_SQL, AuditedEntity } from './audited.entity.js';
import { migration } from './database.js';
import { EntityRepository } from './entity-repository.js';
import { MasterDataHandlers } from './master-data.handlers.js';

/*
 * A master-data entity with no rules of its own needs nothing but its definition (contracts
 * `defineMasterData`) and its migration: the table's entity, repository, handlers and NATS
 * controller follow from the definition here, one column per field, named as the field in
 * snake case (`OriginPortName` → origin_port_name), the table as the singular (shipment_type).
 */

/** A definition made with defineMasterData, as the service sees it. */
export type MasterDataResource = ResourceDef & { subjects: Record<string, string>; messages: Record<string, unknown>; masterData: MasterDataFacts };

/** A row: its id, the audit columns, and one text per field of the definition. */
export type MasterDataRow = AuditedEntity & { id: string } & Record<string, string>;

/** 'OriginPortName' → 'origin_port_name'; 'shipmentType' → 'shipment_type' (the generator's names.mjs columnOf). */
export const columnOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The TypeORM entity of the definition's table in `schema`, declared as the decorators would. */
export function masterDataEntity(resource: MasterDataResource, schema: string): Type<MasterDataRow> {
  class Row extends AuditedEntity {}
  Object.defineProperty(Row, 'name', { value: `${cap(resource.name)}Entity` });
  PrimaryGeneratedColumn('uuid')(Row.prototype, 'id');
  for (const field of resource.masterData.fields) Column('text', { name: columnOf(field) })(Row.prototype, field);
  Entity({ name: columnOf(resource.name), schema })(Row);
  return Row as Type<MasterDataRow>;
}

/** The name of the unique index on the key (its violation is the 409 of a race past the check). */
export const uniqueKeyIndex = (resource: Pick<ResourceDef, 'name' | 'naturalKey'>) => `ux_${columnOf(resource.name)}_${columnOf(resource.naturalKey)}`;

/** The table: sorts by `lower(column)` then id (the migration's indexes), search by the definition's fields. */
export class MasterDataTable extends EntityRepository<MasterDataRow, MasterDataRow, string> {
  constructor(dataSource: DataSource, entity: Type<MasterDataRow>, resource: MasterDataResource) {
    const key = resource.naturalKey;
    const sort = Object.fromEntries(resource.sortFields.map((field) => [field, [`lower(t.${columnOf(field)})`, ...(field === key ? [] : ['t.id'])]]));
    super(dataSource, entity, { alias: 't', key, sort, search: resource.searchFields, unique: { [key]: uniqueKeyIndex(resource) } });
  }

  /** Every key, sorted (the `unique` call), by the key's unique index. */
  async names(): Promise<string[]> {
    const key = `t.${columnOf(this.spec.key)}`;
    const rows = await this.read<{ name: string }>(`SELECT ${key} AS name FROM ${this.sql.tablePath} t ORDER BY lower(${key})`);
    return rows.map((row) => row.name);
  }
}

/**
 * The standard handlers on the definition's fields: records carry every field, an update takes
 * each field under its name in the body (`newOriginPortName` for OriginPortName), a key taken
 * is a 409 "<Thing> '<key>' already exists". Extend it for an entity's rules (the before* hooks).
 */
export class DefinedMasterDataHandlers extends MasterDataHandlers<MasterDataResource, MasterDataRow, Record<string, string>> {
  constructor(
    resource: MasterDataResource,
    protected readonly table: MasterDataTable,
  ) {
    super(resource, table);
  }

  async unique(): Promise<string[]> {
    return this.table.names();
  }

  protected toRecord(row: MasterDataRow): Record<string, string> {
    return { _id: row.id, ...this.pick(row, (field) => field) };
  }

  protected newRow(body: unknown) {
    return this.pick(body as Record<string, string>, (field) => field) as Partial<MasterDataRow>;
  }

  protected changes(body: unknown): Partial<MasterDataRow> {
    const { renames } = this.resource.masterData;
    const changes = this.pick(body as Record<string, string>, (field) => renames[field] ?? field);
    return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<MasterDataRow>;
  }

  protected taken(property: string, values: Partial<MasterDataRow>): AppError {
    const message = `${cap(this.resource.texts.singular)} '${values[property]}' already exists`;
    return new AppError('CONFLICT', message, { [property]: message });
  }

  /** Each field of the definition, read from `source` under the name `nameOf` gives it. */
  private pick(source: Record<string, string>, nameOf: (field: string) => string): Record<string, string> {
    return Object.fromEntries(this.resource.masterData.fields.map((field) => [field, source[nameOf(field)]!]));
  }
}

/**
 * The Nest module of a master-data entity (its NATS handlers, validated by the definition's
 * message schemas) and its TypeORM entity for the service's data source. `handlers`: a subclass
 * of DefinedMasterDataHandlers with the entity's rules, if it has any.
 */
export function masterDataModule(
  resource: MasterDataResource,
  schema: string,
  handlers: new (resource: MasterDataResource, table: MasterDataTable) => DefinedMasterDataHandlers = DefinedMasterDataHandlers,
): { module: Type<unknown>; entity: Type<MasterDataRow> } {
  const entity = masterDataEntity(resource, schema);
  const provider = {
    provide: handlers,
    useFactory: (dataSource: DataSource) => new handlers(resource, new MasterDataTable(dataSource, entity, resource)),
    inject: [getDataSourceToken()],
  };
  class ResourceModule {}
  Object.defineProperty(ResourceModule, 'name', { value: `${cap(resource.name)}Module` });
  const controller = resourceController(resource as never, handlers as Type<ResourceHandlers<never>>);
  Module({ controllers: [controller], providers: [provider] })(ResourceModule);
  return { module: ResourceModule, entity };
}

/** A master-data table as its migration creates it: column names, fixed in the migration file. */
export interface MasterDataTableSql {
  /** `directory.forwarder` */
  table: string;
  /** The natural key's column: unique whatever its case. */
  key: string;
  /** The other columns: required ones, then optional ones (stored as '' when left out). */
  required?: readonly string[];
  optional?: readonly string[];
  /** Columns a list sorts by besides the key: a b-tree each on (lower(column), id). */
  sorts?: readonly string[];
  /** Columns a list's search looks in: a trigram index each. */
  search: readonly string[];
}

/** Creates the table with the audit columns, the key's unique index, a b-tree per sort and a trigram index per search column. */
export async function createMasterDataTable(
  q: QueryRunner,
  { table, key, required = [], optional = [], sorts = [], search }: MasterDataTableSql,
): Promise<void> {
  const name = table.split('.').at(-1)!;
  const columns = [...[key, ...required].map((c) => `${c} text NOT NULL`), ...optional.map((c) => `${c} text NOT NULL DEFAULT ''`)];
  await q.query(`CREATE TABLE ${table} (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${columns.join(', ')}, ${AUDIT_COLUMNS_SQL})`);
  await q.query(`CREATE UNIQUE INDEX ux_${name}_${key} ON ${table} (lower(${key})) INCLUDE (${key}, id)`);
  for (const c of sorts) await q.query(`CREATE INDEX ix_${name}_${c} ON ${table} (lower(${c}), id) INCLUDE (${c})`);
  for (const c of search) await q.query(`CREATE INDEX ix_${name}_${c}_trgm ON ${table} USING gin (${c} extensions.gin_trgm_ops)`);
}

/**
 * The migration of a master-data table (what `npm run new:resource` writes): `name` is the
 * class name TypeORM records (`Forwarder1795515318350`); up creates the table
 * (createMasterDataTable), down drops it.
 */
export function masterDataMigration(name: string, sql: MasterDataTableSql): new () => MigrationInterface {
  return migration(
    name,
    (q) => createMasterDataTable(q, sql),
    async (q) => void (await q.query(`DROP TABLE ${sql.table}`)),
  );
}
