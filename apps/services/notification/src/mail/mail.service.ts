import { Inject, Injectable } from '@nestjs/common';
import type { CompanyProfile, MailAccepted, MailSendRequest, MailTemplate } from '@freight/contracts';
import { writeTransaction } from '@freight/server-database';
import type { EntityManager } from 'typeorm';
import { renderMail, type RenderedMail } from '../templates/render.js';
import { MailRepository, type NewMail } from './mail.repository.js';
import { MailSender } from './mail.sender.js';

/** The configured company profile, whose details sign every e-mail (docs/adr/0044-company-profile.md). */
export const COMPANY_PROFILE = Symbol('CompanyProfile');

/** The row of an order, rendered. */
const newMail = (order: MailOrder, rendered: RenderedMail): NewMail => ({
  ...rendered,
  businessKey: order.businessKey,
  kind: order.template.name,
  to: order.to,
  replyTo: order.replyTo,
  requestId: order.requestId,
});

/** Every sender of `notification.mail.send` shares one idempotency scope: the key is the caller's, the request says what it was for. */
const SEND_SCOPE = 'notification.mail.send';

/** What `queue` needs: the template and its data, the recipients, what it is about. */
export interface MailOrder {
  to: readonly string[];
  businessKey: string;
  template: MailTemplate;
  replyTo?: string;
  /** The producer's mail-request event id, kept with the e-mail (ADR 27). */
  requestId?: string;
}

@Injectable()
export class MailService {
  constructor(
    private readonly mails: MailRepository,
    private readonly sender: MailSender,
    @Inject(COMPANY_PROFILE) private readonly company: CompanyProfile,
  ) {}

  /**
   * Renders the e-mail (before any transaction opens); the function answered queues it in `tx`
   * under `businessKey` (the order's, or one only known in the transaction, such as a new
   * contact message's id): it is sent if, and only if, `tx` commits. That answers the new row's id.
   */
  async render(order: Omit<MailOrder, 'businessKey'> & { businessKey?: string }): Promise<(tx: EntityManager, businessKey?: string) => Promise<string>> {
    const rendered = await renderMail(order.template, this.company);
    return (tx, businessKey = order.businessKey) => {
      if (!businessKey) throw new Error('An e-mail is queued under a business key');
      return this.mails.insert(tx, newMail({ ...order, businessKey }, rendered));
    };
  }

  /** Renders each order and queues them all in `tx` with one statement (a batch of mail requests, docs/adr/0061-events-keep-up.md). */
  async queueAll(tx: EntityManager, orders: readonly MailOrder[]): Promise<void> {
    const rendered = await Promise.all(orders.map((order) => renderMail(order.template, this.company)));
    await this.mails.insertAll(
      tx,
      orders.map((order, i) => newMail(order, rendered[i]!)),
    );
  }

  /**
   * `notification.mail.send`: the row is committed before the reply (one autocommitted INSERT);
   * with an idempotency key, in a transaction with the key, so a repeat answers the first row.
   */
  async send({ idempotencyKey, ...order }: MailSendRequest): Promise<MailAccepted> {
    const insert = await this.render(order);
    const accepted =
      idempotencyKey === undefined
        ? { id: await insert(this.mails.dataSource.manager), status: 'queued' as const }
        : await writeTransaction(this.mails.dataSource, {}, async (tx): Promise<MailAccepted> => ({ id: await insert(tx), status: 'queued' }), {
            key: idempotencyKey,
            scope: SEND_SCOPE,
            request: order,
          });
    this.sender.wake();
    return accepted;
  }

  /** Wakes this process's sender after a caller committed e-mails queued with `render`. */
  queued(): void {
    this.sender.wake();
  }
}
