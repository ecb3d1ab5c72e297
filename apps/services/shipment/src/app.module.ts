import { Module, type DynamicModule } from '@nestjs/common';
import { OutboxModule, serviceTypeOrmModule, type ServiceDatabaseEntry, type ServiceDataSourceOptions } from '@freight/server-database';
import { SCHEMA, SERVICE, shipmentEnvSchema, type ShipmentConfig } from './config.js';
import { CounterModule } from './counter/counter.module.js';
import { DirectoryCopyModule } from './directory-copy/directory-copy.module.js';
import { HealthModule } from './health/health.module.js';
import { JobModule } from './jobs/job.module.js';
import { migrations } from './migrations/index.js';

/** The shipment service's tables are reached with SQL (no TypeORM entities). */
export function shipmentDataSourceOptions(url: string): ServiceDataSourceOptions {
  return { url, schema: SCHEMA, entities: [], migrations };
}

/** What the migrate and provision entries need. */
export const shipmentDatabase: ServiceDatabaseEntry = {
  service: SERVICE,
  urlVariable: 'SHIPMENT_DATABASE_URL',
  envSchema: shipmentEnvSchema,
  dataSourceOptions: shipmentDataSourceOptions,
};

@Module({})
export class AppModule {
  /** Connects as the service's own role; migrations run before the first request is taken. One module per area (jobs, counter; vessels, agents, tracking to come). */
  static register(config: ShipmentConfig): DynamicModule {
    const options = shipmentDataSourceOptions(config.SHIPMENT_DATABASE_URL);
    return {
      module: AppModule,
      imports: [
        serviceTypeOrmModule(options),
        OutboxModule.register({ service: SERVICE, nats: config }),
        HealthModule,
        DirectoryCopyModule.register(config),
        JobModule.register(config),
        CounterModule,
      ],
    };
  }
}
