import { Module, type DynamicModule } from '@nestjs/common';
import { announcements } from '@freight/contracts';
import { resourceController, type NatsConfig } from '@freight/server';
import { eventFeedsProvider } from '@freight/server-database';
import { SERVICE } from '../config.js';
import { AnnouncementHandlers } from './announcement.handlers.js';
import { consigneesFeed } from './consignee-copy.js';

/** Consignee announcements, and the copy of the directory's consignees they refer to. */
@Module({})
export class AnnouncementModule {
  static register(nats: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>): DynamicModule {
    return {
      module: AnnouncementModule,
      controllers: [resourceController(announcements, AnnouncementHandlers)],
      providers: [AnnouncementHandlers, eventFeedsProvider(SERVICE, nats, [consigneesFeed])],
    };
  }
}
