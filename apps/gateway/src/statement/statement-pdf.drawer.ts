import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError, RemoteError, type NatsClientConfig } from '@freight/server';
import { Messages } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { PdfLeases } from './pdf-leases.js';
import type { DrawJob, DrawResult, DrawerData } from './statement-pdf.worker.js';

/** Worker threads that fetch and draw statement PDFs: every core but one, which the event loop keeps. */
export const PDF_THREADS = Math.max(1, availableParallelism() - 1);
/** PDFs one user may have in hand at once (fetching their lines or being drawn), on all gateways together; past it: 429. */
export const PDF_PER_USER = 2;
/** PDFs in hand at once on this gateway, every user's together (a guard of this process's CPU and memory); past it: 429. */
export const PDF_IN_ALL = PDF_THREADS * 4;
/** How much lower the workers' scheduling priority is than the gateway's own (Linux nice). */
const PDF_NICE = 10;
/** What a refused PDF's Retry-After says: a statement of 1,000 lines is fetched and drawn in well under a second (docs/adr/0062-statement-pdfs-drawn-directly.md). */
export const PDF_RETRY_AFTER_SECONDS = 2;

const busy = () => new AppError('TOO_MANY_ATTEMPTS', Messages.pdfBusy, { retryAfterSeconds: String(PDF_RETRY_AFTER_SECONDS) });

/** The built worker beside this file; under jest, which runs the sources, the build's (the test setup builds the gateway first). */
function workerFile(): string {
  const beside = new URL('./statement-pdf.worker.js', import.meta.url);
  return fileURLToPath(existsSync(fileURLToPath(beside)) ? beside : new URL('../../dist/statement/statement-pdf.worker.js', import.meta.url));
}

/**
 * Draws statement PDFs in a pool of worker threads (piscina), which also ask for the statement
 * (docs/adr/0062-statement-pdfs-drawn-directly.md, docs/adr/0065-statement-read-once.md), so a burst of them no longer holds the
 * gateway's event loop and every other call behind it, and admits at most PDF_PER_USER per user
 * over every gateway (PdfLeases) and PDF_IN_ALL in all on this one
 * (docs/adr/0043-replies-of-any-size-and-pdf-workers.md, docs/adr/0053-state-of-each-process-with-replicas.md).
 */
@Injectable()
export class StatementPdfDrawer implements OnApplicationShutdown {
  private readonly pool: Piscina<DrawJob, DrawResult>;
  private inAll = 0;

  constructor(
    private readonly leases: PdfLeases,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    const { NATS_URL, NATS_NAMESPACE, NATS_REQUEST_TIMEOUT_MS, NATS_USER, NATS_PASSWORD, ACCOUNTS_REQUEST_KEY, CHECK_JSON_REPLIES } = config;
    // Niced: on a busy machine the event loop (every other call) and the services go first. Each
    // worker asks the accounts service for the lines on a NATS connection of its own, with that service's request key only (ADR 60).
    const nats: NatsClientConfig = { NATS_URL, NATS_NAMESPACE, NATS_REQUEST_TIMEOUT_MS, NATS_USER, NATS_PASSWORD, ACCOUNTS_REQUEST_KEY };
    const workerData: DrawerData = { nats, checkReplies: CHECK_JSON_REPLIES };
    this.pool = new Piscina({ filename: workerFile(), maxThreads: PDF_THREADS, minThreads: 1, niceIncrement: PDF_NICE, workerData });
  }

  /** Counts a PDF of `userId` in until the answer's `release` has settled; refuses it (429, Retry-After) past either limit. */
  async admit(userId: string): Promise<() => Promise<void>> {
    if (this.inAll >= PDF_IN_ALL) throw busy();
    // Counted before the user's slot is asked for, so a burst cannot all pass the check while it waits.
    this.inAll++;
    const giveBack = await this.leases.take(userId, PDF_PER_USER).catch((error: unknown) => {
      this.inAll--;
      throw error;
    });
    if (!giveBack) {
      this.inAll--;
      throw busy();
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.inAll--;
      await giveBack();
    };
  }

  /** The statement as a PDF and its file's name: asked for and drawn in a worker (DrawJob). Rejects with the service's refusal, as if asked here. */
  async draw(job: Omit<DrawJob, 'now'>, now = new Date()): Promise<{ file: Buffer; fileName: string }> {
    const result = await this.pool.run({ ...job, now: now.getTime() });
    if ('refused' in result) throw new RemoteError(result.refused);
    return { file: Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength), fileName: result.fileName };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
