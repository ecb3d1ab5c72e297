import { Controller, Module, type DynamicModule } from '@nestjs/common';
import { contactMessages, type ReplyOf, type RequestOf } from '@freight/contracts';
import { InternalMessage, resourceController } from '@freight/server';
import { ContactHandlers, SUPPORT_EMAIL } from './contact.handlers.js';
import { ContactRepository } from './contact.repository.js';

/** `notification.contact.submit`: the public contact form, through the gateway. */
@Controller()
export class ContactController {
  constructor(private readonly contacts: ContactHandlers) {}

  @InternalMessage('notification.contact.submit')
  submit(message: RequestOf<'notification.contact.submit'>): Promise<ReplyOf<'notification.contact.submit'>> {
    return this.contacts.submit(message);
  }
}

/** The contact form and its messages for Head and Admin. */
@Module({})
export class ContactModule {
  static register(config: { SUPPORT_EMAIL: string }): DynamicModule {
    return {
      module: ContactModule,
      controllers: [ContactController, resourceController(contactMessages, ContactHandlers)],
      providers: [{ provide: SUPPORT_EMAIL, useValue: config.SUPPORT_EMAIL }, ContactRepository, ContactHandlers],
    };
  }
}
