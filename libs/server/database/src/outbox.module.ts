import { Inject, Injectable, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@freight/contracts';
import { natsConnectionOptions, type NatsConfig } from '@freight/server';
import type { DataSource } from 'typeorm';
import { OutboxRelay, serviceInboxPrefix, type OutboxRelayOptions } from './outbox.js';

export interface OutboxModuleOptions {
  service: ServiceName;
  nats: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'> & { NATS_STREAM_REPLICAS?: number };
  /** Relay settings for tests (poll interval, failpoint). */
  relay?: Pick<OutboxRelayOptions, 'pollMs' | 'batchSize' | 'maxBackoffMs' | 'afterPublish'>;
}

const OPTIONS = Symbol('OutboxModuleOptions');

/** The service's outbox relay, started with the application and stopped before it closes. */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
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
