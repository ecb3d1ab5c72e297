import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { eventStreamName } from '@freight/contracts';
import { namespacedSubject, type NatsConfig } from '@freight/server';
import { EventConsumers, InvalidEvent, durableName, type ReceivedEvent, type Tx } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { SERVICE } from '../config.js';
import { NAME_KINDS, type NameKind } from './directory-names.js';

export const DIRECTORY_COPY_NATS = Symbol('DirectoryCopyNats');

/** The durable consumer's purpose; its name is `shipment_directory` (tools/dev/nats-config.mjs grants exactly that). */
export const DIRECTORY_DURABLE = 'directory';

/** Where each kind's id, name and username are in the directory's records (as its replies show them). */
const FIELDS: Record<NameKind, { id: string; name: string; username?: string }> = {
  user: { id: '_id', name: 'fullName', username: 'username' },
  branch: { id: '_id', name: 'BranchCity' },
  consignee: { id: 'consignee_id', name: 'consigneeName', username: 'username' },
  shipper: { id: 'shipper_id', name: 'shipperName', username: 'username' },
  forwarder: { id: '_id', name: 'Forwarder' },
  origin: { id: '_id', name: 'OriginPortName' },
  yard: { id: '_id', name: 'YardName' },
  shipmentType: { id: '_id', name: 'TypeofShipment' },
  shipmentTerm: { id: '_id', name: 'TermofShipment' },
};

/** The job columns holding each kind's id and name: a rename is written to every job that shows it. */
const JOB_COLUMNS: Record<NameKind, readonly (readonly [id: string, name: string])[]> = {
  user: [['user_id', 'user_name']],
  branch: [['branch_id', 'branch_city']],
  consignee: [
    ['consignee_id', 'consignee_name'],
    ['notify_id', 'notify_name'],
  ],
  shipper: [['shipper_id', 'shipper_name']],
  forwarder: [['forwarder_id', 'forwarder_name']],
  origin: [['origin_id', 'origin_port']],
  yard: [['yard_id', 'yard_name']],
  shipmentType: [['type_id', 'type_of_shipment']],
  shipmentTerm: [['term_id', 'term_of_shipment']],
};

const isKind = (value: string): value is NameKind => (NAME_KINDS as readonly string[]).includes(value);
const text = (record: Record<string, unknown>, field: string, what: string): string => {
  const value = record[field];
  if (typeof value !== 'string' || value === '') throw new InvalidEvent(`${what} has no ${field}`);
  return value;
};

/**
 * Applies one directory event (ADR 21, 29) to `shipment.directory_name`: a created or updated
 * record is written with its current name (and the jobs that show it get the new name in the
 * same transaction); a deleted one is marked deleted, so no new job can name it while existing
 * jobs keep the name they had. Events come in commit order, so the last one wins. Other
 * directory events (e-mail requests) are not this copy's.
 */
export async function applyDirectoryEvent(tx: Tx, { subject, payload }: ReceivedEvent): Promise<void> {
  const [change, kind] = subject.split('.').reverse();
  if (!kind || !isKind(kind) || !['created', 'updated', 'deleted'].includes(change!)) return;
  const { before, after } = (payload ?? {}) as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  const fields = FIELDS[kind];
  if (change === 'deleted') {
    if (!before) throw new InvalidEvent(`${subject} has no record before`);
    await tx.query(`UPDATE shipment.directory_name SET deleted_at = now() WHERE kind = $1 AND id = $2`, [kind, text(before, fields.id, subject)]);
    return;
  }
  if (!after) throw new InvalidEvent(`${subject} has no record after`);
  const id = text(after, fields.id, subject);
  const name = text(after, fields.name, subject);
  const username = fields.username ? text(after, fields.username, subject) : null;
  const [previous] = await tx.query<{ name: string }[]>(`SELECT name FROM shipment.directory_name WHERE kind = $1 AND id = $2`, [kind, id]);
  await tx.query(
    `INSERT INTO shipment.directory_name (kind, id, name, username) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind, id) DO UPDATE SET name = excluded.name, username = excluded.username, deleted_at = NULL`,
    [kind, id, name, username],
  );
  if (previous && previous.name !== name) {
    for (const [idColumn, nameColumn] of JOB_COLUMNS[kind]) {
      await tx.query(`UPDATE shipment.job SET ${nameColumn} = $2 WHERE ${idColumn} = $1`, [id, name]);
    }
  }
}

/**
 * The service's copy of the directory's names, fed by the durable consumer `shipment_directory`
 * on EVENTS_DIRECTORY, which starts beside the service (EventConsumers: it waits for the stream).
 */
@Injectable()
export class DirectoryCopy implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumers: EventConsumers;

  constructor(
    @Inject(DIRECTORY_COPY_NATS) private readonly config: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {
    this.consumers = new EventConsumers(SERVICE, DIRECTORY_DURABLE, config);
  }

  async onApplicationBootstrap(): Promise<void> {
    const namespace = this.config.NATS_NAMESPACE;
    await this.consumers.start([
      {
        dataSource: this.dataSource,
        stream: eventStreamName('directory'),
        durable: durableName(SERVICE, DIRECTORY_DURABLE, namespace),
        filterSubject: namespacedSubject(namespace, 'events.directory.>'),
        handle: applyDirectoryEvent,
      },
    ]);
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumers.stop();
  }
}
