import { Module } from '@nestjs/common';
import { JobMailLookups } from './job-mail-lookups.js';
import { JobMailsController } from './job-mails.controller.js';
import { JobMails } from './job-mails.service.js';

/**
 * The booking e-mails (ADR 32): the send requests (`JobMails.send`, called by the jobs resource's
 * `sendmail` and `sendupdatingmail` handlers) and a job's requests for the gateway. The e-mails
 * themselves leave through the service's outbox, which the jobs module's relay publishes.
 */
@Module({
  controllers: [JobMailsController],
  providers: [JobMails, JobMailLookups],
  exports: [JobMails],
})
export class MailsModule {}
