import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JsonReply, NatsRpcClient } from '@freight/server';
import { TOTAL_COUNT_HEADER, api, type ApiName, type ApiRoute, type Page, type Subject } from '@freight/contracts';
import type { AuthGuard } from '../auth/auth.guard.js';
import type { HttpErrorFilter } from '../http/exception.filter.js';
import type { ContractReplyInterceptor } from '../http/reply.interceptor.js';
import { nestPath } from '../http/route.decorator.js';
import { parseRouteInput } from '../http/validation.js';
import { assertUnreferenced } from './reference-check.js';

/** Every route of the `api` table that a resource definition owns (it names a NATS subject), but the CSV exports (csv-exporter.ts). */
export const forwardedRoutes = (Object.keys(api) as ApiName[]).filter((name) => (api[name] as ApiRoute).subject !== undefined && !(api[name] as ApiRoute).csv);

/**
 * The one handler of every resource route (ADR 15). Per call: the guard has checked the
 * token and the role against the matrix; here the parts are validated with the route's
 * schemas (and its cross-part rules), and forwarded as they are, with the actor, to the
 * route's subject. The service answers the REST reply itself; a paged list answers
 * `{items, total}`, sent as the array (or under the route's `listKey`: `{data: [...]}`, beside any other field it answers) with the
 * total in X-Total-Count. A public route is forwarded without an actor. A service's JsonReply goes on
 * as its bytes (ContractReplyInterceptor.body sends them).
 */
async function forward(rpc: NatsRpcClient, route: ApiRoute, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const input = parseRouteInput(route, { params: request.params, query: request.query, body: request.body, headers: request.headers });
  // A public route's message has no actor; a per-address limit needs the caller's address.
  const message = { ...(request.auth && { actor: request.auth.actor }), ...input, ...(route.clientAddress && { ip: request.ip }) };
  if (message.idempotencyKey === undefined) delete message.idempotencyKey;
  // A delete of master data that jobs use is refused before it reaches the directory (ADR 30).
  if (route.method === 'DELETE')
    await assertUnreferenced(rpc, route.subject as string, input.params as Record<string, string> | undefined, request.auth?.actor);
  // A read, or a write with its idempotency key, is safe to send again when NATS lost it in transit.
  const resendable = route.method === 'GET' || message.idempotencyKey !== undefined;
  const answer: unknown = await rpc.requestJson(route.subject as Subject, message as never, { resendable });
  if (!route.paged) return answer;
  // The page as the service's bytes (docs/adr/0059-json-replies-passed-as-bytes.md): sent as they are, the total beside
  // (under a `listKey`, the bytes are the whole body: the rows under that key and the service's other fields).
  if (answer instanceof JsonReply) {
    if ((input.query as { page?: number } | undefined)?.page !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(answer.total));
    return answer;
  }
  // A list answered inside an object may carry more beside its rows (`{success, results, summary}`): the service's other fields.
  const { items, total, ...beside } = answer as Page<unknown>;
  if ((input.query as { page?: number } | undefined)?.page !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(total));
  return route.listKey ? { ...beside, [route.listKey]: items } : items;
}

/** What a forwarded call passes through beside the forward itself: the same guard, reply check and error filter as Nest's routes. */
export interface ForwardPipeline {
  rpc: NatsRpcClient;
  guard: Pick<AuthGuard, 'authorize'>;
  replies: Pick<ContractReplyInterceptor, 'body'>;
  errors: Pick<HttpErrorFilter, 'send'>;
}

/**
 * One plain Fastify route per forwarded route (docs/adr/0063-forwarded-routes-as-plain-fastify-routes.md):
 * the guard's checks, the forward, the reply's contract and the error filter, called directly rather
 * than through Nest's router, guard, interceptor and filter pipeline, which cost more than the rest
 * of the gateway's work per call. The app's hooks (security headers, CORS) and its error handler
 * (bodies Fastify refuses) apply as to every route.
 */
export function addForwardedRoutes(
  fastify: FastifyInstance,
  { rpc, guard, replies, errors }: ForwardPipeline,
  names: readonly ApiName[] = forwardedRoutes,
): void {
  for (const name of names) {
    const route: ApiRoute = api[name];
    fastify.route({
      method: route.method,
      url: `/api/${nestPath(route.path)}`,
      // Not an async handler: Fastify would wait on the reply it returns; this one sends its reply itself.
      handler: (request, reply) => void serve(name, route, request, reply),
    });
  }

  async function serve(name: ApiName, route: ApiRoute, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await guard.authorize(route, request);
      const body = replies.body(name, await forward(rpc, route, request, reply), reply);
      void reply.code(route.status).send(body);
    } catch (error) {
      errors.send(error, request, reply);
    }
  }
}
