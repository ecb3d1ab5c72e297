import { z } from 'zod/mini';
import { version } from 'zod/v4/core';
import { api, type ApiRoute } from '../api.js';
import { balanceChangedEventSchema } from '../accounts/accounts-events.js';
import { CHANGES, changeEventSchema, eventSubject } from '../events.js';
import { exportCursorSchema } from '../list.js';
import { mailRequestedEventSchema, mailRequestedSubject } from '../notification/mail.resource.js';
import { resources } from '../resources.js';
import type { ServiceName } from '../services.js';
import { jobChangeEventSchema } from '../shipment/job-events.js';
import { internalMessages } from '../subjects.js';
import type { ContractSnapshot, JsonSchema } from './compatibility.js';

/**
 * The contracts as JSON Schema (ADR 55): every NATS subject's request and reply, every REST
 * route's parts and reply, every event's payload. `npm run contracts:snapshot` writes this to
 * libs/contracts/compat/release.json when a release is cut; `npm test` compares the current
 * contracts with that file (compatibility.ts).
 */
export function contractSnapshot(): ContractSnapshot {
  const subjects: ContractSnapshot['subjects'] = {};
  for (const [subject, { request, reply }] of Object.entries(internalMessages)) subjects[subject] = { request: jsonSchema(request), reply: jsonSchema(reply) };
  for (const resource of Object.values(resources)) {
    for (const route of Object.values(resource.routes) as ResourceRoute[]) {
      subjects[route.subject] = { request: jsonSchema(route.message), reply: jsonSchema(serviceReply(route)) };
    }
  }
  const routes: ContractSnapshot['routes'] = {};
  for (const route of Object.values(api) as ApiRoute[]) {
    routes[`${route.method} ${route.path}`] = {
      ...(route.params && { params: jsonSchema(route.params) }),
      ...(route.query && { query: jsonSchema(route.query) }),
      ...(route.body && { body: jsonSchema(route.body) }),
      reply: jsonSchema(route.reply),
    };
  }
  const events: ContractSnapshot['events'] = {};
  for (const [subject, payload] of Object.entries(eventPayloads())) events[subject] = { payload: jsonSchema(payload) };
  return {
    $comment:
      'The contracts of the last release, as JSON Schema (zod toJSONSchema, io input). Written by `npm run contracts:snapshot`; see docs/adr/0055-contract-compatibility.md.',
    zod: `${version.major}.${version.minor}.${version.patch}`,
    subjects: sorted(subjects),
    routes: sorted(routes),
    events: sorted(events),
  };
}

type ResourceRoute = ApiRoute & { subject: string; message: z.ZodMiniType };

/** What a reader accepts on the wire, without the `$schema` line. */
function jsonSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/**
 * What the service answers on a route's subject (ServiceReplyOf in resource.ts): the REST reply,
 * or for a paged list `{items, total}` (with the fields an object list has beside its rows), or
 * for an export a chunk.
 */
function serviceReply(route: ResourceRoute): z.ZodMiniType {
  if (!route.paged && !route.csv) return route.reply;
  const listed = route.listKey ? (route.reply as z.ZodMiniObject) : undefined;
  const rows = listed ? listed.shape[route.listKey!]! : route.reply;
  if (route.csv) return z.object({ items: rows, next: z.nullable(exportCursorSchema), fileName: z.optional(z.string()) });
  const beside = listed ? z.omit(listed, { [route.listKey!]: true }).shape : {};
  return z.object({ ...beside, items: rows, total: z.int() });
}

/** The services whose outbox asks for e-mail (`events.<service>.mail.requested`, ADR 27). */
const MAIL_PRODUCERS: readonly ServiceName[] = ['shipment'];

/** The resources whose changes are published as a record's change event (ADR 21): master data, users, credits. */
const CHANGE_EVENT_RESOURCES = [
  resources.users,
  resources.branches,
  resources.consignees,
  resources.shippers,
  resources.forwarders,
  resources.origins,
  resources.yards,
  resources.shipmentTypes,
  resources.shipmentTerms,
  resources.vessels,
  resources.agents,
  resources.credits,
];

/**
 * Every event subject there is, with its payload. A record's change event (ADR 21) carries
 * `before` and `after` as the service's replies show the record: its envelope is described
 * here, the records by those replies.
 */
function eventPayloads(): Record<string, z.ZodMiniType> {
  const payloads: Record<string, z.ZodMiniType> = {};
  for (const service of MAIL_PRODUCERS) payloads[mailRequestedSubject(service)] = mailRequestedEventSchema;
  for (const change of CHANGES) {
    for (const resource of CHANGE_EVENT_RESOURCES) payloads[eventSubject(resource.service, resource.name, change)] = changeEventSchema;
    payloads[eventSubject('shipment', 'job', change)] = jobChangeEventSchema;
  }
  // A job invoiced, re-invoiced (accounts-events.ts); a consignee's balance after each change.
  payloads[eventSubject('accounts', 'invoice', 'created')] = changeEventSchema;
  payloads[eventSubject('accounts', 'invoice', 'updated')] = changeEventSchema;
  payloads[eventSubject('accounts', 'balance', 'updated')] = balanceChangedEventSchema;
  return payloads;
}

function sorted<T>(entries: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
}
