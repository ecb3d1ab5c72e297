import {
  Inject,
  Injectable,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@freight/contracts';
import { drainEnvSchema, loadConfig, natsConnectionOptions, type NatsConfig } from '@freight/server';
import type { DataSource } from 'typeorm';
import { OutboxRelay, serviceInboxPrefix, type OutboxRelayOptions } from './outbox.js';

export interface OutboxModuleOptions {
  service: ServiceName;
  nats: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'> & { NATS_STREAM_REPLICAS?: number };
  /** Relay settings for tests (poll interval, failpoint). */
  relay?: Pick<OutboxRelayOptions, 'pollMs' | 'batchSize' | 'maxBackoffMs' | 'afterPublish'>;
}

const OPTIONS = Symbol('OutboxModuleOptions');

/**
 * The service's outbox relay, started with the application. Before it closes (once the service
 * stopped taking requests and answered those in flight: startService), the rows appended until
 * then are published, so a stopped replica leaves no event waiting (docs/adr/0051-drain-and-probes.md).
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private nats?: NatsConnection;
  relay?: OutboxRelay;

  constructor(
    @Inject(OPTIONS) private readonly options: OutboxModuleOptions,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { service, nats, relay } = this.options;
    // A connection of its own, whose replies (JetStream acks) arrive on the service's own inbox.
    this.nats = await connect({ ...natsConnectionOptions(nats, `${nats.NATS_NAMESPACE}${service}-outbox`), inboxPrefix: serviceInboxPrefix(service) });
    this.relay = new OutboxRelay({
      dataSource: this.dataSource,
      service,
      nats: this.nats,
      namespace: nats.NATS_NAMESPACE,
      streamReplicas: nats.NATS_STREAM_REPLICAS,
      ...relay,
    });
    this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    // A quarter of the drain's time, as startService leaves it (the rest went to the requests in flight).
    const timeoutMs = Math.round(loadConfig(drainEnvSchema).DRAIN_TIMEOUT_MS / 4);
    const drained = await this.relay?.drain(timeoutMs).catch((error: unknown) => {
      new Logger(OutboxRelayService.name).warn(`Flushing the outbox failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    });
    if (drained === false) new Logger(OutboxRelayService.name).warn('Events left in the outbox: another replica relays them');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.nats?.close().catch(() => undefined);
  }
}

/** Import once per service, after its TypeORM module: relays `<schema>.outbox` to the service's event stream. */
@Module({})
export class OutboxModule {
  static register(options: OutboxModuleOptions): DynamicModule {
    return {
      module: OutboxModule,
      providers: [{ provide: OPTIONS, useValue: options }, OutboxRelayService],
      exports: [OutboxRelayService],
    };
  }
}
