import { Module, type DynamicModule } from '@nestjs/common';
import type { NatsConfig } from '@freight/server';
import { eventFeedsProvider } from '@freight/server-database';
import { SERVICE } from '../config.js';
import { directoryFeed } from './directory-copy.js';

/** The copy of the directory's names that jobs show (ADR 29). */
@Module({})
export class DirectoryCopyModule {
  static register(nats: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>): DynamicModule {
    return { module: DirectoryCopyModule, providers: [eventFeedsProvider(SERVICE, nats, [directoryFeed])] };
  }
}
