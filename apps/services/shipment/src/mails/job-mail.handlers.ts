import { Injectable } from '@nestjs/common';
import type { ResourceHandlers, jobs } from '@freight/contracts';
import { JobMails } from './job-mails.service.js';

type Handlers = ResourceHandlers<typeof jobs>;
/** The jobs resource's calls this module answers. */
export const MAIL_OPERATIONS = ['sendConfirmationMail', 'sendUpdateMail'] as const satisfies readonly (keyof Handlers)[];
type Op = (typeof MAIL_OPERATIONS)[number];

/** The two send buttons (requirements 02 §7): the job view's booking confirmation, the booking view's updated data (ADR 32). */
@Injectable()
export class JobMailHandlers implements Pick<Handlers, Op> {
  constructor(private readonly mails: JobMails) {}

  sendConfirmationMail({ actor, params }: Parameters<Handlers['sendConfirmationMail']>[0]) {
    return this.mails.send('booking-confirmation', actor, params.jobNo);
  }

  sendUpdateMail({ actor, params }: Parameters<Handlers['sendUpdateMail']>[0]) {
    return this.mails.send('updated-data', actor, params.jobNo);
  }
}
