import { Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { map, type Observable } from 'rxjs';
import type { ZodMiniType } from 'zod/mini';
import { AppError, JsonReply } from '@freight/server';
import { Messages, api, type ApiName, type ApiRoute } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { ROUTE_NAME } from './route.decorator.js';

/**
 * Every reply leaves through its contract schema: fields the contract does not list are
 * stripped (a service can never leak, say, a password hash), and a reply that breaks the
 * contract is logged and answered as INTERNAL instead of reaching the screens.
 *
 * A service's JsonReply (built by Postgres from the columns its contract lists) leaves as its
 * bytes, unread (docs/adr/0059-json-replies-passed-as-bytes.md). With CHECK_JSON_REPLIES (every
 * test run, `npm start`) it is read and must be exactly what its schema gives back: a field the
 * contract does not list, a wrong type or a missing field fails the call as above.
 */
@Injectable()
export class ContractReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ContractReplyInterceptor.name);

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'CHECK_JSON_REPLIES'>) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const name = Reflect.getMetadata(ROUTE_NAME, context.getHandler()) as ApiName | undefined;
    // A CSV export sends its own stream, its rows checked chunk by chunk (csv-exporter.ts); so does a stream of events (live.controller.ts), and a file (the statement PDF).
    const route: ApiRoute | undefined = name ? api[name] : undefined;
    if (!name || !route || route.csv || route.stream || route.file) return next.handle();
    return next.handle().pipe(map((data: unknown) => this.body(name, data, context.switchToHttp().getResponse<FastifyReply>())));
  }

  /** What leaves for `data`, the answer of route `name` (the forwarded routes call this directly, without Nest's pipeline). */
  body(name: ApiName, data: unknown, reply: Pick<FastifyReply, 'header'>): unknown {
    if (data instanceof JsonReply) {
      if (this.config.CHECK_JSON_REPLIES) this.check(name, data.value(), true);
      void reply.header('content-type', 'application/json; charset=utf-8');
      return typeof data.json === 'string' ? Buffer.from(data.json) : Buffer.from(data.json.buffer, data.json.byteOffset, data.json.byteLength);
    }
    return this.check(name, data, false);
  }

  /** The reply as its contract gives it back; `exact`: a JSON reply must need no change to be that. */
  private check(name: ApiName, data: unknown, exact: boolean): unknown {
    // A JsonReply of a page decodes as `{items, total}`; the route's schema is the body's (the rows, or the whole body of a listKey route).
    const value = exact && (api[name] as ApiRoute).paged ? (data as { items: unknown }).items : data;
    return replyByContract(api[name].reply, value, exact, `Reply of ${name}`, this.logger);
  }
}

/**
 * `value` as `schema` gives it back; `exact`: it must need no change to be that (a JSON reply passed on
 * as bytes). Otherwise logged as `what` breaking its contract and answered as INTERNAL.
 */
export function replyByContract(schema: ZodMiniType, value: unknown, exact: boolean, what: string, logger: Pick<Logger, 'error'>): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success && (!exact || isDeepStrictEqual(parsed.data, value))) return parsed.data;
  const problem = parsed.success
    ? 'it differs from what its schema gives back (a field the contract does not list?)'
    : JSON.stringify(parsed.error.issues.slice(0, 5));
  logger.error(`${what} breaks its contract: ${problem}`);
  throw new AppError('INTERNAL', Messages.internal);
}
