import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  JobMailTexts,
  MAX_MAIL_RECIPIENTS,
  mailRequestedEventSchema,
  type Actor,
  type JobMailKind,
  type JobMailRequest,
  type JobMailRequestsReply,
} from '@freight/contracts';
import { AppError, parseOrThrow } from '@freight/server';
import { appendEvents, mailRequestEvent } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { SERVICE } from '../config.js';
import { bookingMailData } from './booking-mail-data.js';
import { JobMailLookups } from './job-mail-lookups.js';
import { JobMailRepository, type MailRequestRow } from './job-mail.repository.js';

const SENT_TEXT: Record<JobMailKind, string> = { 'booking-confirmation': JobMailTexts.confirmationSent, 'updated-data': JobMailTexts.updateSent };

/**
 * The booking e-mails (ADR 32). A send is one transaction: the job read as the caller may see it
 * (an Employee's another's job: 403), its consignee's e-mail and additional e-mails from the
 * service's copy of the directory's consignees, the request recorded in `shipment.mail_requests`,
 * and the mail-request event appended to the outbox under the request's id (ADR 27). The reply,
 * the spec's success text, comes after the commit: the e-mail is then certain to be queued by the
 * notification service, even if NATS is down now (the relay publishes once it is back).
 */
@Injectable()
export class JobMails {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookups: JobMailLookups,
    private readonly mails: JobMailRepository,
  ) {}

  async send(kind: JobMailKind, actor: Actor, jobNo: string): Promise<{ success: true; message: string }> {
    await this.dataSource.transaction(async (tx) => {
      const job = await this.lookups.visibleJob(tx, actor, jobNo);
      const to = recipients(await this.lookups.consigneeEmails(tx, job));
      if (to.length === 0) throw new AppError('VALIDATION_FAILED', JobMailTexts.noRecipient, { consigneeName: JobMailTexts.noRecipient });
      const request = parseOrThrow(mailRequestedEventSchema, { to, businessKey: job.jobNo, template: { name: kind, data: bookingMailData(job) } });
      const id = randomUUID();
      await this.mails.insertRequest(tx, {
        id,
        jobNo: job.jobNo,
        kind,
        recipients: to,
        requestedBy: actor.id,
        requestedByName: await this.lookups.staffName(tx, actor),
      });
      await appendEvents(tx, [mailRequestEvent(SERVICE, request, id)]);
    });
    return { success: true, message: SENT_TEXT[kind] };
  }

  /** `shipment.job.mailRequests`: the job's requests, newest first, if the caller may see the job. */
  async requests(actor: Actor, jobNo: string): Promise<JobMailRequestsReply> {
    return this.dataSource.transaction(async (tx) => {
      const job = await this.lookups.visibleJob(tx, actor, jobNo);
      const rows = await this.mails.requests(tx, job.jobNo);
      return { jobNo: job.jobNo, requests: rows.map(toRequest) };
    });
  }
}

const toRequest = (row: MailRequestRow): JobMailRequest => ({
  id: row.id,
  kind: row.kind,
  to: row.recipients,
  requestedAt: row.requested_at.toISOString(),
  requestedBy: row.requested_by_name,
});

/** The consignee's e-mail first, then the additional ones; each address once (any case), at most MAX_MAIL_RECIPIENTS. */
export function recipients(emails: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const email of emails) {
    const address = email?.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out.slice(0, MAX_MAIL_RECIPIENTS);
}
