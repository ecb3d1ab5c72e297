import { Logger } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { PermissionViolationError, connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@freight/contracts';
import { natsConnectionOptions, type NatsConfig } from '@freight/server';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { serviceInboxPrefix } from './outbox.js';

/**
 * The idempotent consumer (ADR 21): a durable JetStream consumer whose every message is handled
 * in one transaction with a row in `<schema>.processed_events` keyed by its `Nats-Msg-Id`. A
 * message delivered again (the ack was lost, the consumer died after its commit, the producer
 * published again after the stream's duplicate window) finds its row and changes nothing.
 */

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** For a consuming service's migration: the message ids it has handled. */
export async function createProcessedEventsTable(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`
    CREATE TABLE ${quoteIdent(schema)}.processed_events (
      message_id text PRIMARY KEY,
      subject text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    )`);
}

/** Records in `tx` that `messageId` was handled: false when it was before (a repeat, to change nothing). */
export async function markProcessed(tx: Pick<EntityManager, 'query'>, schema: string, messageId: string, subject: string): Promise<boolean> {
  const fresh = await tx.query<unknown[]>(
    `INSERT INTO ${quoteIdent(schema)}.processed_events (message_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
    [messageId, subject],
  );
  return fresh.length > 0;
}

export async function dropProcessedEventsTable(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`DROP TABLE ${quoteIdent(schema)}.processed_events`);
}

/**
 * The durable consumer's name: `<service>_<purpose>` (`notification_consignees`), the name NATS
 * grants the service (tools/dev/nats-config.mjs). Under a test namespace (`t1a2b.`) it starts with
 * the namespace's token, `t1a2b_notification_consignees`: test files share one NATS server, and a
 * durable reads one namespace's subjects (ADR 21).
 */
export function durableName(service: string, purpose: string, namespace = ''): string {
  const name = `${service}_${purpose}`;
  return namespace ? `${namespace.replace(/\.$/, '')}_${name}` : name;
}

/**
 * Thrown by a handler for an event that can never be handled (its payload is not what the
 * subject promises): the consumer terminates it (`term`, the server never delivers it again) and
 * logs the reason, instead of trying it again forever and holding up every later event.
 */
export class InvalidEvent extends Error {}

/** The message's JSON payload; a message that is not JSON is invalid. */
function parsed(msg: JsMsg): unknown {
  try {
    return msg.json();
  } catch {
    throw new InvalidEvent('the payload is not JSON');
  }
}

/** One event as a handler receives it. */
export interface ReceivedEvent<T = unknown> {
  /** The subject as published (namespace included). */
  subject: string;
  /** `Nats-Msg-Id`: the producer's outbox id. */
  messageId: string;
  payload: T;
}

export interface EventConsumerOptions {
  dataSource: DataSource;
  nats: NatsConnection;
  stream: string;
  /** The durable consumer's name: it keeps its place in the stream across restarts. */
  durable: string;
  /** Which of the stream's subjects it reads (namespace included). */
  filterSubject: string;
  /**
   * Changes the consumer's own tables in `tx`; throwing rolls back and the event comes again
   * later, or never for an `InvalidEvent`.
   */
  handle: (tx: EntityManager, event: ReceivedEvent) => Promise<void>;
  /** Wait before a failed event is delivered again (default 1 s). */
  retryDelayMs?: number;
  /**
   * The durable's ack wait (default `DEFAULT_ACK_WAIT_MS`): an event whose consumer died while
   * handling it comes again after this long, and every later event waits behind it.
   */
  ackWaitMs?: number;
}

/**
 * 5 s: after a crash the durable's copies stall about this long (JetStream's default is 30 s).
 * A live handler sends `working()` every third of it, so only an event loop stalled for more
 * than ~3 s could bring its event again meanwhile, and that repeat is harmless:
 * `processed_events` drops it.
 */
export const DEFAULT_ACK_WAIT_MS = 5000;

/**
 * Creates the durable consumer if it is missing (explicit acks, from the stream's first
 * message), or gives an existing one this ack wait (nats-server 2.9 updates it on the same
 * create call, keeping its place), and handles its messages one at a time, in stream order, until `stop()`.
 * `max_ack_pending: 1` makes the server hand out the next message only after this one is
 * acked: a failed (nak'ed) event is delivered again before any later one, and replicas sharing
 * the durable take turns, so a copy never applies an older change over a newer one.
 */
export class EventConsumer {
  private readonly logger: Logger;
  private messages?: ConsumerMessages;
  private running?: Promise<void>;

  constructor(private readonly options: EventConsumerOptions) {
    this.logger = new Logger(`EventConsumer(${options.durable})`);
  }

  get durable(): string {
    return this.options.durable;
  }

  private get ackWaitMs(): number {
    return this.options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  }

  async start(): Promise<void> {
    const { nats, stream, durable, filterSubject } = this.options;
    const jsm = await jetstreamManager(nats, { checkAPI: false });
    await jsm.consumers.add(stream, {
      durable_name: durable,
      filter_subject: filterSubject,
      ack_policy: AckPolicy.Explicit,
      max_ack_pending: 1,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.ackWaitMs),
    });
    const consumer = await jetstream(nats).consumers.get(stream, durable);
    this.messages = await consumer.consume({ max_messages: 100 });
    this.running = this.run(this.messages);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.running;
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      try {
        await this.processWorking(msg);
        await msg.ackAck();
      } catch (error) {
        if (error instanceof InvalidEvent) {
          this.logger.error(`Event ${msg.subject} #${msg.seq} is invalid, terminated: ${error.message}`);
          // No reason with the TERM: nats-server 2.9 takes `+TERM <reason>` for an unknown ack, and delivers the message again.
          this.settle(msg, () => msg.term());
          continue;
        }
        this.logger.warn(`Event ${msg.subject} #${msg.seq} failed, will come again: ${error instanceof Error ? error.message : String(error)}`);
        this.settle(msg, () => msg.nak(this.options.retryDelayMs ?? 1000));
      }
    }
  }

  /** `process` with a `working()` heartbeat every third of the ack wait, so a long handler keeps its event. */
  private async processWorking(msg: JsMsg): Promise<void> {
    const heartbeat = setInterval(() => this.settle(msg, () => msg.working()), Math.max(1, Math.floor(this.ackWaitMs / 3)));
    try {
      await this.process(msg);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Sends an ack of `msg`; one that cannot be sent (connection closed) is left to the ack wait. */
  private settle(msg: JsMsg, send: () => void): void {
    try {
      send();
    } catch (error) {
      this.logger.warn(
        `Could not answer event ${msg.subject} #${msg.seq}, it comes again after the ack wait: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Handles the message unless its id was handled before, in one transaction with that record. */
  private async process(msg: JsMsg): Promise<void> {
    const { dataSource, handle } = this.options;
    const messageId = msg.headers?.get('Nats-Msg-Id') || `${msg.info.stream}:${msg.seq}`;
    const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
    await dataSource.transaction(async (tx) => {
      if (!(await markProcessed(tx, schema, messageId, msg.subject))) return;
      await handle(tx, { subject: msg.subject, messageId, payload: parsed(msg) });
    });
  }
}

/**
 * A service's durable consumers of one purpose, on a NATS connection of their own whose replies
 * (JetStream API, deliveries) arrive on the service's own inbox. Each starts beside the service
 * and tries again every second while its stream is missing (the producer creates it when it
 * starts), so the service never waits for a producer to come up. A durable the server refuses
 * (permissions) fails the start instead: trying again cannot help, and a service that runs without
 * its events serves stale copies.
 */
export class EventConsumers {
  private readonly logger: Logger;
  private nats?: NatsConnection;
  private readonly running: EventConsumer[] = [];
  private starting: Promise<void>[] = [];
  private stopped = false;

  constructor(
    private readonly service: ServiceName,
    /** What they are for: names the connection and the log. */
    private readonly purpose: string,
    private readonly config: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>,
  ) {
    this.logger = new Logger(`EventConsumers(${service}-${purpose})`);
  }

  /** Connects and tries each consumer once (a refused one throws), then keeps trying the others in the background. */
  async start(consumers: readonly Omit<EventConsumerOptions, 'nats'>[]): Promise<void> {
    const { config } = this;
    const nats = await connect({
      ...natsConnectionOptions(config, `${config.NATS_NAMESPACE}${this.service}-${this.purpose}`),
      inboxPrefix: serviceInboxPrefix(this.service),
    });
    this.nats = nats;
    try {
      const waiting: EventConsumer[] = [];
      await Promise.all(
        consumers.map(async (options) => {
          const consumer = new EventConsumer({ ...options, nats });
          if (!(await this.tryStart(consumer))) waiting.push(consumer);
        }),
      );
      this.starting = waiting.map((consumer) => this.keepTrying(consumer));
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Starts it: false while its stream is missing; throws when NATS refuses the durable. */
  private async tryStart(consumer: EventConsumer): Promise<boolean> {
    try {
      await consumer.start();
      this.running.push(consumer);
      return true;
    } catch (error) {
      const refused = causes(error).find((e) => e instanceof PermissionViolationError);
      if (refused) {
        throw new Error(
          `NATS refuses the durable consumer ${consumer.durable} (${refused.message}): the identity's authorization must grant this name ` +
            '(tools/dev/nats-config.mjs writes it, NATS_NAMESPACE included; docs/adr/0005)',
          { cause: error },
        );
      }
      this.logger.warn(`Events not readable yet, trying again in 1 s: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private async keepTrying(consumer: EventConsumer): Promise<void> {
    while (!this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (this.stopped || (await this.tryStart(consumer))) return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.starting);
    await Promise.all(this.running.map((consumer) => consumer.stop()));
    await this.nats?.close().catch(() => undefined);
  }
}

/** The error and its causes, outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}
