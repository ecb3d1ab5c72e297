import { z } from 'zod/mini';
import { clientReaders, type Action, type Area } from './permissions.js';
import { CLIENT_ROLES, STAFF_ROLES, type Actor, type ClientActor, type ClientRole } from './roles.js';
import { idempotencyKeySchema } from './idempotency.js';
import { EXPORT_CHUNK_MAX, columnLabel, exportCursorSchema, type ExportChunk, type ExportCursor, type ListColumnDef, type Page } from './list.js';
import type { ServiceName } from './services.js';

/**
 * One definition per entity (ADR 15): every operation is declared once, here, and the REST
 * route rows, the NATS subjects and message schemas, the OpenAPI document, the gateway's
 * forwarder and the typed web client are all derived from it.
 *
 * The wire rule that keeps data on the short way: the NATS message of an operation is the
 * validated REST input itself, `{actor, idempotencyKey?, params?, query?, body?}`, with the
 * same field names and the same schemas at both ends of the hop; the service answers the REST
 * reply itself (a paged list answers `{items, total}`; the gateway sends `items` and puts
 * `total` in X-Total-Count). Nothing is renamed or re-worded in between.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A rule across parts that a call breaks (an operation's `refine`). */
export interface CrossPartProblem {
  /** The body field it is about: its key in a VALIDATION_FAILED error's `details`. */
  field: string;
  /** The text beside that field, in `details`. */
  message: string;
  /** The error's `message` when this is the first problem, where `message` alone does not say which field ("username must match updateterm"). Default: `message`. */
  sentence?: string;
}

/** The validated parts of a call; `params`, `query` and `body` only where the operation declares them. */
export interface OperationInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** One call of a resource: its REST route and, under the same name, its NATS request. */
export interface OperationDef {
  /**
   * The operation's name on the wire, where it is not its key (docs/adr/0056): the spec's spelling
   * (`allbooklist` of the key `listBookings`), the last segment of its NATS subject and of its
   * OpenAPI operationId, which the last release and the API's readers know. Default: the key.
   */
  wire?: string;
  method: Method;
  /** The path under /api, OpenAPI style: `/api/branches/update/{BranchCity}`. */
  path: string;
  summary: string;
  /** What the caller's role must be allowed in the resource's area (permissions.ts). */
  action: Action;
  /** The permission area of this call when it is not the resource's (shipment deletion of a job). */
  area?: Area;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /**
   * The body's fields the spec names its own way, each with the name the service's handler reads
   * it by (`{Vesselname: 'vesselName'}`, ADR 56): the wire, the gateway and the message keep the
   * spec's; the service renames them after checking the message.
   */
  names?: Readonly<Record<string, string>>;
  /** The REST reply; with `paged`, an array (the service answers `{items, total}`). */
  reply: z.ZodMiniType;
  /** Success status; 201 for creates, else 200. */
  status?: 200 | 201;
  /** A list: the body is the array and, when `page` is given, X-Total-Count the total. */
  paged?: boolean;
  /** A create that accepts an Idempotency-Key (ADR 12). */
  idempotent?: boolean;
  /** Rules across parts (say, a body field that must match a query field): checked by the gateway and by the service. */
  refine?: (input: any) => CrossPartProblem[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- typed by the definition that declares it
  /**
   * A CSV export of a list (`reply` its rows): the gateway asks the service for chunks (the message
   * adds `after` and `limit`; the service answers ExportChunk) and streams them as these columns.
   */
  csv?: { columns: readonly ListColumnDef[] };
  /** Anyone may call it, without a token (requirements decisions §4 "Public"): no permission, and the message has no actor. */
  public?: boolean;
  /**
   * A client of this kind may call it too, for their own data only: the path parameter `param`
   * must be their username, or with `by: 'id'` their id (any case), else 403. Staff call it with the area's `action`.
   */
  owner?: RouteOwner;
  /**
   * `'client'`: only a client token calls it (a consignee or a shipper; a staff token is 403, none
   * 401), with no permission of the matrix; the message's actor is the client, and the service
   * answers what of theirs they may see (issue 11: a client's own booking).
   */
  access?: 'client';
  /** A paged list answered inside an object, as the spec's call has it (`{data: [...]}`): the rows go under this key. */
  listKey?: string;
  /**
   * The path parameter that must be the staff caller's own user id (`allworklist/{user_id}`,
   * requirements decisions §3): another id is 403, whatever the role.
   */
  self?: string;
  /** Clients of these kinds may call it too, for any record (set by defineResource on the reads of an area clients read, permissions.ts `clientReaders`). */
  clients?: readonly ClientRole[];
  /** The message carries the caller's address as `ip` (the gateway's, behind its trusted proxies): for a per-address limit of a public call. */
  clientAddress?: true;
}

/** The client whose own data a route answers (OperationDef `owner`). */
export interface RouteOwner {
  role: ClientRole;
  param: string;
  /** What the parameter names: the client's username (the default) or their id (the consignee's or shipper's uuid, `client_id` of the sign-in). */
  by?: 'username' | 'id';
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : never;
type In<S> = S extends z.ZodMiniType ? z.input<S> : never;
type Part<O, K extends 'params' | 'query' | 'body', Io extends 'in' | 'out'> = O extends { [P in K]: infer S extends z.ZodMiniType }
  ? { [P in K]: Io extends 'in' ? In<S> : Out<S> }
  : { [P in K]?: undefined };

/** The validated input of an operation: what the gateway forwards and the service receives. */
export type InputOf<O extends OperationDef> = Part<O, 'params', 'out'> & Part<O, 'query', 'out'> & Part<O, 'body', 'out'>;
/** What a caller sends (before the schemas' defaults and transforms): the web client's input. */
export type CallInputOf<O extends Pick<OperationDef, 'params' | 'query' | 'body'>> = Part<O, 'params', 'in'> & Part<O, 'query', 'in'> & Part<O, 'body', 'in'>;

/** Where a chunk of an export starts and how many rows it may hold. */
export interface ChunkRequest {
  after?: ExportCursor;
  limit: number;
}

/** The NATS request of an operation. */
export type MessageOf<O extends OperationDef> = InputOf<O> &
  (O extends { public: true }
    ? unknown
    : {
        actor: O extends { access: 'client' }
          ? ClientActor
          : O extends { owner: RouteOwner } | { clients: readonly ClientRole[] }
            ? Actor | ClientActor
            : Actor;
      }) &
  (O extends { idempotent: true } ? { idempotencyKey?: string } : unknown) &
  (O extends { csv: object } ? ChunkRequest : unknown) &
  (O extends { clientAddress: true } ? { ip: string } : unknown);

/** The REST reply of an operation. */
export type OperationReplyOf<O extends OperationDef> = Out<O['reply']>;
/** What the service answers: the REST reply, or for a paged list one page and the total. */
export type ServiceReplyOf<O extends OperationDef> = O extends { paged: true }
  ? Page<RowOfReply<O>>
  : O extends { csv: object }
    ? ExportChunk<RowOfReply<O>>
    : OperationReplyOf<O>;
type RowOfReply<O extends OperationDef> =
  OperationReplyOf<O> extends (infer T)[]
    ? T
    : O extends { listKey: infer K extends string }
      ? OperationReplyOf<O> extends Record<K, (infer T)[]>
        ? T
        : never
      : never;

/**
 * A row of the REST route table (`api`). Rows derived from a resource carry `subject` and
 * `message`: the gateway's one forwarder serves them. Rows without (health, sign-in, sign-out)
 * have a controller of their own.
 */
export interface ApiRoute {
  method: Method;
  path: string;
  summary: string;
  /**
   * public: no token; staff: a staff token (any signed-in staff member), then `permission` if
   * given; client: a client token (a signed-in consignee or shipper). A token of the other kind is 403.
   */
  access: 'public' | 'staff' | 'client';
  permission?: { area: Area; action: Action };
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  reply: z.ZodMiniType;
  status: 200 | 201;
  paged?: boolean;
  /**
   * Creates: the call accepts an Idempotency-Key header, and the service answers a repeat
   * (same key and body from the same user within 24 hours) with the first result, unwritten.
   */
  idempotent?: boolean;
  refine?: OperationDef['refine'];
  /** A CSV export (OperationDef `csv`): streamed by the gateway's export controller, not forwarded. */
  csv?: OperationDef['csv'];
  /** Server-sent events, streamed by the gateway's own controller: `reply` is one event's data (ADR 33). */
  stream?: boolean;
  /** A file the gateway's own controller makes and sends (the statement PDF, ADR 37): its type and what it holds, for the OpenAPI document. */
  file?: { contentType: string; description: string };
  /** A client of this kind may call it for their own data (OperationDef `owner`). */
  owner?: RouteOwner;
  /** A paged list whose rows the body carries under this key (OperationDef `listKey`). */
  listKey?: string;
  /** The path parameter that must be the staff caller's own id (OperationDef `self`). */
  self?: string;
  /** Clients of these kinds may call it too, for any record (OperationDef `clients`): the message's actor is then the client. */
  clients?: readonly ClientRole[];
  /** The gateway adds the caller's address to the message as `ip` (OperationDef `clientAddress`). */
  clientAddress?: true;
  /** The NATS subject the gateway forwards the call to. */
  subject?: string;
  /** The OpenAPI operationId, `<key><Wire>` (OperationDef `wire`); default: the route's name in `api`. */
  operationId?: string;
  /** The NATS request's schema (the service validates with it). */
  message?: z.ZodMiniType;
}

export interface ResourceTexts {
  /** Singular, lower case, as in sentences: 'branch'. */
  singular: string;
  /** Plural, lower case: 'branches'. */
  plural: string;
  added: string;
  updated: string;
  deleted: string;
  notFound: string;
}

export interface ResourceDef<
  Service extends ServiceName = ServiceName,
  Name extends string = string,
  Key extends string = string,
  Ops extends Record<string, OperationDef> = Record<string, OperationDef>,
> {
  service: Service;
  /** Singular, in subjects: `directory.branch.add`. */
  name: Name;
  /** Plural, in route names (`branchesAdd`) and URLs (`/api/branches/...`). */
  key: Key;
  /** The permission area (permissions.ts) of every operation. */
  area: Area;
  /** The natural key: the field that names a record in URLs and messages (ADR 16). */
  naturalKey: string;
  /** Fields a list may be sorted by; the first is the default. */
  sortFields: readonly [string, ...string[]];
  /** Fields a list's `q` searches (case-insensitive substring). */
  searchFields: readonly string[];
  texts: ResourceTexts;
  /** The list's columns (screen table and CSV export); default: every field of a list row but `_id`, headed by its name in words. */
  columns?: readonly ListColumnDef[];
  operations: Ops;
}

/** `uniqueCities` → `UniqueCities` */
type Cap<S extends string> = Capitalize<S>;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type RouteName<Key extends string, Op extends string> = `${Key}${Cap<Op>}`;
export type SubjectOf<Service extends string, Name extends string, Op extends string> = `${Service}.${Name}.${Op}`;
/** An operation's name on the wire: its `wire`, else its key `K`. */
export type WireOf<O, K extends string> = O extends { wire: infer W extends string } ? W : K;

/**
 * A list's CSV export, `GET /api/<key>/export.csv?q=&sort=&order=` (and the list's own filters,
 * e.g. `handled=`): the `all` operation's search, filters and sort over every row, the same
 * permission, the resource's columns. `defineResource` adds it to every resource whose `all` is a
 * paged list.
 */
export type ExportOperation<All extends OperationDef> = {
  method: 'GET';
  path: string;
  summary: string;
  action: 'read';
  query: All['query'] extends z.ZodMiniObject<infer S> ? z.ZodMiniObject<Omit<S, 'page' | 'pageSize'>> : never;
  reply: All['reply'];
  csv: { columns: readonly ListColumnDef[] };
} & (All extends { listKey: infer K extends string } ? { listKey: K } : unknown);
/** The operations of a definition, with the export its paged list brings. */
export type WithExport<Ops> = Ops extends { all: infer All extends OperationDef & { paged: true; query: z.ZodMiniObject } }
  ? Ops & { export: ExportOperation<All> }
  : Ops;

/** The last segment of an export's path: a literal beside the operations', none of which is a bare `{param}`. */
export const EXPORT_FILE = 'export.csv';

type DerivedRoute<O extends OperationDef> = Omit<O, 'action' | 'status' | 'public' | 'area' | 'access' | 'wire' | 'names'> & {
  access: O extends { public: true } ? 'public' : O extends { access: 'client' } ? 'client' : 'staff';
  permission?: { area: Area; action: Action };
  status: 200 | 201;
  subject: string;
  operationId: string;
  message: z.ZodMiniType<MessageOf<O>>;
};

type OpsOf<D extends ResourceDef> = WithExport<D['operations']>;

export type Resource<D extends ResourceDef> = Omit<D, 'operations' | 'columns'> & {
  operations: OpsOf<D>;
  /** The list's columns: the definition's, or the default (ResourceDef `columns`). */
  columns: readonly ListColumnDef[];
  /** Route rows for the `api` table, named `<key><Operation>`: `branchesAdd`. */
  routes: { [K in keyof OpsOf<D> & string as RouteName<D['key'], K>]: DerivedRoute<OpsOf<D>[K]> };
  /** NATS subject per operation, named by its wire name: `directory.branch.add`, `shipment.job.allbooklist` (of `listBookings`). */
  subjects: { [K in keyof OpsOf<D> & string]: SubjectOf<D['service'], D['name'], WireOf<OpsOf<D>[K], K>> };
  /** NATS request schema per operation, used by the gateway to build and by the service to check. */
  messages: { [K in keyof OpsOf<D> & string]: z.ZodMiniType<MessageOf<OpsOf<D>[K]>> };
};

/**
 * The actor as a message carries it; services check it like any other field. Here rather than
 * beside the roles: the console reads the roles, and would build this schema for nothing (ADR 18).
 */
export const actorSchema = z.object({
  id: z.uuid('actor.id must be a user id'),
  username: z.string().check(z.minLength(1)),
  role: z.enum(STAFF_ROLES),
});

/** A client as a message carries it (an operation with an `owner` or `clients`). */
export const clientActorSchema = z.object({
  id: z.uuid('actor.id must be a client id'),
  username: z.string().check(z.minLength(1)),
  role: z.enum(CLIENT_ROLES),
});

/** A client's address as the gateway saw it (a per-address limit counts by it). */
export const clientAddressSchema = z.string().check(z.trim(), z.minLength(1, 'ip is required'), z.maxLength(100));

/** The NATS request schema of an operation: actor, idempotency key and the declared parts, plus its cross-part rules. */
export function messageSchema(
  op: Pick<OperationDef, 'params' | 'query' | 'body' | 'idempotent' | 'refine' | 'csv' | 'public' | 'owner' | 'clients' | 'clientAddress' | 'access'>,
): z.ZodMiniType {
  const shape: Record<string, z.ZodMiniType> = {};
  if (op.access === 'client') shape.actor = clientActorSchema;
  else if (!op.public) shape.actor = op.owner || op.clients?.length ? z.union([actorSchema, clientActorSchema]) : actorSchema;
  if (op.clientAddress) shape.ip = clientAddressSchema;
  if (op.idempotent) shape.idempotencyKey = z.optional(idempotencyKeySchema);
  if (op.csv) {
    shape.after = z.optional(exportCursorSchema);
    shape.limit = z.int().check(z.minimum(1), z.maximum(EXPORT_CHUNK_MAX));
  }
  if (op.params) shape.params = op.params;
  if (op.query) shape.query = op.query;
  if (op.body) shape.body = op.body;
  const schema = z.object(shape);
  const refine = op.refine;
  if (!refine) return schema;
  return schema.check(
    z.superRefine((input, ctx) => {
      for (const { field, message } of refine(input)) ctx.addIssue({ code: 'custom', message, path: ['body', field] });
    }),
  );
}

/** Checks a definition and derives its routes, subjects and message schemas. */
export function defineResource<const D extends ResourceDef>(def: D): Resource<D> {
  const routes: Record<string, ApiRoute> = {};
  const subjects: Record<string, string> = {};
  const messages: Record<string, z.ZodMiniType> = {};
  const columns = def.columns ?? defaultColumns(def.operations.all);
  const operations: Record<string, OperationDef> = { ...def.operations };
  const all = def.operations.all;
  if (all?.paged && all.query && !operations.export) operations.export = exportOperation(def, { ...all, query: all.query }, columns);
  for (const [op, declared] of Object.entries(operations)) {
    if (!declared.path.startsWith(`/api/${def.key}/`)) throw new Error(`${def.key}.${op}: path ${declared.path} must start with /api/${def.key}/`);
    // The reads of an area clients read take their token too (requirements decisions §4: consignees read vessels).
    const readers = declared.action === 'read' && !declared.public && !declared.access ? clientReaders(declared.area ?? def.area) : [];
    const operation = readers.length ? { ...declared, clients: readers } : declared;
    operations[op] = operation;
    const { action, status, public: isPublic, area, access, wire = op, names: _names, ...rest } = operation;
    // The key reads as English inside the code; the wire keeps its name (docs/adr/0056).
    const subject = `${def.service}.${def.name}.${wire}`;
    const message = messageSchema(operation);
    subjects[op] = subject;
    messages[op] = message;
    routes[`${def.key}${cap(op)}`] = {
      ...rest,
      access: isPublic ? 'public' : (access ?? 'staff'),
      ...(!isPublic && !access && { permission: { area: area ?? def.area, action } }),
      status: status ?? (operation.method === 'POST' ? 201 : 200),
      subject,
      operationId: `${def.key}${cap(wire)}`,
      message,
    };
  }
  // Routes, subjects and messages are built in a loop over D's operations: Resource<D> types what that loop makes.
  return { ...def, operations, columns, routes, subjects, messages } as unknown as Resource<D>;
}

/** Every field of the list's row but `_id`, headed by its name in words. */
function defaultColumns(all: OperationDef | undefined): ListColumnDef[] {
  // Read by shape, not instanceof: the web apps' shared zod (ADR 18) carries only the names they use.
  const shape = all?.paged ? (all.reply.def as { element?: { shape?: Record<string, unknown> } }).element?.shape : undefined;
  if (!shape) return [];
  return Object.keys(shape)
    .filter((field) => field !== '_id')
    .map((field) => ({ field, label: columnLabel(field) }));
}

const PAGING = ['page', 'pageSize'];

function exportOperation(def: ResourceDef, all: OperationDef & { query: z.ZodMiniObject }, columns: readonly ListColumnDef[]): OperationDef {
  return {
    method: 'GET',
    path: `/api/${def.key}/${EXPORT_FILE}`,
    summary: `Every ${def.texts.singular} of the list as CSV (the list's search, filters and sort, all pages), streamed`,
    action: 'read',
    // Everything of the list's query but its paging.
    query: z.pick(all.query, Object.fromEntries(Object.keys(all.query.shape).flatMap((field) => (PAGING.includes(field) ? [] : [[field, true]])))),
    reply: all.reply,
    csv: { columns },
    ...(all.listKey && { listKey: all.listKey }),
  };
}

/** `T` with the fields `names` lists renamed, the others as they are. */
export type Renamed<T, M extends Readonly<Record<string, string>>> = { [K in keyof T as K extends keyof M ? M[K] : K]: T[K] };

/** A body with the fields `names` lists renamed (OperationDef `names`; the other way with the names inverted), in the same order. */
export function renamed<T extends object, M extends Readonly<Record<string, string>>>(body: T, names: M): Renamed<T, M> {
  return Object.fromEntries(Object.entries(body).map(([field, value]) => [names[field] ?? field, value])) as Renamed<T, M>;
}

/** `names` the other way round: each new name → the name it renames (the wire's). */
export type Inverted<M extends Readonly<Record<string, string>>> = { [K in keyof M as M[K]]: K & string };

/** `names` the other way round (`renamed(body, inverted(names))` gives the wire's body back). */
export function inverted<M extends Readonly<Record<string, string>>>(names: M): Inverted<M> {
  return Object.fromEntries(Object.entries(names).map(([from, to]) => [to, from])) as Inverted<M>;
}

/** What a service's handler reads: the message, its body's fields renamed where the operation says so (OperationDef `names`). */
export type HandlerMessageOf<O extends OperationDef> = O extends {
  body: infer S extends z.ZodMiniType;
  names: infer M extends Readonly<Record<string, string>>;
}
  ? Omit<MessageOf<O>, 'body'> & { body: Renamed<Out<S>, M> }
  : MessageOf<O>;

/** The handlers a service implements for a resource: one per operation, typed by the definition. */
export type ResourceHandlers<R extends ResourceDef> = {
  [K in keyof R['operations']]: (
    message: HandlerMessageOf<R['operations'][K]>,
  ) => Promise<ServiceReplyOf<R['operations'][K]> | EncodedReply<ServiceReplyOf<R['operations'][K]>>>;
};

/**
 * A reply a handler answers already encoded as JSON (the server library's JsonReply, built by
 * Postgres: docs/adr/0059-json-replies-passed-as-bytes.md), typed by the value it decodes to.
 */
export interface EncodedReply<T> {
  readonly json: string | Uint8Array;
  readonly total?: number;
  /** Never set: the decoded value's type, so a handler cannot answer another operation's bytes. */
  readonly decodesTo?: T;
}

/** The NATS messages of a resource, for the typed request/reply client: subject → request and reply. */
export type ResourceMessages<R extends ResourceDef> = {
  [K in keyof R['operations'] & string as SubjectOf<R['service'], R['name'], WireOf<R['operations'][K], K>>]: {
    request: MessageOf<R['operations'][K]>;
    reply: ServiceReplyOf<R['operations'][K]>;
  };
};
