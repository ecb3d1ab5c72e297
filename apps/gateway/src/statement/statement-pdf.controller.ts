import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { companyProfileFromEnv } from '@freight/contracts';
import { CurrentSession } from '../auth/session.decorator.js';
import type { Session } from '../auth/token.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';
import { StatementPdfDrawer } from './statement-pdf.drawer.js';

/**
 * `GET /api/accounts/statement/{consignee_id}/statement.pdf?from=&to=` (ADR 37): a worker thread
 * (StatementPdfDrawer, ADR 62) asks the accounts service for the statement, its figures and every
 * line in one reply read once (docs/adr/0065-statement-read-once.md), and draws it; the event loop
 * only admits the PDF and sends the file. A refusal (403, 404 for an unknown consignee, 400 for a
 * bad range) comes back from the worker and is the usual JSON error; a user with PDF_PER_USER in
 * hand on any gateways, or a gateway with PDF_IN_ALL, gets 429 with Retry-After before any fetch.
 */
@Controller()
export class StatementPdfController {
  constructor(
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
    let drawn: { file: Buffer; fileName: string };
    try {
      drawn = await this.drawer.draw({
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
      .header('Content-Disposition', `attachment; filename="${drawn.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(drawn.file);
  }
}
