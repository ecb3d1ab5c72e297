import { Module, type DynamicModule } from '@nestjs/common';
import type { NatsConfig } from '@freight/server';
import { eventFeedsProvider } from '@freight/server-database';
import { SERVICE } from '../config.js';
import { copiesFeeds } from './copies.js';

/** The consignees (names, opening balances) and jobs this service keeps from other services' events (ADR 34). */
@Module({})
export class CopiesModule {
  static register(nats: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>): DynamicModule {
    return { module: CopiesModule, providers: [eventFeedsProvider(SERVICE, nats, copiesFeeds)] };
  }
}
