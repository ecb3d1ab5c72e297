import { Controller } from '@nestjs/common';
import { NatsRpcClient } from '@freight/server';
import { mails as mailResource, type JobMailStatus, type MailSummary } from '@freight/contracts';
import { CurrentSession } from '../auth/session.decorator.js';
import type { Session } from '../auth/token.service.js';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';

/**
 * `GET /api/shipments/mails/{jobNo}` (ADR 32): a job's booking e-mails with how each went. The
 * shipment service answers the job's send requests (and refuses a job the caller may not see:
 * an Employee's another's is 403, an unknown one 404); the notification service the delivery
 * state of the e-mails it queued for them, matched by the request's id. A request the
 * notification service has not queued yet (its event on the way) is `queued`.
 */
@Controller()
export class JobMailsController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Route('shipmentsMails')
  async mails(@Input() { params }: RouteInput<'shipmentsMails'>, @CurrentSession() session: Session): Promise<{ success: true; mails: JobMailStatus[] }> {
    const actor = session.actor as Extract<Session, { kind: 'staff' }>['actor'];
    const { jobNo, requests } = await this.rpc.request('shipment.job.mailRequests', { actor, params });
    if (requests.length === 0) return { success: true, mails: [] };
    const { mails } = await this.rpc.request(mailResource.subjects.byKey, { actor, params: { businessKey: jobNo } });
    const byRequest = new Map<string, MailSummary>();
    for (const mail of mails) if (mail.requestId) byRequest.set(mail.requestId, mail);
    return {
      success: true,
      mails: requests.map((request) => {
        const mail = byRequest.get(request.id);
        return {
          ...request,
          status: mail?.status ?? 'queued',
          attempts: mail?.attempts ?? 0,
          lastError: mail?.lastError ?? null,
          sentAt: mail?.sentAt ?? null,
        };
      }),
    };
  }
}
