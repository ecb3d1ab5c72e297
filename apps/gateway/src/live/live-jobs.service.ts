import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { natsConnectionOptions, namespacedSubject } from '@freight/server';
import { CHANGES, EVENTS_TOKEN, type Change, type LiveJobEvent } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';

/** A job change as the gateway passes it on: what changed, and whose it was and is (for the Employee filter). */
export interface JobChange extends LiveJobEvent {
  /** Ids of the staff users the job was or is assigned to (before and after a reassignment). */
  assignees: string[];
}

export interface JobChangeListener {
  /** A job changed. */
  change: (change: JobChange) => void;
  /**
   * End the stream with a reconnect hint: the gateway is stopping (the browser reconnects to
   * another replica), or its NATS connection was lost and is back (changes may have been missed
   * meanwhile; the browser reloads its lists on reconnecting).
   */
  reconnect: () => void;
}

/** `events.shipment.job.>`: every change of a job (ADR 33; the gateway's NATS grant is exactly this). */
export const JOB_EVENTS = `${EVENTS_TOKEN}.shipment.job.>`;

const isChange = (value: string | undefined): value is Change => (CHANGES as readonly string[]).includes(value ?? '');
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * What a job event (`events.shipment.job.<change>`, the shipment service's outbox, ADR 21 and 28:
 * `{jobNo, userId, previousUserId?, ...}`) tells the stream: the change from the subject, the job
 * number, and the assignee after and before it. Undefined when it names no job: not passed on.
 */
export function jobChangeOf(subject: string, payload: unknown): JobChange | undefined {
  const change = subject.split('.').pop();
  if (!isChange(change) || typeof payload !== 'object' || payload === null) return undefined;
  const event = payload as Record<string, unknown>;
  const jobNo = text(event.jobNo) ?? text(event.key);
  if (!jobNo) return undefined;
  const assignees = [text(event.userId), text(event.previousUserId)].filter((id): id is string => id !== undefined);
  return { change, jobNo, assignees: [...new Set(assignees)] };
}

/**
 * The shipment service's job events, heard once per gateway and handed to every open live stream.
 * A plain subscription to the subjects the relay publishes (JetStream stores them as well): the
 * stream is a hint to reload, so a change missed while NATS reconnects costs nothing the
 * browser's reload on reconnecting does not repair (ADR 33), and the gateway needs no consumer on
 * the shipment service's stream.
 */
@Injectable()
export class LiveJobsService implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(LiveJobsService.name);
  private readonly listeners = new Set<JobChangeListener>();
  private nc?: NatsConnection;
  private subscription?: Subscription;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit(): Promise<void> {
    const namespace = this.config.NATS_NAMESPACE;
    this.nc = await connect(natsConnectionOptions(this.config, `${namespace}gateway-live`));
    this.subscription = this.nc.subscribe(namespacedSubject(namespace, JOB_EVENTS), {
      callback: (error, message) => {
        if (error) {
          this.logger.error(`Job events subscription: ${error.message}`);
          return;
        }
        let payload: unknown;
        try {
          payload = message.json();
        } catch {
          this.logger.warn(`A job event on ${message.subject} is not JSON: ignored`);
          return;
        }
        const change = jobChangeOf(message.subject, payload);
        if (change) for (const listener of this.listeners) listener.change(change);
      },
    });
    // The subscription exists on the server once this round trip is back: a change saved after start-up is heard.
    await this.nc.flush();
    void this.watch(this.nc);
  }

  /** After a lost NATS connection (a NATS node restarted) every open stream ends with a reconnect hint: events published meanwhile were not heard. */
  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type !== 'reconnect') continue;
      this.logger.warn(`NATS connection back: ${this.listeners.size} live streams asked to reconnect`);
      this.reconnectAll();
    }
  }

  private reconnectAll(): void {
    for (const listener of [...this.listeners]) listener.reconnect();
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
    this.reconnectAll();
  }

  async onApplicationShutdown(): Promise<void> {
    this.listeners.clear();
    this.subscription?.unsubscribe();
    await this.nc?.drain().catch(() => undefined);
  }
}
