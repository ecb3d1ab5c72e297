import type { OnApplicationBootstrap, OnApplicationShutdown, Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { EVENTS_TOKEN, eventStreamName, type ServiceName } from '@freight/contracts';
import { namespacedSubject, type NatsConfig } from '@freight/server';
import type { DataSource } from 'typeorm';
import { EventConsumers, durableName, type EventConsumerOptions } from './event-consumer.js';

/** One durable consumer a service reads another service's events with, to keep its copies. */
export interface EventFeed {
  /** What it is for: the durable is `<service>_<purpose>` (tools/dev/nats-config.mjs grants exactly that name). */
  purpose: string;
  /** The service whose stream it reads. */
  producer: ServiceName;
  /** Which of the producer's events, after `events.<producer>.`: `>` for all, `consignee.>`. */
  subjects: string;
  handle: EventConsumerOptions['handle'];
}

type FeedsNats = Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>;

/**
 * A service's feeds, started in order beside the service, each on a connection of its own
 * (EventConsumers: each waits for its stream), and stopped with it.
 */
class EventFeeds implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumers: EventConsumers[];

  constructor(
    private readonly service: ServiceName,
    private readonly nats: FeedsNats,
    private readonly dataSource: DataSource,
    private readonly feeds: readonly EventFeed[],
  ) {
    this.consumers = feeds.map((feed) => new EventConsumers(service, feed.purpose, nats));
  }

  async onApplicationBootstrap(): Promise<void> {
    const namespace = this.nats.NATS_NAMESPACE;
    for (const [i, feed] of this.feeds.entries()) {
      await this.consumers[i]!.start([
        {
          dataSource: this.dataSource,
          stream: eventStreamName(feed.producer),
          durable: durableName(this.service, feed.purpose, namespace),
          filterSubject: namespacedSubject(namespace, `${EVENTS_TOKEN}.${feed.producer}.${feed.subjects}`),
          handle: feed.handle,
        },
      ]);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((consumers) => consumers.stop()));
  }
}

/** The provider of a module that keeps copies from other services' events: its feeds, read through the service's data source. */
export function eventFeedsProvider(service: ServiceName, nats: FeedsNats, feeds: readonly EventFeed[]): Provider {
  return {
    provide: Symbol(`${service} event feeds: ${feeds.map((feed) => feed.purpose).join(', ')}`),
    useFactory: (dataSource: DataSource) => new EventFeeds(service, nats, dataSource, feeds),
    inject: [getDataSourceToken()],
  };
}
