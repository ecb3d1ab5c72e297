import { z } from 'zod/mini';
import type { $ZodShape } from 'zod/v4/core';
import { messageReplySchema, namesReplySchema } from './common.js';
import { listQuerySchema, type ListColumnDef } from './list.js';
import { AREAS, type Area } from './permissions.js';
import { keyParam } from './params.js';
import { defineResource, type OperationDef, type Resource, type ResourceTexts } from './resource.js';
import { SERVICES, type ServiceName } from './services.js';

/**
 * What a master-data entity says of itself; `defineMasterData` adds its operations. Most of it
 * has a default derived from the rest, so a plain entity names itself, its label and its schemas.
 */
export interface MasterDataDef<
  Service extends ServiceName,
  Name extends string,
  Plural extends string,
  Key extends string,
  KeyField extends string,
  Sort extends readonly [KeyField, ...string[]],
  Rec extends z.ZodMiniObject,
  Create extends z.ZodMiniObject,
  Update extends z.ZodMiniObject,
  One extends string,
  Many extends string,
  Extra extends Record<string, OperationDef>,
> {
  /** Default: the registry's only service (required once there are several). */
  service?: Service;
  /** Singular, in subjects: `directory.forwarder.add`. */
  name: Name;
  /** The plural in code: default `<name>s`. */
  plural?: Plural;
  /** In route names and URLs: `/api/forwarders/...`; default: the plural. */
  key?: Key;
  /** Default: the plural. */
  area?: Area;
  /** The field that names a record, in URLs and bodies (ADR 16): unique whatever its case. Default: the one `masterDataSchemas` was given. */
  naturalKey?: KeyField;
  /** The key as messages name it: 'Forwarder name' ("Forwarder name is required"); default: the key's name in words ('YardName' → 'Yard name'). */
  keyLabel?: string;
  /** Fields a list may be sorted by; the key first (the default). Default: the key alone. */
  sortFields?: Sort;
  /** Default: the key alone. */
  searchFields?: readonly (keyof z.output<Rec> & string)[];
  /** Default: `masterDataTexts` of the name and the plural in words. */
  texts?: ResourceTexts;
  /**
   * The record as replies carry it, the add body, the update body (the key is in the URL), and
   * the update body's names of the fields it renames (`{OriginPortName: 'newOriginPortName'}`);
   * `masterDataSchemas` derives all four from the fields (and names the natural key).
   */
  schemas: { record: Rec; create: Create; update: Update; renames?: Readonly<Record<string, string>>; naturalKey?: KeyField };
  /** The JSON names of the record in add and update replies and of the list in search replies: `{forwarder}`, `{forwarders}`; default: the name and the plural. */
  replyKeys?: { one: One; many: Many };
  /** The list's columns (screen and CSV export); default: every field of the record but `_id`, headed by its name in words. */
  columns?: readonly ListColumnDef<z.output<Rec>>[];
  /** Operations of the entity's own, or a standard one replaced (by its name). */
  operations?: Extra;
  /** The screens have a view page (requirements 01 §2: forwarders, consignees, shippers). */
  view?: boolean;
}

/** What the generic handlers, tests and screens read of a master-data definition beyond ResourceDef. */
export interface MasterDataFacts {
  /** The add body's fields, in order: the record's fields besides `_id`. */
  fields: readonly string[];
  renames: Readonly<Record<string, string>>;
  replyKeys: { one: string; many: string };
  keyLabel: string;
  view: boolean;
}

/**
 * A master-data resource (requirements 01 §7): the definition with the standard operations of such an
 * entity, each at `/api/<key>/<operation>`: `all` (paged, sorted and searched), `unique` (every
 * key), `search/{key}` (exact match first), `get/{key}`, `add` (idempotent), `update/{key}` and
 * `delete/{key}`, with the permission actions read, write and delete. `npm run new:resource`
 * writes one per entity; anything else is an entry of `operations`.
 */
export function defineMasterData<
  const Name extends string,
  const KeyField extends string,
  Rec extends z.ZodMiniObject,
  Create extends z.ZodMiniObject,
  Update extends z.ZodMiniObject,
  const Service extends ServiceName = ServiceName,
  const Plural extends string = `${Name}s`,
  const Key extends string = Plural,
  const Sort extends readonly [KeyField, ...string[]] = readonly [KeyField],
  const One extends string = Name,
  const Many extends string = Plural,
  const Extra extends Record<string, OperationDef> = Record<never, OperationDef>,
>(def: MasterDataDef<Service, Name, Plural, Key, KeyField, Sort, Rec, Create, Update, One, Many, Extra>) {
  const { schemas, operations: extra, view = false, columns } = def;
  const naturalKey = def.naturalKey ?? schemas.naturalKey;
  if (naturalKey === undefined) throw new Error(`${def.name}: no naturalKey, and its schemas name none (masterDataSchemas does)`);
  const plural = def.plural ?? `${def.name}s`;
  const key = def.key ?? plural;
  const keyLabel = def.keyLabel ?? cap(words(naturalKey));
  const replyKeys = def.replyKeys ?? { one: def.name, many: plural };
  const texts = def.texts ?? masterDataTexts(words(def.name), words(plural));
  const resource = {
    service: (def.service ?? soleService(def.name)) as Service,
    name: def.name,
    key: key as Key,
    area: def.area ?? areaOf(def.name, plural),
    sortFields: def.sortFields ?? [naturalKey],
    searchFields: def.searchFields ?? [naturalKey],
    ...(columns && { columns }),
  };
  const params = keyParam(naturalKey, keyLabel);
  const written = z.object({ success: z.literal(true), message: z.string(), [replyKeys.one]: schemas.record }) as z.ZodMiniObject<
    { success: z.ZodMiniLiteral<true>; message: z.ZodMiniString<string> } & { [P in One]: Rec }
  >;
  const found = z.object({ success: z.literal(true), [replyKeys.many]: z.array(schemas.record) }) as z.ZodMiniObject<
    { success: z.ZodMiniLiteral<true> } & { [P in Many]: z.ZodMiniArray<Rec> }
  >;
  const path = (operation: string) => `/api/${key}/${operation}`;
  const keyed = (operation: string) => path(`${operation}/{${naturalKey}}`);
  const what = keyLabel.toLowerCase();
  const standard = {
    all: {
      method: 'GET',
      path: path('all'),
      summary: `List ${texts.plural}`,
      action: 'read',
      query: listQuerySchema(resource.sortFields),
      reply: z.array(schemas.record),
      paged: true,
    },
    unique: { method: 'GET', path: path('unique'), summary: `Every ${what}, sorted`, action: 'read', reply: namesReplySchema },
    search: {
      method: 'GET',
      path: keyed('search'),
      summary: `${cap(texts.plural)} whose ${what} contains the text (case-insensitive), exact match first`,
      action: 'read',
      params,
      reply: found,
    },
    get: {
      method: 'GET',
      path: keyed('get'),
      summary: `One ${texts.singular} by its ${what} (case-insensitive)`,
      action: 'read',
      params,
      reply: schemas.record,
    },
    add: { method: 'POST', path: path('add'), summary: `Add a ${texts.singular}`, action: 'write', body: schemas.create, reply: written, idempotent: true },
    update: { method: 'PUT', path: keyed('update'), summary: `Edit a ${texts.singular}`, action: 'write', params, body: schemas.update, reply: written },
    delete: { method: 'DELETE', path: keyed('delete'), summary: `Delete a ${texts.singular}`, action: 'delete', params, reply: messageReplySchema },
  } as const;
  type Operations = Omit<typeof standard, keyof Extra> & Extra;
  // A spread of two generic objects is typed as their intersection, not as `extra` replacing `standard`'s keys (Operations).
  const operations = { ...standard, ...extra } as unknown as Operations;
  const masterData: MasterDataFacts = { fields: Object.keys(schemas.create.shape), renames: schemas.renames ?? {}, replyKeys, keyLabel, view };
  return Object.assign(defineResource({ ...resource, naturalKey, texts, operations }), { masterData, schemas }) as Resource<{
    service: Service;
    name: Name;
    key: Key;
    area: Area;
    naturalKey: KeyField;
    sortFields: Sort;
    searchFields: readonly string[];
    texts: ResourceTexts;
    operations: Operations;
  }> & { masterData: MasterDataFacts; schemas: { record: Rec; create: Create; update: Update } };
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** 'shipmentType' → 'shipment type' (as the generator's names.mjs splits names). */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function areaOf(name: string, plural: string): Area {
  if (!(AREAS as string[]).includes(plural)) throw new Error(`${name}: no permission area "${plural}" (permissions.ts); give its area`);
  return plural as Area;
}

function soleService(name: string): ServiceName {
  if (SERVICES.length !== 1) throw new Error(`${name}: give its service (${SERVICES.join(', ')} are registered)`);
  return SERVICES[0];
}

type RenamedShape<K extends string, F extends $ZodShape, R extends Partial<Record<keyof F & string, string>>> = {
  [P in keyof F & string as P extends keyof R ? R[P] & string : P extends K ? never : P]: P extends K ? z.ZodMiniOptional<F[P]> : F[P];
};
type RecordShape<F extends $ZodShape> = { _id: z.ZodMiniString<string> } & { [P in keyof F]: z.ZodMiniString<string> };

/**
 * A master-data entity's schemas from its fields (the add body's shape, the natural key among
 * them): the record (`_id` and every field as text), the add body, and the update body. The
 * key is in the update's URL, so the body leaves it out, unless `renames` gives it a new name
 * (`{Forwarder: 'newForwarderName'}`, optional: left out, the key stays); every other field
 * renamed there (`{OriginPortLocation: 'newOriginPortLocation'}`) keeps its rules under its new name.
 */
export function masterDataSchemas<
  const K extends string,
  F extends $ZodShape & { [P in K]: z.ZodMiniType },
  const R extends Partial<Record<keyof F & string, string>> = Record<never, string>,
>(naturalKey: K, fields: F, renames?: R) {
  const names = (renames ?? {}) as Record<string, string>;
  const update: Record<string, z.ZodMiniType> = {};
  for (const [field, schema] of Object.entries(fields)) {
    if (field === naturalKey && names[field] === undefined) continue;
    update[names[field] ?? field] = field === naturalKey ? z.optional(schema as z.ZodMiniType) : (schema as z.ZodMiniType);
  }
  const record = Object.fromEntries([['_id', z.string()], ...Object.keys(fields).map((field) => [field, z.string()])]);
  return {
    record: z.object(record) as z.ZodMiniObject<RecordShape<F>>,
    create: z.object(fields),
    update: z.object(update) as z.ZodMiniObject<RenamedShape<K, F, R>>,
    renames: names as Readonly<Record<string, string>>,
    naturalKey,
  };
}

/** The catalogue's texts of a master-data entity (requirements 01 §8): 'Shipment type added successfully!', … */
export function masterDataTexts(singular: string, plural: string): ResourceTexts {
  const thing = cap(singular);
  return {
    singular,
    plural,
    added: `${thing} added successfully!`,
    updated: `${thing} updated successfully`,
    deleted: `${thing} deleted successfully`,
    notFound: `Not Found: The specified ${singular} does not exist.`,
  };
}
