import { Module, type DynamicModule } from '@nestjs/common';
import { OutboxModule, serviceTypeOrmModule, type ServiceDatabaseEntry, type ServiceDataSourceOptions } from '@freight/server-database';
import { SCHEMA, SERVICE, shipmentEnvSchema, type ShipmentConfig } from './config.js';
import { CounterModule } from './counter/counter.module.js';
import { DirectoryCopyModule } from './directory-copy/directory-copy.module.js';
import { HealthModule } from './health/health.module.js';
import { DeletionModule } from './deletion/deletion.module.js';
import { JobModule } from './jobs/job.module.js';
import { ReferencesModule } from './references/references.module.js';
import { TrackingModule } from './tracking/tracking.module.js';
import { migrations } from './migrations/index.js';
import { VesselEntity, VesselModule } from './vessels/vessel.module.js';
import { AgentEntity, AgentModule } from './agents/agent.module.js';
// new:resource imports

/** The tables reached through TypeORM entities: the generated master-data ones (`npm run new:resource` adds them here and their modules below). */
const entities = [
  VesselEntity,
  AgentEntity,
  // new:resource entities
];

/** The shipment service's own tables are reached with SQL; the generated ones through their entities. */
export function shipmentDataSourceOptions(url: string): ServiceDataSourceOptions {
  return { url, schema: SCHEMA, entities, migrations };
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
  /** Connects as the service's own role; migrations run before the first request is taken. One module per area (jobs, counter, deletion, tracking, references; vessels, agents). */
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
        DeletionModule,
        TrackingModule,
        ReferencesModule,
        VesselModule,
        AgentModule,
        // new:resource modules
      ],
    };
  }
}
