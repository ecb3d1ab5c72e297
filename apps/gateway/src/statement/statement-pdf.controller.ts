import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import { accountsReports, companyProfileFromEnv, statementFileName, type Statement } from '@freight/contracts';
import { CurrentSession } from '../auth/session.decorator.js';
import type { Session } from '../auth/token.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';
import { StatementPdfDrawer } from './statement-pdf.drawer.js';

/**
 * `GET /api/accounts/statement/{consignee_id}/statement.pdf?from=&to=` (ADR 37): the accounts
 * service answers the statement's figures (its first line only) and then its lines in chunks, as
 * for the CSV; the gateway draws them. The figures come first, so a refusal (403 from the guard,
 * 404 for an unknown consignee, 400 for a bad range) is the usual JSON error. The lines are asked
 * for and drawn by a worker thread (StatementPdfDrawer, ADR 62): the event loop only asks for the
 * figures and sends the file; a user with PDF_PER_USER in hand on any gateways, or a gateway with
 * PDF_IN_ALL, gets 429 with Retry-After before any fetch.
 */
@Controller()
export class StatementPdfController {
  constructor(
    private readonly rpc: NatsRpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly drawer: StatementPdfDrawer,
  ) {}

  @Route('accountsStatementPdf')
  async pdf(
    @Input() { params, query }: RouteInput<'accountsStatementPdf'>,
    @CurrentSession() session: Session,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    // The Head, or the consignee whose statement it is (the guard checked the path names them): the message's actor is either.
    const actor = session.actor;
    const release = await this.drawer.admit(actor.id);
    let file: Buffer;
    let head: Statement;
    try {
      head = (await this.rpc.request(accountsReports.subjects.statement, { actor, params, query: { ...query, page: 1, pageSize: 1 } })) as Statement;
      file = await this.drawer.draw({
        head,
        input: { params, query },
        actor,
        chunkRows: this.config.EXPORT_CHUNK_ROWS,
        company: companyProfileFromEnv(this.config),
      });
    } finally {
      await release();
    }
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${statementFileName(head.consignee.consigneeName, head.from, head.to, 'pdf')}"`)
      .header('Cache-Control', 'no-store')
      .send(file);
  }
}
