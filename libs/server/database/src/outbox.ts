import { Logger } from '@nestjs/common';
import { jetstream, jetstreamManager, JetStreamApiCodes, JetStreamApiError, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  eventStreamName,
  eventSubject,
  mailRequestedSubject,
  type Change,
  type ChangeEvent,
  type MailRequestedEvent,
  type ResourceDef,
  type ServiceName,
} from '@freight/contracts';
import { namespacedSubject } from '@freight/server';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { NotifyWaiter } from './notify-waiter.js';

/**
 * The transactional outbox (ADR 21). A service appends its event to `<schema>.outbox` in the
 * transaction of the change itself, so the event exists exactly when the change does; the
 * relay publishes the rows to JetStream afterwards, with the row's id as `Nats-Msg-Id`.
 */

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** NOTIFY channel of a schema's outbox: one database may hold several services' schemas. */
export const outboxChannel = (schema: string) => `${schema}_outbox`;

/**
 * For a service's migration: the outbox in `schema`. `position` orders the rows (a change's
 * row takes its number after the change's row locks, so two changes of one record are
 * numbered in the order they committed); `id` is the message id, unique across services and
 * test databases that share a stream. A statement trigger wakes the relay at commit.
 */
export async function createOutboxTable(runner: QueryRunner, schema: string): Promise<void> {
  const s = quoteIdent(schema);
  await runner.query(`
    CREATE TABLE ${s}.outbox (
      position bigserial PRIMARY KEY,
      id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      subject text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`);
  await runner.query(`CREATE INDEX ix_outbox_unsent ON ${s}.outbox (position) WHERE sent_at IS NULL`);
  await runner.query(`CREATE INDEX ix_outbox_sent_at ON ${s}.outbox (sent_at) WHERE sent_at IS NOT NULL`);
  await runner.query(`
    CREATE FUNCTION ${s}.outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(${quoteLiteral(outboxChannel(schema))}, '');
      RETURN NULL;
    END $$`);
  await runner.query(`CREATE TRIGGER outbox_notify AFTER INSERT ON ${s}.outbox FOR EACH STATEMENT EXECUTE FUNCTION ${s}.outbox_notify()`);
}

export async function dropOutboxTable(runner: QueryRunner, schema: string): Promise<void> {
  const s = quoteIdent(schema);
  await runner.query(`DROP TABLE ${s}.outbox`);
  await runner.query(`DROP FUNCTION ${s}.outbox_notify()`);
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Schema of the data source (every service's data source names its own). */
function schemaOf(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!schema) throw new Error('The outbox needs a data source with a schema');
  return schema;
}

/** An event to append: its subject (eventSubject of the contracts, without namespace) and payload. */
export interface OutboxEvent {
  subject: string;
  payload: ChangeEvent | Record<string, unknown>;
  /** The row's id (its `Nats-Msg-Id`) when the caller keeps it too (a mail request's record); else a new one. */
  id?: string;
}

/**
 * The event of a change to a record of `resource`: `events.<service>.<name>.<change>` with the
 * natural key the record had before the change (its key, for a create), the records as the
 * service's replies show them and who made it.
 */
export function changeEvent<R>(
  resource: Pick<ResourceDef, 'service' | 'name' | 'naturalKey'>,
  change: Change,
  records: Omit<ChangeEvent<R>, 'key'>,
): OutboxEvent {
  const record = (records.before ?? records.after) as Record<string, unknown> | undefined;
  return { subject: eventSubject(resource.service, resource.name, change), payload: { key: String(record?.[resource.naturalKey]), ...records } };
}

/**
 * An e-mail `service` asks the notification service to send (ADR 27): append it with the business
 * change, and the e-mail is queued if, and only if, the change commits; the outbox row's id is
 * its idempotency key. `id` sets that id, for a producer that records its request under it
 * (the notification service keeps it with the e-mail as `request_id`).
 */
export function mailRequestEvent(service: ServiceName, request: MailRequestedEvent, id?: string): OutboxEvent {
  return { subject: mailRequestedSubject(service), payload: request, ...(id !== undefined && { id }) };
}

/** Appends events in the caller's transaction: they are published if, and only if, it commits. */
export async function appendEvents(tx: EntityManager, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const table = `${quoteIdent(schemaOf(tx.connection))}.outbox`;
  const values = events.map((_, i) => `(COALESCE($${3 * i + 1}::uuid, gen_random_uuid()), $${3 * i + 2}, $${3 * i + 3}::jsonb)`).join(', ');
  await tx.query(
    `INSERT INTO ${table} (id, subject, payload) VALUES ${values}`,
    events.flatMap((e) => [e.id ?? null, e.subject, JSON.stringify(e.payload)]),
  );
}

/** How long JetStream drops a repeated `Nats-Msg-Id` (the stream's duplicate window). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * The stream of `service`'s events: its subjects plain and under a one-token namespace, on disk,
 * kept on `replicas` NATS nodes (NATS_STREAM_REPLICAS; docs/adr/0049-cluster-mode.md).
 */
export function eventStreamConfig(service: ServiceName, replicas = 1): Partial<StreamConfig> & { name: string } {
  const subject = `events.${service}.>`;
  return {
    name: eventStreamName(service),
    subjects: [subject, `*.${subject}`],
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    num_replicas: replicas,
  };
}

/** JetStream's error code for a stream name already taken (with another configuration); @nats-io/jetstream names no constant for it. */
const STREAM_NAME_IN_USE = 10058;

/**
 * Creates the stream, or brings an existing one to this configuration: safe on every start of
 * every replica. Needs only the stream's own INFO, CREATE and UPDATE subjects.
 */
export async function ensureEventStream(nc: NatsConnection, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  const jsm = await jetstreamManager(nc, { checkAPI: false });
  try {
    await jsm.streams.info(config.name);
  } catch (error) {
    if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound)) throw error;
    try {
      await jsm.streams.add(config);
      return;
    } catch (addError) {
      // Another replica created it meanwhile: bring it to this configuration as below.
      if (!(addError instanceof JetStreamApiError && addError.code === STREAM_NAME_IN_USE)) throw addError;
    }
  }
  await jsm.streams.update(config.name, config);
}

export interface OutboxRelayOptions {
  dataSource: DataSource;
  service: ServiceName;
  /** A connection of the service's own NATS identity, with its own inbox prefix (serviceInboxPrefix). */
  nats: NatsConnection;
  /** NATS_NAMESPACE: prefixes every subject published. */
  namespace: string;
  /** The stream to make sure of before publishing (default: the service's event stream on `streamReplicas` nodes). */
  stream?: Partial<StreamConfig> & { name: string };
  /** NATS_STREAM_REPLICAS: the event stream's replicas (default 1). */
  streamReplicas?: number;
  /** Rows per transaction (default 100). */
  batchSize?: number;
  /** Looks for rows this often when no NOTIFY came (default 1 s). */
  pollMs?: number;
  /** Longest wait after repeated failures (default 30 s). */
  maxBackoffMs?: number;
  /**
   * Failpoint for tests: runs after a batch is published and acknowledged and before it is
   * marked sent. Throwing there is a relay that died at the worst moment.
   */
  afterPublish?: (ids: string[]) => Promise<void>;
}

/** The inbox prefix of a service's own JetStream connection (its NATS identity may read no other). */
export const serviceInboxPrefix = (service: ServiceName) => `_INBOX_${service}`;

const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Sent rows are kept this long for inspection, then deleted. */
const KEEP_SENT_HOURS = 24;

/**
 * Publishes a service's outbox to JetStream. Each round claims the oldest unsent rows in one
 * transaction (`FOR UPDATE SKIP LOCKED`, behind a transaction-scoped advisory lock so that of
 * several replicas one relays at a time and the order holds), publishes them in order, each
 * after the previous one's JetStream ack, marks them sent and commits. A crash anywhere before the commit leaves the
 * rows unsent: the next round publishes them again under the same `Nats-Msg-Id`, which the stream
 * drops within its duplicate window (and an idempotent consumer after it). It wakes on the
 * outbox's NOTIFY or every `pollMs`, and backs off exponentially while NATS or Postgres fail.
 */
export class OutboxRelay {
  private readonly logger: Logger;
  private readonly schema: string;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly maxBackoffMs: number;
  private readonly waiter: NotifyWaiter;
  private running?: Promise<void>;
  private lastPruned = 0;
  private streamReady = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = new Logger(`OutboxRelay(${options.service})`);
    this.schema = schemaOf(options.dataSource);
    this.batchSize = options.batchSize ?? 100;
    this.pollMs = options.pollMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.waiter = new NotifyWaiter(options.dataSource, outboxChannel(this.schema));
  }

  /** Starts relaying in the background; returns at once (NATS or Postgres may still be coming up). */
  start(): void {
    this.running ??= this.run();
  }

  /** Stops after the round in progress; rows it did not mark stay for the next relay. */
  async stop(): Promise<void> {
    this.waiter.stop();
    await this.running;
    await this.waiter.close();
  }

  /**
   * For a drain (docs/adr/0051-drain-and-probes.md): stops the background rounds, then relays
   * until every row appended so far is sent, whoever wrote it; while another replica's relay
   * holds the turn it waits for that one to send them. Rows appended afterwards (by another
   * replica still serving) are that replica's to relay. Answers whether none was left in time.
   */
  async drain(timeoutMs: number): Promise<boolean> {
    await this.stop();
    const table = `${quoteIdent(this.schema)}.outbox`;
    const [{ last }] = await this.options.dataSource.query<{ last: string | null }[]>(`SELECT max(position)::text AS last FROM ${table}`);
    if (last === null) return true;
    const deadline = Date.now() + timeoutMs;
    await this.ensureStream();
    for (;;) {
      const sent = await this.relayBatch();
      if (sent > 0) continue;
      const [{ left }] = await this.options.dataSource.query<{ left: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM ${table} WHERE sent_at IS NULL AND position <= $1) AS left`,
        [last],
      );
      if (!left) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Relays until no unsent row is left (tests, tools); answers how many rows it published. */
  async flush(): Promise<number> {
    await this.ensureStream();
    let total = 0;
    for (let sent = -1; sent !== 0; total += sent) sent = await this.relayBatch();
    return total;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.waiter.isStopped) {
      try {
        await this.ensureStream();
        await this.waiter.listen();
        const sent = await this.relayBatch();
        if (failures > 0) this.logger.log('Relaying events again');
        failures = 0;
        await this.pruneNowAndThen();
        if (sent === this.batchSize) continue;
        await this.waiter.idle(this.pollMs);
      } catch (error) {
        failures++;
        const wait = Math.min(this.maxBackoffMs, 100 * 2 ** Math.min(failures, 20));
        this.logger.warn(`Relaying events failed (${failures} in a row), retrying in ${wait} ms: ${error instanceof Error ? error.message : String(error)}`);
        await this.waiter.idle(wait, false);
      }
    }
  }

  private async ensureStream(): Promise<void> {
    if (this.streamReady) return;
    await ensureEventStream(this.options.nats, this.options.stream ?? eventStreamConfig(this.options.service, this.options.streamReplicas));
    this.streamReady = true;
  }

  /** One transaction: claim, publish, wait for the acks, mark sent. Answers the rows published. */
  private relayBatch(): Promise<number> {
    const { dataSource, namespace, nats, afterPublish } = this.options;
    const table = `${quoteIdent(this.schema)}.outbox`;
    return dataSource.transaction(async (tx) => {
      const [turn] = await tx.query<{ mine: boolean }[]>(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS mine`, [`freight:outbox:${this.schema}`]);
      if (!turn!.mine) return 0;
      const rows = await tx.query<{ id: string; subject: string; payload: string }[]>(
        `SELECT id, subject, payload::text AS payload FROM ${table} WHERE sent_at IS NULL ORDER BY position LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      const js = jetstream(nats);
      // One at a time: had row n+1 been stored while row n failed (rejected, or lost in a leader
      // change), row n would be stored after it when the batch is published again.
      for (const row of rows) await js.publish(namespacedSubject(namespace, row.subject), row.payload, { msgID: row.id });
      const ids = rows.map((row) => row.id);
      await afterPublish?.(ids);
      // When the stream had them (the clock's, not the transaction's start, which is when they were claimed).
      await tx.query(`UPDATE ${table} SET sent_at = clock_timestamp() WHERE id = ANY($1::uuid[])`, [ids]);
      return rows.length;
    });
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPruned < PRUNE_EVERY_MS) return;
    this.lastPruned = Date.now();
    await this.options.dataSource
      .query(`DELETE FROM ${quoteIdent(this.schema)}.outbox WHERE sent_at < now() - make_interval(hours => $1)`, [KEEP_SENT_HOURS])
      .catch(() => undefined);
  }
}
