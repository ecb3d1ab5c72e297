import { Logger } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type Consumer, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { PermissionViolationError, connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@freight/contracts';
import { natsConnectionOptions, type NatsConfig } from '@freight/server';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { serviceInboxPrefix } from './outbox.js';

/**
 * The idempotent consumer (ADR 21): a durable JetStream consumer whose every message is handled
 * in the transaction that writes its row in `<schema>.processed_events`, keyed by its `Nats-Msg-Id`. A
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

/**
 * Records in `tx` that these messages were handled, in one statement: answers the ids not
 * recorded before (each once), the messages to handle; the others are repeats, to change nothing.
 */
export async function markProcessed(
  tx: Pick<EntityManager, 'query'>,
  schema: string,
  messages: readonly { messageId: string; subject: string }[],
): Promise<Set<string>> {
  const fresh = await tx.query<{ message_id: string }[]>(
    `INSERT INTO ${quoteIdent(schema)}.processed_events (message_id, subject) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT DO NOTHING RETURNING message_id`,
    [messages.map((m) => m.messageId), messages.map((m) => m.subject)],
  );
  return new Set(fresh.map((row) => row.message_id));
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
  /**
   * Handles a batch's new events (more than one), in stream order, in one call instead of
   * `handle` for each: for a consumer that writes them all with one statement. The same contract
   * otherwise.
   */
  handleMany?: (tx: EntityManager, events: readonly ReceivedEvent[]) => Promise<void>;
  /** Wait before a failed event is tried again (default 1 s). */
  retryDelayMs?: number;
  /**
   * The durable's ack wait (default `DEFAULT_ACK_WAIT_MS`): an event whose consumer died while
   * handling it comes again after this long, and every later event waits behind it.
   */
  ackWaitMs?: number;
  /**
   * Whether the events must be applied in stream order (default true: a copy's must). False
   * where each event stands alone (a mail request): a consumer taking over after a crash then
   * goes on at once, and the events the dead one held come again after their ack wait.
   */
  inOrder?: boolean;
}

/**
 * 5 s: after a crash the durable's copies stall about this long (JetStream's default is 30 s).
 * A live handler sends `working()` every third of it, so only an event loop stalled for more
 * than ~3 s could bring its event again meanwhile, and that repeat is harmless:
 * `processed_events` drops it.
 */
export const DEFAULT_ACK_WAIT_MS = 5000;

/**
 * The most events one transaction applies, and the durable's `max_ack_pending`: the server hands
 * out at most this many events not yet acked (docs/adr/0061-events-keep-up.md).
 */
export const EVENT_BATCH = 100;

/**
 * 5 s: how long one pull for events waits on the server (JetStream's default is 30 s). A pull lives
 * only on the durable's leader of the moment; the client notices one lost with it when two
 * heartbeats (half of this each) do not come, so after a new leader the events wait about this long.
 */
const PULL_EXPIRES_MS = 5000;

/** How often a replica that does not hold a durable's turn asks for it again. */
const TURN_RETRY_MS = 1000;

/**
 * Creates the durable consumer if it is missing (explicit acks, from the stream's first
 * message), or gives an existing one this ack wait and `max_ack_pending` (nats-server 2.9
 * updates both on the same create call, keeping its place), and applies its messages in stream
 * order until `stop()` (docs/adr/0061-events-keep-up.md):
 * - **One replica at a time.** Replicas sharing the durable take turns: the one holding the
 *   durable's advisory lock in Postgres consumes, on the connection that holds it (one for all the
 *   data source's durables: TurnConnection), so it cannot commit once the lock is gone; the others
 *   ask again every second. A copy never applies an older change over a newer one.
 * - **Batches.** The events at hand (up to `EVENT_BATCH`) are applied in one transaction, each
 *   with its processed mark, then acked. If one fails, the batch is rolled back and its events
 *   applied one by one: the failing one is tried again (every `retryDelayMs`) before any later
 *   one, or terminated if it is an `InvalidEvent`.
 * - **After a crash.** Events another consumer of the durable held and never acked come back once
 *   their ack wait ends, and the server delivers them before new ones; a consumer that takes the
 *   turn while some are held waits that long before it pulls, so none is applied after a later one
 *   (unless `inOrder` is false).
 */
export class EventConsumer {
  private readonly logger: Logger;
  private messages?: ConsumerMessages;
  private running?: Promise<void>;
  private stopped = false;
  private wakeUp?: () => void;

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
      max_ack_pending: EVENT_BATCH,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.ackWaitMs),
    });
    const consumer = await jetstream(nats).consumers.get(stream, durable);
    this.running = this.run(consumer);
  }

  /** Applies and acks the events at hand, gives up the turn and ends. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    void this.messages?.close();
    await this.running;
  }

  private get ending(): boolean {
    return this.stopped || this.options.nats.isClosed();
  }

  private async run(consumer: Consumer): Promise<void> {
    while (!this.ending) {
      let turn: TurnConnection | undefined;
      try {
        turn = await this.takeTurn();
        if (turn) await this.consumeWhileMine(consumer, turn);
      } catch (error) {
        this.logger.warn(`Consuming failed, trying again in ${TURN_RETRY_MS} ms: ${messageOf(error)}`);
      } finally {
        if (turn) await this.giveUpTurn(turn);
      }
      await this.sleep(TURN_RETRY_MS);
    }
  }

  /** The durable's turn: the data source's turn connection, holding the durable's advisory lock; none while another replica holds it. */
  private async takeTurn(): Promise<TurnConnection | undefined> {
    const connection = TurnConnection.of(this.options.dataSource);
    return (await connection.take(this.turnKey)) ? connection : undefined;
  }

  private giveUpTurn(connection: TurnConnection): Promise<void> {
    return connection.giveUp(this.turnKey);
  }

  private get turnKey(): string {
    return `freight:consumer:${this.options.stream}:${this.options.durable}`;
  }

  /** Pulls and applies batches until `stop()`, the iterator's end, or a batch it had to leave (its turn's connection is gone). */
  private async consumeWhileMine(consumer: Consumer, turn: TurnConnection): Promise<void> {
    const { num_ack_pending: held } = this.options.inOrder === false ? { num_ack_pending: 0 } : await consumer.info();
    if (held > 0) {
      this.logger.log(`${held} events held by a consumer that stopped come back after their ack wait: waiting for them`);
      await this.sleep(this.ackWaitMs + 500);
      if (this.ending) return;
    }
    // Each pull lasts PULL_EXPIRES_MS, with a heartbeat every half of it: a pull lost with a durable's
    // leader (a node restarted, a new election) is missed after two heartbeats and asked again.
    const messages = await consumer.consume({ max_messages: EVENT_BATCH, expires: PULL_EXPIRES_MS });
    this.messages = messages;
    if (this.stopped) void messages.close();
    const iterator = messages[Symbol.asyncIterator]();
    try {
      let next = iterator.next();
      for (let first = await next; !first.done; first = await next) {
        // The first event and those already received after it: a next() that does not resolve
        // before the event loop turns waits for an event yet to come (it starts the next batch).
        const batch = [first.value];
        for (next = iterator.next(); batch.length < EVENT_BATCH; next = iterator.next()) {
          const more = await Promise.race([next, new Promise<'later'>((resolve) => setImmediate(resolve, 'later'))]);
          if (more === 'later' || more.done) break;
          batch.push(more.value);
        }
        if (!(await this.handleBatch(turn, batch))) return;
      }
    } finally {
      void messages.close();
      await iterator.return?.(undefined);
    }
  }

  /**
   * Applies the batch in one transaction and acks it; when that fails, one event at a time.
   * Answers false when it left events unapplied (stopping, or its turn's connection is gone):
   * they come again after their ack wait.
   */
  private async handleBatch(turn: TurnConnection, batch: JsMsg[]): Promise<boolean> {
    // `working()` every third of the ack wait, so a long batch keeps its events.
    const heartbeat = setInterval(() => batch.forEach((msg) => this.settle(msg, () => msg.working())), Math.max(1, Math.floor(this.ackWaitMs / 3)));
    try {
      if (batch.length > 1) {
        try {
          await this.inTransaction(turn, (tx) => this.apply(tx, batch));
          await this.acknowledge(batch);
          return true;
        } catch {
          // One of them failed: each on its own below, so the others are applied and the failing one is handled before any later one.
        }
      }
      for (const msg of batch) if (!(await this.handleOne(turn, msg))) return false;
      return true;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** One event in a transaction of its own, tried again until it is applied or terminated; false when left (see handleBatch). */
  private async handleOne(turn: TurnConnection, msg: JsMsg): Promise<boolean> {
    for (;;) {
      try {
        await this.inTransaction(turn, (tx) => this.apply(tx, [msg]));
        await this.acknowledge([msg]);
        return true;
      } catch (error) {
        if (error instanceof InvalidEvent) {
          this.logger.error(`Event ${msg.subject} #${msg.seq} is invalid, terminated: ${error.message}`);
          // No reason with the TERM: nats-server 2.9 takes `+TERM <reason>` for an unknown ack, and delivers the message again.
          this.settle(msg, () => msg.term());
          return true;
        }
        const retryDelayMs = this.options.retryDelayMs ?? 1000;
        this.logger.warn(`Event ${msg.subject} #${msg.seq} failed, trying again in ${retryDelayMs} ms: ${messageOf(error)}`);
        if (this.ending || !(await this.holds(turn))) return false;
        await this.sleep(retryDelayMs);
        if (this.ending) return false;
      }
    }
  }

  /** Whether the turn's connection still answers (and so still holds the lock). */
  private async holds(turn: TurnConnection): Promise<boolean> {
    return turn
      .run((runner) => runner.query('SELECT 1'))
      .then(
        () => true,
        () => false,
      );
  }

  private inTransaction(turn: TurnConnection, work: (tx: EntityManager) => Promise<void>): Promise<void> {
    return turn.run(async (runner) => {
      await runner.startTransaction();
      try {
        await work(runner.manager);
        await runner.commitTransaction();
      } catch (error) {
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    });
  }

  /** Records the messages as processed and handles, in order, those whose id was not before. */
  private async apply(tx: EntityManager, batch: readonly JsMsg[]): Promise<void> {
    const { dataSource, handle, handleMany } = this.options;
    const messages = batch.map((msg) => ({ msg, subject: msg.subject, messageId: msg.headers?.get('Nats-Msg-Id') || `${msg.info.stream}:${msg.seq}` }));
    const fresh = await markProcessed(tx, (dataSource.options as { schema?: string }).schema ?? 'public', messages);
    // A message id twice in the batch (the stream kept a repeat): handled the first time only.
    const events = messages
      .filter(({ messageId }) => fresh.delete(messageId))
      .map(({ msg, subject, messageId }) => ({ subject, messageId, payload: parsed(msg) }));
    if (handleMany && events.length > 1) await handleMany(tx, events);
    else for (const event of events) await handle(tx, event);
  }

  /**
   * Acks the batch, waiting for the server's answer to the last ack only: it handles one
   * connection's acks in order. An ack lost brings its event again, which changes nothing.
   */
  private async acknowledge(batch: readonly JsMsg[]): Promise<void> {
    const last = batch.at(-1)!;
    for (const msg of batch.slice(0, -1)) this.settle(msg, () => msg.ack());
    await last
      .ackAck()
      .catch((error: unknown) =>
        this.logger.warn(`Could not ack the events up to ${last.subject} #${last.seq}, they come again after the ack wait: ${messageOf(error)}`),
      );
  }

  /** Sends an answer to `msg`; one that cannot be sent (connection closed) is left to the ack wait. */
  private settle(msg: JsMsg, send: () => void): void {
    try {
      send();
    } catch (error) {
      this.logger.warn(`Could not answer event ${msg.subject} #${msg.seq}, it comes again after the ack wait: ${messageOf(error)}`);
    }
  }

  /** Waits `ms`, or less when stopped. */
  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The connection of a data source's pool on which its consumers hold their durables' turns
 * (advisory locks) and commit their batches, one transaction at a time: one connection a service
 * however many durables it reads, so the turns take no more of the pool than one consumer's
 * transaction took before (docs/adr/0061-events-keep-up.md). Released to the pool when it holds
 * no turn; a connection that failed is left to the consumers still on it (their commits fail, so
 * they give up their turns) and the next turn is taken on a new one.
 */
class TurnConnection {
  private static readonly current = new WeakMap<DataSource, TurnConnection>();
  private readonly held = new Set<string>();
  private tail: Promise<unknown> = Promise.resolve();
  private done = false;

  private constructor(
    private readonly dataSource: DataSource,
    private readonly runner: QueryRunner,
  ) {}

  static of(dataSource: DataSource): TurnConnection {
    let connection = TurnConnection.current.get(dataSource);
    if (!connection) {
      connection = new TurnConnection(dataSource, dataSource.createQueryRunner());
      TurnConnection.current.set(dataSource, connection);
    }
    return connection;
  }

  /** Runs `work` on the connection once the work queued before it is done. */
  run<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const result = this.tail.then(() => work(this.runner));
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Takes `key`'s turn: false while a consumer holds it (here or in another replica), or when this connection is done (the next one asks again). */
  take(key: string): Promise<boolean> {
    return this.run(async (runner) => {
      if (this.done || this.held.has(key)) return false;
      try {
        const [turn] = await runner.manager.query<{ mine: boolean }[]>(`SELECT pg_try_advisory_lock(hashtext($1)) AS mine`, [key]);
        if (turn!.mine) this.held.add(key);
        return turn!.mine;
      } catch (error) {
        this.retire();
        throw error;
      }
    }).finally(() => this.releaseIfIdle());
  }

  async giveUp(key: string): Promise<void> {
    await this.run(async (runner) => {
      if (this.held.delete(key)) await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [key]).catch(() => this.retire());
    });
    await this.releaseIfIdle();
  }

  /** No new turn on this connection: the next is taken on a new one. */
  private retire(): void {
    if (TurnConnection.current.get(this.dataSource) === this) TurnConnection.current.delete(this.dataSource);
  }

  private releaseIfIdle(): Promise<void> {
    return this.run(async (runner) => {
      if (this.held.size > 0 || this.done) return;
      this.done = true;
      this.retire();
      await runner.release();
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
