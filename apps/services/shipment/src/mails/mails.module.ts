import { Module } from '@nestjs/common';
import { jobs } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { JobMailHandlers, MAIL_OPERATIONS } from './job-mail.handlers.js';
import { JobMailLookups } from './job-mail-lookups.js';
import { JobMailsController } from './job-mails.controller.js';
import { JobRepository } from '../jobs/job.repository.js';
import { JobMailRepository } from './job-mail.repository.js';
import { JobMails } from './job-mails.service.js';

/**
 * The booking e-mails (ADR 32): the jobs resource's `sendConfirmationMail` and `sendUpdateMail`, and a job's
 * requests for the gateway (`shipment.job.mailRequests`). The e-mails leave through the service's
 * outbox (OutboxModule's relay), the consignees' addresses come with the directory copy's events.
 */
@Module({
  controllers: [resourceController(jobs, JobMailHandlers, MAIL_OPERATIONS), JobMailsController],
  providers: [JobMails, JobMailLookups, JobMailHandlers, JobRepository, JobMailRepository],
})
export class MailsModule {}
