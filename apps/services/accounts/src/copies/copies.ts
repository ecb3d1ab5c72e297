import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { eventStreamName, type ChangeEvent, type JobChangeEvent } from '@freight/contracts';
import { namespacedSubject, type NatsConfig } from '@freight/server';
import { EventConsumers, InvalidEvent, durableName, type ReceivedEvent, type Tx } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { SERVICE } from '../config.js';
import { lockConsignees, moveBalance, type Recorder } from '../ledger/ledger.js';
import { difference } from '../ledger/money.js';

export const COPIES_NATS = Symbol('AccountsCopiesNats');

/** The durables' purposes: `accounts_directory`, `accounts_shipment` (tools/dev/nats-config.mjs grants exactly these). */
export const DIRECTORY_DURABLE = 'directory';
export const SHIPMENT_DURABLE = 'shipment';

/** Who the ledger names for an opening balance: the staff user the directory's event names, else (an older event) the directory. */
const recorderOf = (by: ChangeEvent['by']): Recorder => (by ? { id: by.id, name: by.username } : { id: null, name: 'directory' });

type Record_ = Record<string, unknown>;

const text = (record: Record_, field: string, what: string): string => {
  const value = record[field];
  if (typeof value !== 'string' || value === '') throw new InvalidEvent(`${what} has no ${field}`);
  return value;
};

const changeOf = (subject: string) => {
  const [change, thing] = subject.split('.').reverse();
  return { change: change!, thing: thing! };
};

/**
 * A directory event (ADR 21, 34). Consignees: name and opening balance; a new consignee, or a
 * changed opening balance, is a ledger row 'opening balance' naming who made it (so the ledger adds up to the balance);
 * a rename is written to the invoices and credits that show the name. Origins and shippers: a
 * rename is written to the jobs that show it. Anything else is not this copy's. Applying the same
 * record twice changes nothing (the opening balance moves by the difference, 0).
 */
export async function applyDirectoryEvent(tx: Tx, { subject, payload }: ReceivedEvent): Promise<void> {
  const { change, thing } = changeOf(subject);
  const { before, after, by } = (payload ?? {}) as ChangeEvent<Record_>;
  if (thing === 'consignee') {
    if (change === 'deleted') {
      if (!before) throw new InvalidEvent(`${subject} has no record before`);
      await tx.query(`UPDATE accounts.consignee SET deleted_at = now() WHERE id = $1`, [text(before, 'consignee_id', subject)]);
      return;
    }
    if (!after || !['created', 'updated'].includes(change)) throw new InvalidEvent(`${subject} has no record after`);
    await applyConsignee(
      tx,
      text(after, 'consignee_id', subject),
      text(after, 'consigneeName', subject),
      text(after, 'openingBalance', subject),
      recorderOf(by),
    );
    return;
  }
  if ((thing === 'origin' || thing === 'shipper') && change === 'updated') {
    if (!after) throw new InvalidEvent(`${subject} has no record after`);
    const [idField, nameField, column] = thing === 'origin' ? ['_id', 'OriginPortName', 'origin'] : ['shipper_id', 'shipperName', 'shipper'];
    await tx.query(`UPDATE accounts.job SET ${column}_${thing === 'origin' ? 'port' : 'name'} = $2 WHERE ${column}_id = $1`, [
      text(after, idField, subject),
      text(after, nameField, subject),
    ]);
  }
}

async function applyConsignee(tx: Tx, id: string, name: string, openingBalance: string, by: Recorder): Promise<void> {
  await tx.query(`INSERT INTO accounts.consignee (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [id, name]);
  await lockConsignees(tx, [id]);
  const [row] = await tx.query<{ name: string; opening: string }[]>(`SELECT name, opening_balance::text AS opening FROM accounts.consignee WHERE id = $1`, [
    id,
  ]);
  await tx.query(`UPDATE accounts.consignee SET name = $2, from_directory = true, deleted_at = NULL WHERE id = $1`, [id, name]);
  if (row!.name !== name) {
    await tx.query(
      `UPDATE accounts.invoice i SET consignee_name = $2,
         search_text = accounts.invoice_search_text(i.job_no, i.invoice_no, $2, j.bl_no, j.container_no)
       FROM accounts.job j WHERE j.job_no = i.job_no AND i.consignee_id = $1`,
      [id, name],
    );
    await tx.query(
      `UPDATE accounts.credit SET consignee_name = $2, search_text = accounts.credit_search_text(credit_sr, $2, cheque_number, remarks)
       WHERE consignee_id = $1 AND deleted_at IS NULL`,
      [id, name],
    );
  }
  const change = difference(openingBalance, row!.opening);
  if (change !== '0.00') await moveBalance(tx, { consigneeId: id, kind: 'opening balance', change, documentAmount: openingBalance, by });
}

/**
 * A shipment job event (ADR 34): the job's facts as of the change (a deletion marks it deleted, its
 * invoice stays: the money was owed). A consignee this copy has not heard of yet (the directory's
 * stream is read apart) is added by name with no opening balance; its own event sets that later.
 * The facts are written whole, so a repeat changes nothing.
 */
export async function applyJobEvent(tx: Tx, { subject, payload }: ReceivedEvent): Promise<void> {
  const { change, thing } = changeOf(subject);
  if (thing !== 'job') return;
  const event = payload as Partial<JobChangeEvent> | undefined;
  const job = event?.job;
  if (!event?.jobNo || !job?.consigneeId || !job.originId) throw new InvalidEvent(`${subject} has no job facts`);
  await tx.query(`INSERT INTO accounts.consignee (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [job.consigneeId, job.consigneeName]);
  await tx.query(
    `INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port, shipper_id, shipper_name, bl_no, container_no, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)
     ON CONFLICT (job_no) DO UPDATE SET consignee_id = excluded.consignee_id, origin_id = excluded.origin_id, origin_port = excluded.origin_port,
       shipper_id = excluded.shipper_id, shipper_name = excluded.shipper_name, bl_no = excluded.bl_no, container_no = excluded.container_no,
       deleted_at = coalesce(accounts.job.deleted_at, excluded.deleted_at), updated_at = clock_timestamp()`,
    [event.jobNo, job.consigneeId, job.originId, job.originPort, job.shipperId, job.shipperName, job.blNo ?? '', job.containerNo ?? '', change === 'deleted'],
  );
  await tx.query(`UPDATE accounts.invoice SET search_text = accounts.invoice_search_text(job_no, invoice_no, consignee_name, $2, $3) WHERE job_no = $1`, [
    event.jobNo,
    job.blNo ?? '',
    job.containerNo ?? '',
  ]);
}

/**
 * The service's copies, fed by its durable consumers on the directory's and the shipment service's
 * streams (EventConsumers: each waits for its stream), one transaction per event with its
 * processed mark, so an event delivered twice changes nothing the second time.
 */
@Injectable()
export class Copies implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly directory: EventConsumers;
  private readonly shipment: EventConsumers;

  constructor(
    @Inject(COPIES_NATS) private readonly config: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {
    this.directory = new EventConsumers(SERVICE, DIRECTORY_DURABLE, config);
    this.shipment = new EventConsumers(SERVICE, SHIPMENT_DURABLE, config);
  }

  async onApplicationBootstrap(): Promise<void> {
    const namespace = this.config.NATS_NAMESPACE;
    await this.directory.start([
      {
        dataSource: this.dataSource,
        stream: eventStreamName('directory'),
        durable: durableName(SERVICE, DIRECTORY_DURABLE, namespace),
        filterSubject: namespacedSubject(namespace, 'events.directory.>'),
        handle: applyDirectoryEvent,
      },
    ]);
    await this.shipment.start([
      {
        dataSource: this.dataSource,
        stream: eventStreamName('shipment'),
        durable: durableName(SERVICE, SHIPMENT_DURABLE, namespace),
        filterSubject: namespacedSubject(namespace, 'events.shipment.job.>'),
        handle: applyJobEvent,
      },
    ]);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.directory.stop(), this.shipment.stop()]);
  }
}
