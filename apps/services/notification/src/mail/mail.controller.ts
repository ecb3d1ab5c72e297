import { Controller, Injectable } from '@nestjs/common';
import { mails, type ReplyOf, type RequestOf, type ResourceHandlers } from '@freight/contracts';
import { InternalMessage } from '@freight/server';
import { MailRepository } from './mail.repository.js';
import { MailService } from './mail.service.js';

/** `notification.mail.send`: queue an e-mail (services, tools). */
@Controller()
export class MailController {
  constructor(private readonly mails: MailService) {}

  @InternalMessage('notification.mail.send')
  send(message: RequestOf<'notification.mail.send'>): Promise<ReplyOf<'notification.mail.send'>> {
    return this.mails.send(message as never);
  }
}

/** The staff read call (`GET /api/mails/{businessKey}`): a job's e-mails and how each went. */
@Injectable()
export class MailHandlers implements ResourceHandlers<typeof mails> {
  constructor(private readonly mails: MailRepository) {}

  async byKey({ params }: Parameters<ResourceHandlers<typeof mails>['byKey']>[0]) {
    return { success: true as const, mails: await this.mails.byBusinessKey(params.businessKey) };
  }
}
