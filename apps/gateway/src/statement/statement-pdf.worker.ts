import { move, workerData } from 'piscina';
import { AppError, NatsRpcClient, RemoteError, type NatsClientConfig } from '@freight/server';
import { api, type CompanyProfile, type ErrorBody, type Statement, type StatementLine } from '@freight/contracts';
import { chunkFetcher } from '../export/csv-exporter.js';
import { statementPdf } from './statement-pdf.js';

/**
 * What the gateway hands a worker thread: the statement's figures (already asked for), what to ask
 * the accounts service for its lines (the route's input, who asks, the chunk size), the company's
 * details and the time it was asked for.
 */
export interface DrawJob {
  head: Statement;
  input: { params: unknown; query: unknown };
  actor: unknown;
  chunkRows: number;
  /** The company's details printed above the title (the configured profile). */
  company: CompanyProfile;
  /** Epoch milliseconds: the "printed on" time. */
  now: number;
}

/** The PDF, or why the accounts service (or a chunk's contract check) refused the lines: a RemoteError or AppError's body, as errors lose their class between threads. */
export type DrawResult = Uint8Array | { refused: ErrorBody };

/** The worker's own NATS client, signing as the gateway (the pool's workerData: the gateway's NATS settings and signing key). */
let rpc: NatsRpcClient | undefined;

/**
 * Runs in a worker thread of StatementPdfDrawer's pool: asks for the statement's lines chunk by
 * chunk and draws them as they come, so neither the replies' parsing and checking nor the drawing
 * is the gateway's event loop's, and the thread's low priority paces the whole PDF (its requests
 * too) on a busy machine; hands the bytes over without a copy.
 */
export default async function draw({ head, input, actor, chunkRows, company, now }: DrawJob): Promise<DrawResult> {
  rpc ??= new NatsRpcClient(workerData as NatsClientConfig, 'gateway-pdf');
  const fetchChunk = chunkFetcher(rpc, api.accountsStatementExport, input, actor, chunkRows);
  async function* lines(): AsyncGenerator<StatementLine[]> {
    for (let chunk = await fetchChunk(); ; chunk = await fetchChunk(chunk.next!)) {
      yield chunk.items as StatementLine[];
      if (!chunk.next) return;
    }
  }
  try {
    // Handed over as the task's whole result: piscina moves only that, not a value inside it.
    return move(await statementPdf(head, lines(), new Date(now), company)) as Uint8Array;
  } catch (error) {
    if (error instanceof RemoteError || error instanceof AppError) return { refused: error.body };
    throw error;
  }
}
