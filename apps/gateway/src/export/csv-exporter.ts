import { Readable } from 'node:stream';
import { Controller, Inject, Logger, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NatsRpcClient } from '@freight/server';
import { Messages, api, type ApiName, type ApiRoute, type ExportChunk, type ExportCursor, type Subject } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { addRouteHandlers } from '../http/route-handlers.js';
import { parseRouteInput } from '../http/validation.js';
import { csvHeader, csvRecords } from './csv.js';

/** Every CSV export of the `api` table (`GET /api/<key>/export.csv`, one per list, contracts' `defineResource`). */
export const exportRoutes = (Object.keys(api) as ApiName[]).filter((name) => (api[name] as ApiRoute).csv !== undefined);

const logger = new Logger('CsvExport');

/** `/api/users/export.csv` on 2026-11-20 → `users-2026-11-20.csv`; `/api/accounts/statement/{consignee_id}/export.csv` → `accounts-statement-2026-11-20.csv` */
export function exportFileName(route: Pick<ApiRoute, 'path'>, now = new Date()): string {
  const name = route.path
    .split('/')
    .slice(2, -1)
    .filter((segment) => !segment.startsWith('{'))
    .join('-');
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Asks the service for an export's chunks: the first without `after`, each next one after the
 * cursor of the one before; each chunk's rows checked against the route's row schema. The
 * statement PDF reads the statement's lines this way too.
 */
export function chunkFetcher(
  rpc: NatsRpcClient,
  route: ApiRoute,
  input: { params?: unknown; query?: unknown },
  actor: unknown,
  chunkRows: number,
): (after?: ExportCursor) => Promise<ExportChunk<unknown>> {
  return async (after) => {
    const message = { actor, ...(input.params !== undefined && { params: input.params }), query: input.query, limit: chunkRows, ...(after ? { after } : {}) };
    const chunk = (await rpc.request(route.subject as Subject, message as never, { resendable: true })) as ExportChunk<unknown>;
    // The list's reply schema: the rows, or (`listKey`) an object holding them.
    const rows = route.reply.safeParse(route.listKey ? { [route.listKey]: chunk.items } : chunk.items);
    if (!rows.success) {
      logger.error(`A chunk of ${route.path} breaks its contract: ${JSON.stringify(rows.error.issues.slice(0, 5))}`);
      throw new AppError('INTERNAL', Messages.internal);
    }
    const items = route.listKey ? (rows.data as Record<string, unknown[]>)[route.listKey]! : (rows.data as unknown[]);
    return { items, next: chunk.next, ...(chunk.fileName !== undefined && { fileName: chunk.fileName }) };
  };
}

/**
 * Streams one list as CSV: the query validated with the route's schema (the guard has checked
 * the token and the read permission), then chunk after chunk asked of the service, each
 * starting after the last row of the one before (keyset), checked against the contract's row
 * schema and written as CSV records. The next chunk is asked for only when the response has
 * taken the last one (Readable.from pulls the generator as the socket drains), so a slow
 * client slows the export instead of filling the gateway's memory: at most a chunk or two is
 * held, whatever the size of the list.
 *
 * `X-Accel-Buffering: no` asks nginx to pass the file on as it comes, so back-pressure reaches
 * from the browser to the service (ADR 22).
 *
 * The first chunk is fetched before the status is sent, so that a refusal or an outage answers
 * its JSON error and status; a failure after that can only cut the response short, which the
 * client sees as a failed download, never as a complete-looking file.
 */
async function exportCsv(rpc: NatsRpcClient, route: ApiRoute, chunkRows: number, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const input = parseRouteInput(route, { params: request.params, query: request.query, headers: request.headers });
  const columns = route.csv!.columns;
  const fetchChunk = chunkFetcher(rpc, route, { params: input.params, query: input.query }, request.auth!.actor, chunkRows);
  const first = await fetchChunk();

  async function* csv(): AsyncGenerator<string> {
    yield csvHeader(columns);
    for (let chunk = first; ; chunk = await fetchChunk(chunk.next!)) {
      yield csvRecords(chunk.items, columns);
      if (!chunk.next) return;
    }
  }
  const body = Readable.from(csv(), { objectMode: false });
  body.on('error', (error) => logger.error(`${route.path} cut short: ${error.message}`));
  return (
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${first.fileName ?? exportFileName(route)}"`)
      .header('Cache-Control', 'no-store')
      // nginx in front (the edge, an ingress) would otherwise buffer the file, to disk past 1 MB, before the browser sees a byte.
      .header('X-Accel-Buffering', 'no')
      .send(body)
  );
}

/** A Nest controller with one handler per export route, each bound to its row with @Route (path, guard). */
export function csvExporter(names: readonly ApiName[] = exportRoutes): Type {
  @Controller()
  class CsvExporter {
    constructor(
      @Inject(NatsRpcClient) readonly rpc: NatsRpcClient,
      @Inject(GATEWAY_CONFIG) readonly config: GatewayConfig,
    ) {}
  }
  addRouteHandlers(CsvExporter, names, (exporter, route, request, reply) => exportCsv(exporter.rpc, route, exporter.config.EXPORT_CHUNK_ROWS, request, reply), {
    passthrough: false,
  });
  return CsvExporter;
}
