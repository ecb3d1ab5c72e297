import { Controller } from '@nestjs/common';
import type { JobMailRequestsReply, RequestOf } from '@freight/contracts';
import { InternalMessage } from '@freight/server';
import { JobMails } from './job-mails.service.js';

/** `shipment.job.mailRequests`: a job's booking e-mail requests, for the gateway's `GET /api/shipments/mails/{jobNo}` (ADR 32). */
@Controller()
export class JobMailsController {
  constructor(private readonly mails: JobMails) {}

  @InternalMessage('shipment.job.mailRequests')
  requests({ actor, params }: RequestOf<'shipment.job.mailRequests'>): Promise<JobMailRequestsReply> {
    return this.mails.requests(actor, params.jobNo);
  }
}
