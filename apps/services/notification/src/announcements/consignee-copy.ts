import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { consignees, eventStreamName, type Consignee } from '@freight/contracts';
import { natsConnectionOptions, namespacedSubject, type NatsConfig } from '@freight/server';
import { EventConsumer, durableName, serviceInboxPrefix, type ReceivedEvent, type Tx } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { SERVICE } from '../config.js';

export const CONSIGNEE_COPY_NATS = Symbol('ConsigneeCopyNats');

/** The durable consumer's purpose; its name is `notification_consignees` (tools/dev/nats-config.mjs grants exactly that). */
export const CONSIGNEES_DURABLE = 'consignees';

/**
 * Applies one directory consignee event (ADR 21) to `notification.consignee`: a created or updated
 * consignee is written with its current name and username; a deleted one is marked deleted, so its
 * announcements are no longer shown. Events come in commit order, so the last one wins.
 */
export async function applyConsigneeEvent(tx: Tx, { subject, payload }: ReceivedEvent): Promise<void> {
  const { before, after } = payload as { before?: Consignee; after?: Consignee };
  if (subject.endsWith('.deleted')) {
    if (before) await tx.query(`UPDATE notification.consignee SET deleted_at = now() WHERE id = $1`, [before.consignee_id]);
    return;
  }
  if (!after) return;
  await tx.query(
    `INSERT INTO notification.consignee (id, consignee_name, username) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET consignee_name = excluded.consignee_name, username = excluded.username`,
    [after.consignee_id, after.consigneeName, after.username],
  );
}

/**
 * The service's copy of the directory's consignees, fed by a durable consumer on EVENTS_DIRECTORY.
 * It starts beside the service and keeps trying while the stream is not there yet (the directory
 * creates it when it starts), so the service never waits for the directory to come up.
 */
@Injectable()
export class ConsigneeCopy implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConsigneeCopy.name);
  private nats?: NatsConnection;
  private consumer?: EventConsumer;
  private stopped = false;
  private starting?: Promise<void>;

  constructor(
    @Inject(CONSIGNEE_COPY_NATS) private readonly config: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { config } = this;
    // Its own connection, whose replies (JetStream API, deliveries) arrive on the service's own inbox.
    this.nats = await connect({ ...natsConnectionOptions(config, `${config.NATS_NAMESPACE}${SERVICE}-consignees`), inboxPrefix: serviceInboxPrefix(SERVICE) });
    this.starting = this.start();
  }

  private async start(): Promise<void> {
    const namespace = this.config.NATS_NAMESPACE;
    while (!this.stopped) {
      const consumer = new EventConsumer({
        dataSource: this.dataSource,
        nats: this.nats!,
        stream: eventStreamName('directory'),
        durable: durableName(SERVICE, CONSIGNEES_DURABLE, namespace),
        filterSubject: namespacedSubject(namespace, `events.directory.${consignees.name}.>`),
        handle: applyConsigneeEvent,
      });
      try {
        await consumer.start();
        this.consumer = consumer;
        return;
      } catch (error) {
        this.logger.warn(`Consignee events not readable yet, trying again in 1 s: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.starting;
    await this.consumer?.stop();
    await this.nats?.close().catch(() => undefined);
  }
}
