import { move } from 'piscina';
import type { CompanyProfile, Statement, StatementLine } from '@freight/contracts';
import { statementPdf } from './statement-pdf.js';

/** What the gateway hands a worker thread: the statement's figures, every line, the company's details, and the time it was asked for. */
export interface DrawJob {
  head: Statement;
  lines: StatementLine[];
  /** The company's details printed above the title (the configured profile). */
  company: CompanyProfile;
  /** Epoch milliseconds: the "printed on" time. */
  now: number;
}

/** Runs in a worker thread of StatementPdfDrawer's pool: draws the PDF off the gateway's event loop, and hands its bytes over without a copy. */
export default async function draw({ head, lines, company, now }: DrawJob): Promise<Uint8Array> {
  async function* all(): AsyncGenerator<StatementLine[]> {
    yield lines;
  }
  return move(await statementPdf(head, all(), new Date(now), company)) as Uint8Array;
}
