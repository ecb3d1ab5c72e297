import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { natsConnectionOptions, namespacedSubject } from '@freight/server';
import { CHANGES, EVENTS_TOKEN, eventStreamName, type Change, type LiveJobEvent } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';

/** A job change as the gateway passes it on: what changed, and whose it was and is (for the Employee filter). */
export interface JobChange extends LiveJobEvent {
  /** Ids of the staff users the job was or is assigned to (before and after a reassignment). */
  assignees: string[];
  /** The event's sequence in the shipment service's stream: the SSE `id`, and where a reconnecting stream resumes. */
  seq: number;
}

export interface JobChangeListener {
  /** A job changed. */
  change: (change: JobChange) => void;
  /**
   * End the stream with a reconnect hint: the gateway is stopping (the browser reconnects to
   * another replica, which resumes after the last event it had).
   */
  reconnect: () => void;
}

/** `events.shipment.job.>`: every change of a job (ADR 33), read from the shipment service's stream. */
export const JOB_EVENTS = `${EVENTS_TOKEN}.shipment.job.>`;
export const JOB_EVENTS_STREAM = eventStreamName('shipment');
/**
 * The most stream messages a reconnecting live stream is replayed over (docs/adr/0051-drain-and-probes.md):
 * a longer gap (a browser asleep for long) reloads its lists instead, as does one older than the stream keeps.
 */
export const LIVE_REPLAY_MAX = 10_000;
/**
 * How long each pull of the live consumer lasts: the server sends a heartbeat every half of it, and
 * two missed heartbeats (5 s) tell the gateway its consumer is gone (restartWhenSilent).
 */
const LIVE_PULL_EXPIRES_MS = 5000;
/** How long a replay waits for the stream's messages (it stops earlier, at the last one the gateway has seen). */
const REPLAY_WAIT_MS = 2000;

const isChange = (value: string | undefined): value is Change => (CHANGES as readonly string[]).includes(value ?? '');
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * What a job event (`events.shipment.job.<change>`, the shipment service's outbox, ADR 21 and 28:
 * `{jobNo, userId, previousUserId?, ...}`) tells the stream: the change from the subject, the job
 * number, and the assignee after and before it. Undefined when it names no job: not passed on.
 */
export function jobChangeOf(subject: string, payload: unknown, seq: number): JobChange | undefined {
  const change = subject.split('.').pop();
  if (!isChange(change) || typeof payload !== 'object' || payload === null) return undefined;
  const event = payload as Record<string, unknown>;
  const jobNo = text(event.jobNo) ?? text(event.key);
  if (!jobNo) return undefined;
  const assignees = [text(event.userId), text(event.previousUserId)].filter((id): id is string => id !== undefined);
  return { change, jobNo, assignees: [...new Set(assignees)], seq };
}

/** The job change a stream message carries; undefined (and logged) when it is not JSON or names no job. */
function changeOf(message: JsMsg, logger: Logger): JobChange | undefined {
  let payload: unknown;
  try {
    payload = message.json();
  } catch {
    logger.warn(`A job event on ${message.subject} is not JSON: ignored`);
    return undefined;
  }
  return jobChangeOf(message.subject, payload, message.seq);
}

/**
 * The shipment service's job events, read once per gateway from its JetStream stream with an
 * ordered consumer (ephemeral, no acks, recreated by the client from the next sequence after any
 * loss: a NATS node restarting costs no event) and handed to every open live stream. A stream
 * that reconnects is replayed from the sequence after its `Last-Event-ID` by a second, short-lived
 * ordered consumer (`replay`). docs/adr/0051-drain-and-probes.md.
 */
@Injectable()
export class LiveJobsService implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(LiveJobsService.name);
  private readonly listeners = new Set<JobChangeListener>();
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private messages?: ConsumerMessages;
  private closed = false;
  /** The stream sequence read up to: every job event after it reaches the listeners. */
  private position = 0;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  private get filter(): string {
    return namespacedSubject(this.config.NATS_NAMESPACE, JOB_EVENTS);
  }

  async onModuleInit(): Promise<void> {
    this.nc = await connect(natsConnectionOptions(this.config, `${this.config.NATS_NAMESPACE}gateway-live`));
    this.js = jetstream(this.nc);
    // Only the stream's own INFO: the gateway may not ask for the account's.
    this.jsm = await jetstreamManager(this.nc, { checkAPI: false });
    // From the stream's end at start-up: a change saved after it is heard, whenever the consumer starts.
    this.position = (await this.streamStateOnceAnswered())?.last_seq ?? 0;
    void this.follow();
    void this.restartAfterReconnects(this.nc);
  }

  /**
   * A consumer whose heartbeats stopped (the NATS node that held it is gone while the gateway's own
   * connection is not) is replaced by a new one from the next sequence, rather than waiting out the
   * client's own recovery (up to 30 s between tries).
   */
  private async restartWhenSilent(messages: ConsumerMessages): Promise<void> {
    for await (const status of messages.status()) {
      if (status.type === 'heartbeats_missed' && !this.closed) {
        this.logger.warn('Job events: heartbeats missed; following with a new consumer');
        messages.stop();
      }
    }
  }

  /**
   * After a lost connection, a new ordered consumer from the next sequence. The client's own
   * recovery asks for the old consumer first and, when the NATS node that held it is gone (killed,
   * not restarted), waits up to 30 s between tries: the live streams would hear nothing meanwhile.
   */
  private async restartAfterReconnects(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'reconnect' && !this.closed) {
        this.logger.log('NATS connection restored: following the job events with a new consumer');
        this.messages?.stop();
      }
    }
  }

  /**
   * The stream's state once JetStream answers: a NATS cluster that has just started elects the leader
   * of its metadata first, and its first requests time out meanwhile (the gateway used to exit then).
   */
  private async streamStateOnceAnswered(): Promise<{ first_seq: number; last_seq: number } | undefined> {
    const wait = this.config.JETSTREAM_STARTUP_WAIT_MS;
    const deadline = Date.now() + wait;
    for (;;) {
      try {
        return await this.streamState();
      } catch (error) {
        const reason = (error as Error).message;
        if (Date.now() >= deadline) {
          throw new Error(`JetStream did not answer within ${wait / 1000} s (JETSTREAM_STARTUP_WAIT_MS): the live job feed cannot start (${reason})`, {
            cause: error,
          });
        }
        this.logger.warn(`Job events not readable yet (${reason}): trying again`);
        await sleep(500);
      }
    }
  }

  /** The stream's first and last sequence; undefined while it does not exist (the shipment service creates it). */
  private async streamState(): Promise<{ first_seq: number; last_seq: number } | undefined> {
    try {
      return (await this.jsm!.streams.info(JOB_EVENTS_STREAM)).state;
    } catch (error) {
      if ((error as { code?: unknown }).code === '404' || /not found/i.test((error as Error).message)) return undefined;
      throw error;
    }
  }

  /** Reads the job events after `position` for as long as the gateway runs, with a new consumer after each stop (restartAfterReconnects). */
  private async follow(): Promise<void> {
    while (!this.closed) {
      try {
        const consumer = await this.js!.consumers.get(JOB_EVENTS_STREAM, { filter_subjects: this.filter, opt_start_seq: this.position + 1 });
        const messages = await consumer.consume({ max_messages: 100, expires: LIVE_PULL_EXPIRES_MS });
        this.messages = messages;
        void this.restartWhenSilent(messages);
        for await (const message of messages) {
          this.position = message.seq;
          const change = changeOf(message, this.logger);
          if (change) for (const listener of this.listeners) listener.change(change);
        }
      } catch (error) {
        if (this.closed) return;
        this.logger.warn(`Job events: ${(error as Error).message}; trying again`);
      }
      if (!this.closed) await sleep(1000);
    }
  }

  /**
   * The job events after `after` up to the last one this gateway has read (later ones reach the
   * listeners), for a stream reconnecting with `Last-Event-ID`; undefined when they cannot all be
   * told: older than the stream keeps, more than LIVE_REPLAY_MAX messages, or not read in time.
   */
  async replay(after: number): Promise<JobChange[] | undefined> {
    const until = this.position;
    if (after >= until) return [];
    if (until - after > LIVE_REPLAY_MAX) return undefined;
    const state = await this.streamState();
    if (!state || after + 1 < state.first_seq) return undefined;
    const consumer = await this.js!.consumers.get(JOB_EVENTS_STREAM, { filter_subjects: this.filter, opt_start_seq: after + 1 });
    const batch = await consumer.fetch({ max_messages: until - after, expires: REPLAY_WAIT_MS });
    const changes: JobChange[] = [];
    for await (const message of batch) {
      const change = changeOf(message, this.logger);
      if (change) changes.push(change);
      // Up to the last event this gateway read, or the stream's last job event (pending: none after it).
      if (message.seq >= until || message.info.pending === 0) {
        batch.stop();
        return changes;
      }
    }
    // The last event this gateway read did not come: the replay may be short of some.
    return undefined;
  }

  /** Where a new stream starts: it hears every job event after this sequence. */
  get sequence(): number {
    return this.position;
  }

  /** Tells `listener` every job change from now on; the function answered stops that. */
  listen(listener: JobChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Open live streams (tests, logs). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Before the HTTP server closes (it would wait for them): every open stream ends, with a reconnect hint. */
  beforeApplicationShutdown(): void {
    for (const listener of [...this.listeners]) listener.reconnect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.messages?.stop();
    await this.nc?.drain().catch(() => undefined);
  }
}
