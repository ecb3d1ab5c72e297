import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { eventStreamName, mailRequestedEventSchema, mailRequestedSubject, type MailRequestedEvent, type ServiceName } from '@freight/contracts';
import { AppError, namespacedSubject, parseOrThrow, type NatsConfig } from '@freight/server';
import { EventConsumers, InvalidEvent, durableName, type ReceivedEvent, type Tx } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { SERVICE } from '../config.js';
import { MailService } from './mail.service.js';

export const MAIL_REQUESTS_NATS = Symbol('MailRequestsNats');
export type MailRequestsNats = Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>;

/**
 * The services whose `events.<service>.mail.requested` events are queued as e-mail (ADR 27), each
 * through a durable of its own, `notification_mail_<service>` (tools/dev/nats-config.mjs grants
 * exactly those). A new producer is added here and there.
 */
export const MAIL_PRODUCERS: readonly ServiceName[] = ['directory', 'shipment'];

/** The durable's purpose for `producer`'s mail requests: `notification_mail_directory`. */
export const mailDurable = (producer: ServiceName) => `mail_${producer}`;

/**
 * Consumes the producers' mail requests: each event's e-mail is queued in the transaction that
 * records the event as processed, so a redelivered event queues nothing twice (the event id is
 * the idempotency key). A payload that is not a valid mail request is terminated and logged.
 */
@Injectable()
export class MailRequests implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumers: EventConsumers;

  constructor(
    @Inject(MAIL_REQUESTS_NATS) private readonly config: MailRequestsNats,
    private readonly mails: MailService,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {
    this.consumers = new EventConsumers(SERVICE, 'mail-requests', config);
  }

  async onApplicationBootstrap(): Promise<void> {
    const namespace = this.config.NATS_NAMESPACE;
    await this.consumers.start(
      MAIL_PRODUCERS.map((producer) => ({
        dataSource: this.dataSource,
        stream: eventStreamName(producer),
        durable: durableName(SERVICE, mailDurable(producer), namespace),
        filterSubject: namespacedSubject(namespace, mailRequestedSubject(producer)),
        handle: (tx: Tx, event: ReceivedEvent) => this.queue(tx, [event]),
        handleMany: (tx: Tx, events: readonly ReceivedEvent[]) => this.queue(tx, events),
        // Each request is an e-mail of its own: after a crash, the next ones need not wait for those the dead consumer held.
        inOrder: false,
      })),
    );
  }

  /** Queues the requested e-mails in `tx` (their rows commit with the events' processed marks), one statement for the batch. */
  private async queue(tx: Tx, events: readonly ReceivedEvent[]): Promise<void> {
    // The event id goes with the e-mail: the producer matches its record of the request by it.
    await this.mails.queueAll(
      tx,
      events.map(({ payload, messageId }) => ({ ...mailRequest(payload), requestId: messageId })),
    );
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumers.stop();
  }
}

/** A mail request's payload, checked: one that is not a valid request can never be queued (`InvalidEvent`). */
function mailRequest(payload: unknown): MailRequestedEvent {
  try {
    return parseOrThrow(mailRequestedEventSchema, payload);
  } catch (error) {
    if (error instanceof AppError) throw new InvalidEvent(`not a mail request: ${JSON.stringify(error.details ?? error.message)}`);
    throw error;
  }
}
