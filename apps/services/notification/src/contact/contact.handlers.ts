import { Inject, Injectable } from '@nestjs/common';
import { ContactTexts, contactMessages, type MessageReply, type RequestOf, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { writeTransaction } from '@freight/server-database';
import { MailService } from '../mail/mail.service.js';
import { ContactRepository } from './contact.repository.js';

export const SUPPORT_EMAIL = Symbol('SupportEmail');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Handlers = ResourceHandlers<typeof contactMessages>;

@Injectable()
export class ContactHandlers implements Handlers {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly mails: MailService,
    @Inject(SUPPORT_EMAIL) private readonly supportEmail: string,
  ) {}

  /**
   * The contact form: counted against the sender's address (TOO_MANY_ATTEMPTS with the seconds
   * to wait over the limit), then stored together with the e-mail to the support inbox in one
   * transaction, so an answered message is never without its e-mail.
   */
  async submit({ ip, ...request }: RequestOf<'notification.contact.submit'>): Promise<MessageReply> {
    const receivedAt = new Date().toISOString();
    const queueMail = await this.mails.render({
      to: [this.supportEmail],
      replyTo: request.email,
      template: { name: 'contact-message', data: { ...request, receivedAt } },
    });
    await writeTransaction(this.contacts.dataSource, {}, async (tx) => {
      const wait = await this.contacts.count(tx, ip);
      if (wait !== null) throw new AppError('TOO_MANY_ATTEMPTS', ContactTexts.tooMany(wait), { retryAfterSeconds: String(wait) });
      const message = await this.contacts.insert(tx, request, ip);
      // Keyed by the message, so its delivery state is read at GET /api/mails/contact:<id>.
      await queueMail(tx, `contact:${message._id}`);
    });
    this.mails.queued();
    return { message: ContactTexts.received };
  }

  all({ query }: Parameters<Handlers['all']>[0]) {
    return this.contacts.list(query);
  }

  export({ query, after, limit }: Parameters<Handlers['export']>[0]) {
    return this.contacts.exportChunk(query, after, limit);
  }

  async handle({ actor, params, body }: Parameters<Handlers['handle']>[0]) {
    const found = UUID.test(params._id) ? await this.contacts.setHandled(params._id, body.handled, actor.username) : null;
    if (!found) throw new AppError('NOT_FOUND', ContactTexts.notFound);
    return { success: true as const, message: body.handled ? ContactTexts.handled : ContactTexts.reopened, contactMessage: found };
  }
}
