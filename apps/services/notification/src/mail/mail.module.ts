import { Module, type DynamicModule } from '@nestjs/common';
import { companyProfileFromEnv, mails, type CompanyEnv } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { MailController, MailHandlers } from './mail.controller.js';
import { MAIL_REQUESTS_NATS, MailRequests, type MailRequestsNats } from './mail-requests.js';
import { MailRepository } from './mail.repository.js';
import { MAIL_CONFIG, MailSender, type MailConfig } from './mail.sender.js';
import { COMPANY_PROFILE, MailService } from './mail.service.js';

/** E-mail as rows, the sender, `notification.mail.send`, the producers' mail requests (events) and the staff read call; global: every module of the service may queue e-mail (MailService). */
@Module({})
export class MailModule {
  static register(config: MailConfig & MailRequestsNats & CompanyEnv): DynamicModule {
    return {
      module: MailModule,
      global: true,
      controllers: [MailController, resourceController(mails, MailHandlers)],
      providers: [
        { provide: MAIL_CONFIG, useValue: config },
        { provide: MAIL_REQUESTS_NATS, useValue: config },
        { provide: COMPANY_PROFILE, useValue: companyProfileFromEnv(config) },
        MailRepository,
        MailSender,
        MailService,
        MailHandlers,
        MailRequests,
      ],
      exports: [MailService],
    };
  }
}
