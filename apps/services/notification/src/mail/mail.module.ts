import { Module, type DynamicModule } from '@nestjs/common';
import { mails } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { MailController, MailHandlers } from './mail.controller.js';
import { MailRepository } from './mail.repository.js';
import { MAIL_CONFIG, MailSender, type MailConfig } from './mail.sender.js';
import { MailService } from './mail.service.js';

/** E-mail as rows, the sender, `notification.mail.send` and the staff read call; global: every module of the service may queue e-mail (MailService). */
@Module({})
export class MailModule {
  static register(config: MailConfig): DynamicModule {
    return {
      module: MailModule,
      global: true,
      controllers: [MailController, resourceController(mails, MailHandlers)],
      providers: [{ provide: MAIL_CONFIG, useValue: config }, MailRepository, MailSender, MailService, MailHandlers],
      exports: [MailService],
    };
  }
}
