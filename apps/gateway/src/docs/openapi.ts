import { z } from 'zod';
import type { $ZodObject, $ZodType } from 'zod/v4/core';
import {
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_TTL_HOURS,
  api,
  errorReplySchema,
  idempotencyKeySchema,
  type ApiRoute,
  type ListColumnDef,
} from '@freight/contracts';
import { ERROR_STATUS } from '../http/errors.js';

type JsonSchema = Record<string, unknown>;

/** zod 4's own JSON Schema (2020-12, which OpenAPI 3.1 uses), without the `$schema` line. */
function jsonSchema(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: $ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

/** The optional Idempotency-Key header of a create (`idempotent` in the route table). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: `A new random value (a UUID) per intended create, sent again unchanged when the call is retried. The same key and body from the same user within ${IDEMPOTENCY_TTL_HOURS} hours answer the first result without writing again; the same key with another body is 422.`,
  schema: jsonSchema(idempotencyKeySchema, 'input'),
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Why a signed-in caller may be refused (403). */
function forbiddenText(route: ApiRoute): string {
  if (route.access === 'client') return 'A staff token (a client call), or a record that is not the calling client’s own';
  const text = route.permission ? 'A token of the other kind (staff or client), or the role may not do this' : 'A token of the other kind (staff or client)';
  return route.owner
    ? `${text}; a ${route.owner.role}’s token whose \`${route.owner.param}\` in the path is not their own ${route.owner.by ?? 'username'}`
    : text;
}

/** The error statuses a route can answer, besides the ones every route can (500, 503, 504). */
function errorResponses(route: ApiRoute): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  if (route.params || route.query || route.body) responses['400'] = errorResponse('Invalid input: `details` maps each field to its problem');
  if (route.access !== 'public')
    responses['401'] = errorResponse('Missing, invalid, expired or revoked token, or its user deleted or changed (password, role, username) since sign-in');
  if (route.access !== 'public') responses['403'] = errorResponse(forbiddenText(route));
  if (route.params || route.method === 'PUT') responses['404'] = errorResponse('Not found');
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'DELETE') responses['409'] = errorResponse('Conflicts with existing data');
  if (route.idempotent) responses['422'] = errorResponse(`The ${IDEMPOTENCY_KEY_HEADER} was already used with a different body`);
  if (route.body) responses['413'] = errorResponse('Body larger than the limit');
  if (route.body) responses['415'] = errorResponse('Body is not JSON');
  if (route === api.login || route === api.clientLogin) {
    responses['401'] = errorResponse('Invalid username or password');
    responses['429'] = errorResponse('Too many failed attempts; see Retry-After');
  }
  responses['500'] = errorResponse('Unexpected error');
  responses['503'] = errorResponse('A service is not available, or too busy now (a password hash could not start in time); see Retry-After');
  responses['504'] = errorResponse('A service did not answer in time');
  return responses;
}

/** A CSV export's success: a file download, its columns named. */
function csvResponse(columns: readonly ListColumnDef[]) {
  return {
    description: `Every row of the list (its search and sort), streamed as CSV: UTF-8 with a BOM, every field quoted, records ended by CRLF, a cell starting with =, +, - or @ prefixed with '. Columns: ${columns.map((column) => column.label).join(', ')}.`,
    headers: { 'Content-Disposition': { description: 'attachment; filename="<list>-<date>.csv"', schema: { type: 'string' } } },
    content: { 'text/csv': { schema: { type: 'string' } } },
  };
}

/** A stream of server-sent events: each event's data is the route's reply schema. */
function eventStreamResponse(route: ApiRoute) {
  return {
    description: `Server-sent events (text/event-stream), open until the session ends. Each event's data: ${JSON.stringify(jsonSchema(route.reply, 'output'))}.`,
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  };
}

/** The OpenAPI 3.1 document of the whole API, made from the contracts' `api` table alone. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(api) as [string, ApiRoute][]) {
    const operation: Record<string, unknown> = {
      operationId: route.operationId ?? name,
      summary: route.summary,
      tags: [route.path.split('/')[2]],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query'), ...(route.idempotent ? [idempotencyKeyParameter] : [])],
      ...(route.access !== 'public' ? { security: [{ bearer: [] }] } : { security: [] }),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
      responses: {
        [route.status]: route.csv
          ? csvResponse(route.csv.columns)
          : route.stream
            ? eventStreamResponse(route)
            : route.file
              ? { description: route.file.description, content: { [route.file.contentType]: { schema: { type: 'string', format: 'binary' } } } }
              : {
                  description: route.paged ? 'Success. With `page`, one page of the list; the total is in X-Total-Count.' : 'Success',
                  ...(route.paged
                    ? { headers: { 'X-Total-Count': { description: 'Total matching rows (when `page` is given)', schema: { type: 'integer' } } } }
                    : {}),
                  content: { 'application/json': { schema: jsonSchema(route.reply, 'output') } },
                },
        ...errorResponses(route),
      },
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Freight platform API',
      version: '1.0.0',
      description: `Every error answers \`{message, code, details?}\`. Codes and their statuses: ${ERROR_CODES.map((c) => `${c} ${ERROR_STATUS[c]}`).join(', ')}.`,
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from POST /api/users/login (60 minutes).' } },
      schemas: { Error: jsonSchema(z.object({ ...errorReplySchema.shape, code: z.enum(ERROR_CODES) }), 'output') },
    },
  };
}
