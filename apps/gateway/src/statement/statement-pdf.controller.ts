import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import { accountsReports, api, companyProfileFromEnv, type Statement, type StatementLine } from '@freight/contracts';
import { CurrentSession } from '../auth/session.decorator.js';
import type { Session } from '../auth/token.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { chunkFetcher } from '../export/csv-exporter.js';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';
import { statementPdf } from './statement-pdf.js';

/** `Acme Traders (Pvt) Ltd` → `acme-traders-pvt-ltd`: a file name's part, whatever the name holds. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'consignee';

/**
 * `GET /api/accounts/statement/{consignee_id}/statement.pdf?from=&to=` (ADR 37): the accounts
 * service answers the statement's figures (its first line only) and then its lines in chunks, as
 * for the CSV; the gateway draws them with pdfkit. The figures come first, so a refusal (403 from
 * the guard, 404 for an unknown consignee, 400 for a bad range) is the usual JSON error.
 */
@Controller()
export class StatementPdfController {
  constructor(
    private readonly rpc: NatsRpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Route('accountsStatementPdf')
  async pdf(
    @Input() { params, query }: RouteInput<'accountsStatementPdf'>,
    @CurrentSession() session: Session,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    // The Head, or the consignee whose statement it is (the guard checked the path names them): the message's actor is either.
    const actor = session.actor;
    const head = (await this.rpc.request(accountsReports.subjects.statement, { actor, params, query: { ...query, page: 1, pageSize: 1 } })) as Statement;
    const fetchChunk = chunkFetcher(this.rpc, api.accountsStatementExport, { params, query }, actor, this.config.EXPORT_CHUNK_ROWS);
    async function* pages(): AsyncGenerator<StatementLine[]> {
      for (let chunk = await fetchChunk(); ; chunk = await fetchChunk(chunk.next!)) {
        yield chunk.items as StatementLine[];
        if (!chunk.next) return;
      }
    }
    const file = await statementPdf(head, pages(), new Date(), companyProfileFromEnv(this.config));
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="statement-${slug(head.consignee.consigneeName)}-${head.from}-${head.to}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(file);
  }
}
