import { Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { loadPasswordEstimator } from '@freight/contracts';
import { NatsRpcClient } from '@freight/server';
import { AuthGuard } from './auth/auth.guard.js';
import { RevocationService } from './auth/revocation.service.js';
import { SessionController } from './auth/session.controller.js';
import { SessionStateService } from './auth/session-state.service.js';
import { TokenService } from './auth/token.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway.config.js';
import { CompanyController } from './company/company.controller.js';
import { ContactController } from './contact/contact.controller.js';
import { DocsController } from './docs/docs.controller.js';
import { GatewayDrain } from './health/drain.service.js';
import { HealthController } from './health/health.controller.js';
import { csvExporter } from './export/csv-exporter.js';
import { HttpErrorFilter } from './http/exception.filter.js';
import { JobMailsController } from './live/job-mails.controller.js';
import { LiveController } from './live/live.controller.js';
import { LiveJobsService } from './live/live-jobs.service.js';
import { ContractReplyInterceptor } from './http/reply.interceptor.js';
import { StatementPdfController } from './statement/statement-pdf.controller.js';
import { PdfLeases } from './statement/pdf-leases.js';
import { StatementPdfDrawer } from './statement/statement-pdf.drawer.js';

/** The gateway holds no business data: every call becomes a NATS request to a service. */
@Module({})
export class AppModule implements OnModuleInit {
  /** Validation checks new passwords synchronously: the estimator is loaded before the first request. */
  onModuleInit(): Promise<void> {
    return loadPasswordEstimator();
  }

  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      // Sign-in, sign-out, health, the docs, the contact form, the company's details, a job's e-mails, the live job stream and the statement PDF do more than forward; the CSV exports stream. Every other resource route is forwarded by a plain Fastify route (app.factory.ts).
      controllers: [
        SessionController,
        HealthController,
        DocsController,
        ContactController,
        CompanyController,
        JobMailsController,
        LiveController,
        StatementPdfController,
        csvExporter(),
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        {
          provide: NatsRpcClient,
          useFactory: async () => {
            const client = new NatsRpcClient(config, 'gateway');
            await client.connect();
            return client;
          },
        },
        TokenService,
        RevocationService,
        SessionStateService,
        LiveJobsService,
        PdfLeases,
        StatementPdfDrawer,
        GatewayDrain,
        // Also by class: the forwarded routes (plain Fastify routes, app.factory.ts) call them directly.
        AuthGuard,
        ContractReplyInterceptor,
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_INTERCEPTOR, useExisting: ContractReplyInterceptor },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
