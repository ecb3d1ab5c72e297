import { z } from 'zod';
import { messageReplySchema, namesReplySchema } from './common.js';
import { listQuerySchema, type ListColumnDef } from './list.js';
import type { Area } from './permissions.js';
import { defineResource, keyParam, type OperationDef, type Resource, type ResourceTexts } from './resource.js';
import type { ServiceName } from './services.js';

/** What a master-data entity says of itself; `defineMasterData` adds its operations. */
export interface MasterDataDef<
  Service extends ServiceName,
  Name extends string,
  Key extends string,
  KeyField extends string,
  Sort extends readonly [KeyField, ...string[]],
  Rec extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
  One extends string,
  Many extends string,
  Extra extends Record<string, OperationDef>,
> {
  service: Service;
  /** Singular, in subjects: `directory.forwarder.add`. */
  name: Name;
  /** In route names and URLs: `/api/forwarders/...`. */
  key: Key;
  area: Area;
  /** The field that names a record, in URLs and bodies (ADR 16): unique whatever its case. */
  naturalKey: KeyField;
  /** The key as messages name it: 'Forwarder name' ("Forwarder name is required"). */
  keyLabel: string;
  /** Fields a list may be sorted by; the key first (the default). */
  sortFields: Sort;
  searchFields: readonly (keyof z.output<Rec> & string)[];
  texts: ResourceTexts;
  /** The record as replies carry it, the add body, the update body (the key is in the URL). */
  schemas: { record: Rec; create: Create; update: Update };
  /** The JSON names of the record in add and update replies and of the list in search replies: `{forwarder}`, `{forwarders}`. */
  replyKeys: { one: One; many: Many };
  /** The list's columns (screen and CSV export); default: every field of the record but `_id`, headed by its name in words. */
  columns?: readonly ListColumnDef<z.output<Rec>>[];
  /** Operations of the entity's own, or a standard one replaced (by its name). */
  operations?: Extra;
}

/**
 * A master-data resource (spec 01 §7): the definition with the standard operations of such an
 * entity, each at `/api/<key>/<operation>`: `all` (paged, sorted and searched), `unique` (every
 * key), `search/{key}` (exact match first), `get/{key}`, `add` (idempotent), `update/{key}` and
 * `delete/{key}`, with the permission actions read, write and delete. `npm run new:resource`
 * writes one per entity; anything else is an entry of `operations`.
 */
export function defineMasterData<
  const Service extends ServiceName,
  const Name extends string,
  const Key extends string,
  const KeyField extends string,
  const Sort extends readonly [KeyField, ...string[]],
  Rec extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
  const One extends string,
  const Many extends string,
  const Extra extends Record<string, OperationDef> = Record<never, OperationDef>,
>(def: MasterDataDef<Service, Name, Key, KeyField, Sort, Rec, Create, Update, One, Many, Extra>) {
  const { schemas, replyKeys, texts, naturalKey, keyLabel, operations: extra, ...resource } = def;
  const params = keyParam(naturalKey, keyLabel);
  const written = z.object({ success: z.literal(true), message: z.string(), [replyKeys.one]: schemas.record }) as z.ZodObject<
    { success: z.ZodLiteral<true>; message: z.ZodString } & { [P in One]: Rec }
  >;
  const found = z.object({ success: z.literal(true), [replyKeys.many]: z.array(schemas.record) }) as z.ZodObject<{ success: z.ZodLiteral<true> } & { [P in Many]: z.ZodArray<Rec> }>;
  const path = (operation: string) => `/api/${def.key}/${operation}`;
  const keyed = (operation: string) => path(`${operation}/{${naturalKey}}`);
  const what = keyLabel.toLowerCase();
  const standard = {
    all: { method: 'GET', path: path('all'), summary: `List ${texts.plural}`, action: 'read', query: listQuerySchema(def.sortFields), reply: z.array(schemas.record), paged: true },
    unique: { method: 'GET', path: path('unique'), summary: `Every ${what}, sorted`, action: 'read', reply: namesReplySchema },
    search: { method: 'GET', path: keyed('search'), summary: `${cap(texts.plural)} whose ${what} contains the text (case-insensitive), exact match first`, action: 'read', params, reply: found },
    get: { method: 'GET', path: keyed('get'), summary: `One ${texts.singular} by its ${what} (case-insensitive)`, action: 'read', params, reply: schemas.record },
    add: { method: 'POST', path: path('add'), summary: `Add a ${texts.singular}`, action: 'write', body: schemas.create, reply: written, idempotent: true },
    update: { method: 'PUT', path: keyed('update'), summary: `Edit a ${texts.singular}`, action: 'write', params, body: schemas.update, reply: written },
    delete: { method: 'DELETE', path: keyed('delete'), summary: `Delete a ${texts.singular}`, action: 'delete', params, reply: messageReplySchema },
  } as const;
  type Operations = Omit<typeof standard, keyof Extra> & Extra;
  const operations = { ...standard, ...extra } as unknown as Operations;
  return defineResource({ ...resource, naturalKey, texts, operations }) as Resource<{
    service: Service;
    name: Name;
    key: Key;
    area: Area;
    naturalKey: KeyField;
    sortFields: Sort;
    searchFields: readonly string[];
    texts: ResourceTexts;
    operations: Operations;
  }>;
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
