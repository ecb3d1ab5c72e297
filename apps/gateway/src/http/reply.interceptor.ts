import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { AppError } from '@freight/server';
import { Messages, api, type ApiName, type ApiRoute } from '@freight/contracts';
import { ROUTE_NAME } from './route.decorator.js';

/**
 * Every reply leaves through its contract schema: fields the contract does not list are
 * stripped (a service can never leak, say, a password hash), and a reply that breaks the
 * contract is logged and answered as INTERNAL instead of reaching the screens.
 */
@Injectable()
export class ContractReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ContractReplyInterceptor.name);

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const name = Reflect.getMetadata(ROUTE_NAME, context.getHandler()) as ApiName | undefined;
    // A CSV export sends its own stream, its rows checked chunk by chunk (csv-exporter.ts); so does a stream of events (live.controller.ts), and a file (the statement PDF).
    const route: ApiRoute | undefined = name ? api[name] : undefined;
    if (!name || !route || route.csv || route.stream || route.file) return next.handle();
    return next.handle().pipe(
      map((data: unknown) => {
        const parsed = api[name].reply.safeParse(data);
        if (parsed.success) return parsed.data;
        this.logger.error(`Reply of ${name} breaks its contract: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`);
        throw new AppError('INTERNAL', Messages.internal);
      }),
    );
  }
}
