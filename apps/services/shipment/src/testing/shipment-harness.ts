import { startServiceHarness, type ServiceHarness } from '@freight/server-testing';
import { AppModule } from '../app.module.js';
import { SERVICE, type ShipmentConfig } from '../config.js';

export type ShipmentHarness = ServiceHarness<ShipmentConfig>;

/** The shipment service in this process on a fresh database and NATS namespace. */
export function startShipment(overrides: Partial<ShipmentConfig> = {}, namespace?: string): Promise<ShipmentHarness> {
  return startServiceHarness({
    service: SERVICE,
    namespace,
    config: (base, url) => ({ ...base, SHIPMENT_DATABASE_URL: url, JOB_BATCH_WAIT_MS: 2, JOB_BATCH_MAX: 200, ...overrides }),
    module: (config) => AppModule.register(config),
  });
}
