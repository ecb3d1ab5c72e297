import { Module, type DynamicModule } from '@nestjs/common';
import { serviceTypeOrmModule, type ServiceDatabaseEntry, type ServiceDataSourceOptions } from '@freight/server-database';
import { SCHEMA, SERVICE, notificationEnvSchema, type NotificationConfig } from './config.js';
import { AnnouncementModule } from './announcements/announcement.module.js';
import { ContactModule } from './contact/contact.module.js';
import { HealthModule } from './health/health.module.js';
import { MailModule } from './mail/mail.module.js';
import { migrations } from './migrations/index.js';
import { ClientNewsModule } from './news/client-news.module.js';

/** The notification service's tables are reached with SQL (no TypeORM entities). */
export function notificationDataSourceOptions(url: string): ServiceDataSourceOptions {
  return { url, schema: SCHEMA, entities: [], migrations };
}

/** What the migrate and provision entries need. */
export const notificationDatabase: ServiceDatabaseEntry = {
  service: SERVICE,
  urlVariable: 'NOTIFICATION_DATABASE_URL',
  envSchema: notificationEnvSchema,
  dataSourceOptions: notificationDataSourceOptions,
};

@Module({})
export class AppModule {
  /** Connects as the service's own role; migrations run before the first request is taken. */
  static register(config: NotificationConfig): DynamicModule {
    const options = notificationDataSourceOptions(config.NOTIFICATION_DATABASE_URL);
    return {
      module: AppModule,
      imports: [
        serviceTypeOrmModule(options),
        HealthModule,
        MailModule.register(config),
        ContactModule.register(config),
        ClientNewsModule,
        AnnouncementModule.register(config),
      ],
    };
  }
}
