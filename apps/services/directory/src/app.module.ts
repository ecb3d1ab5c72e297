import { Module, type DynamicModule } from '@nestjs/common';
import {
  OutboxModule,
  serviceTypeOrmModule,
  type OutboxModuleOptions,
  type ServiceDatabaseEntry,
  type ServiceDataSourceOptions,
} from '@freight/server-database';
import { BranchEntity } from './branches/branch.entity.js';
import { BranchModule } from './branches/branch.module.js';
import { SCHEMA, SERVICE, directoryEnvSchema, type DirectoryConfig } from './config.js';
import { HealthModule } from './health/health.module.js';
import { migrations } from './migrations/index.js';
import { UserEntity } from './users/user.entity.js';
import { UserModule } from './users/user.module.js';
import { limitPasswordHashing } from './users/password.js';
import { ConsigneeEntity } from './consignees/consignee.entity.js';
import { ConsigneeModule } from './consignees/consignee.module.js';
import { BalanceCopyModule } from './consignees/balance-copy.js';
import { ShipperEntity } from './shippers/shipper.entity.js';
import { ShipperModule } from './shippers/shipper.module.js';
import { ClientLoginModule } from './clients/client-login.module.js';
import { ForwarderEntity, ForwarderModule } from './forwarders/forwarder.module.js';
import { OriginEntity, OriginModule } from './origins/origin.module.js';
import { YardEntity, YardModule } from './yards/yard.module.js';
import { ShipmentTypeEntity, ShipmentTypeModule } from './shipment-types/shipment-type.module.js';
import { ShipmentTermEntity, ShipmentTermModule } from './shipment-terms/shipment-term.module.js';
// new:resource imports

/** The directory's tables (`npm run new:resource` adds its entities here and its modules below). */
const entities = [
  BranchEntity,
  UserEntity,
  ConsigneeEntity,
  ShipperEntity,
  ForwarderEntity,
  OriginEntity,
  YardEntity,
  ShipmentTypeEntity,
  ShipmentTermEntity,
  // new:resource entities
];

export function directoryDataSourceOptions(url: string, migrationsRun = true): ServiceDataSourceOptions {
  return { url, schema: SCHEMA, entities, migrations, migrationsRun };
}

/** What the directory's migrate and provision entries need. */
export const directoryDatabase: ServiceDatabaseEntry = {
  service: SERVICE,
  urlVariable: 'DIRECTORY_DATABASE_URL',
  envSchema: directoryEnvSchema,
  dataSourceOptions: (url) => directoryDataSourceOptions(url),
};

@Module({})
export class AppModule {
  /**
   * Connects as the service's own role; migrations run before the first request is taken. The
   * outbox relay publishes the directory's events with the service's NATS identity. Password
   * hashes wait for a slot no longer than the caller's wait for the reply allows (password.ts).
   */
  static register(config: DirectoryConfig, relay?: OutboxModuleOptions['relay']): DynamicModule {
    const options = directoryDataSourceOptions(config.DIRECTORY_DATABASE_URL);
    limitPasswordHashing(config.NATS_REQUEST_TIMEOUT_MS);
    return {
      module: AppModule,
      imports: [
        serviceTypeOrmModule(options),
        OutboxModule.register({ service: SERVICE, nats: config, relay }),
        HealthModule,
        BranchModule,
        UserModule,
        ConsigneeModule,
        BalanceCopyModule.register(config),
        ShipperModule,
        ClientLoginModule,
        ForwarderModule,
        OriginModule,
        YardModule,
        ShipmentTypeModule,
        ShipmentTermModule,
        // new:resource modules
      ],
    };
  }
}
