import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { consignees, eventStreamName, type Consignee } from '@freight/contracts';
import { namespacedSubject, type NatsConfig } from '@freight/server';
import { EventConsumers, durableName, type ReceivedEvent, type Tx } from '@freight/server-database';
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
 * The service's copy of the directory's consignees, fed by a durable consumer on EVENTS_DIRECTORY
 * that starts beside the service (EventConsumers: it waits for the directory's stream).
 */
@Injectable()
export class ConsigneeCopy implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumers: EventConsumers;

  constructor(
    @Inject(CONSIGNEE_COPY_NATS) private readonly config: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {
    this.consumers = new EventConsumers(SERVICE, 'consignees', config);
  }

  async onApplicationBootstrap(): Promise<void> {
    const namespace = this.config.NATS_NAMESPACE;
    await this.consumers.start([
      {
        dataSource: this.dataSource,
        stream: eventStreamName('directory'),
        durable: durableName(SERVICE, CONSIGNEES_DURABLE, namespace),
        filterSubject: namespacedSubject(namespace, `events.directory.${consignees.name}.>`),
        handle: applyConsigneeEvent,
      },
    ]);
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumers.stop();
  }
}
