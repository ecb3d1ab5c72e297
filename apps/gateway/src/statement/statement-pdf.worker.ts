import { Logger } from '@nestjs/common';
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { AppError, NatsRpcClient, RemoteError, type NatsClientConfig } from '@freight/server';
import {
  accountsReports,
  api,
  statementSchema,
  statementFileName,
  type CompanyProfile,
  type ErrorBody,
  type Statement,
  type StatementLine,
} from '@freight/contracts';
import { chunkFetcher } from '../export/csv-exporter.js';
import { replyByContract } from '../http/reply.interceptor.js';
import { statementPdf } from './statement-pdf.js';

/** What the gateway hands a worker thread: what to ask the accounts service for (the route's input, who asks, the chunk size of the fallback), the company's details and the time it was asked for. */
export interface DrawJob {
  input: { params: { consignee_id: string }; query: { from: string; to: string } };
  actor: unknown;
  chunkRows: number;
  /** The company's details printed above the title (the configured profile). */
  company: CompanyProfile;
  /** Epoch milliseconds: the "printed on" time. */
  now: number;
}

/** The PDF and its file's name, or why the accounts service (or the contract check) refused the statement: a RemoteError or AppError's body, as errors lose their class between threads. */
export type DrawResult = { pdf: Uint8Array; fileName: string } | { refused: ErrorBody };

/** What the pool's workerData holds: the gateway's NATS settings with the accounts service's request key, and whether to check JSON replies (CHECK_JSON_REPLIES). */
export interface DrawerData {
  nats: NatsClientConfig;
  checkReplies: boolean;
}

/** The worker's own NATS client, signing as the gateway. */
let rpc: NatsRpcClient | undefined;

/** The drawn file handed back without a copy (piscina moves its buffer), its name beside it. */
class Drawn {
  constructor(private readonly drawn: { pdf: Uint8Array; fileName: string }) {}
  get [transferableSymbol]() {
    return this.drawn.pdf.buffer;
  }
  get [valueSymbol]() {
    return this.drawn;
  }
}

const edge = (kind: 'brought forward' | 'carried forward', date: string, balance: string): StatementLine => ({
  date,
  kind,
  reference: '',
  details: '',
  debit: '',
  credit: '',
  balance,
});

/**
 * Runs in a worker thread of StatementPdfDrawer's pool: asks the accounts service for the whole
 * statement in one call (its figures and every line, read once and built as JSON by Postgres,
 * docs/adr/0065-statement-read-once.md), parses it once and draws it, the balance brought forward
 * first and carried forward last; so neither the reply nor the drawing is the gateway's event loop's.
 * A statement too large for one reply (REPLY_TOO_LARGE, ≈ 100,000 lines) is read as the CSV is, in chunks.
 */
export default async function draw({ input, actor, chunkRows, company, now }: DrawJob): Promise<DrawResult> {
  const { nats, checkReplies } = workerData as DrawerData;
  rpc ??= new NatsRpcClient(nats, 'gateway-pdf');
  try {
    const { head, pages } = await statementOf(rpc, input, actor, chunkRows, checkReplies);
    const pdf = await statementPdf(head, pages, new Date(now), company);
    return move(new Drawn({ pdf, fileName: statementFileName(head.consignee.consigneeName, head.from, head.to, 'pdf') })) as unknown as DrawResult;
  } catch (error) {
    if (error instanceof RemoteError || error instanceof AppError) return { refused: error.body };
    throw error;
  }
}

async function statementOf(
  client: NatsRpcClient,
  input: DrawJob['input'],
  actor: unknown,
  chunkRows: number,
  checkReplies: boolean,
): Promise<{ head: Statement; pages: AsyncIterable<StatementLine[]> | StatementLine[][] }> {
  // A read: safe to send again when NATS lost it in transit (a node restarted), as the forwarded GETs are.
  const ask = (query: object) =>
    client.request(accountsReports.subjects.statement, { actor, params: input.params, query: { ...input.query, ...query } } as never, {
      resendable: true,
    });
  try {
    const whole = (await ask({})) as Statement;
    // A JSON reply's contract is proven by the tests (CHECK_JSON_REPLIES, as the gateway's interceptor does).
    if (checkReplies) replyByContract(statementSchema, whole, true, `The statement of ${input.params.consignee_id}`, new Logger('StatementPdf'));
    return {
      head: whole,
      pages: [[edge('brought forward', whole.from, whole.openingBalance), ...whole.lines, edge('carried forward', whole.to, whole.closingBalance)]],
    };
  } catch (error) {
    if (!(error instanceof RemoteError && error.body.code === 'REPLY_TOO_LARGE')) throw error;
  }
  const head = (await ask({ page: 1, pageSize: 1 })) as Statement;
  const fetchChunk = chunkFetcher(client, api.accountsStatementExport, input, actor, chunkRows);
  async function* lines(): AsyncGenerator<StatementLine[]> {
    for (let chunk = await fetchChunk(); ; chunk = await fetchChunk(chunk.next!)) {
      yield chunk.items as StatementLine[];
      if (!chunk.next) return;
    }
  }
  return { head, pages: lines() };
}
