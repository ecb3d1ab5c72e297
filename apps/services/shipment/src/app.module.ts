import { Module, type DynamicModule } from '@nestjs/common';
import { serviceTypeOrmModule, type ServiceDatabaseEntry, type ServiceDataSourceOptions } from '@freight/server-database';
import { SCHEMA, SERVICE, shipmentEnvSchema, type ShipmentConfig } from './config.js';
import { HealthModule } from './health/health.module.js';
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
  /** Connects as the service's own role; migrations run before the first request is taken. One module per area (jobs, counter; vessels, agents, tracking to come). */
  static register(config: ShipmentConfig): DynamicModule {
    const options = shipmentDataSourceOptions(config.SHIPMENT_DATABASE_URL);
    return {
      module: AppModule,
      imports: [
        serviceTypeOrmModule(options),
        HealthModule,
        VesselModule,
        AgentModule,
        // new:resource modules
      ],
    };
  }
}
