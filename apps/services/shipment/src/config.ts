import { envFields, loadConfig, natsEnvSchema, postgresUrlField } from '@freight/server';
import { z } from 'zod';

export const SERVICE = 'shipment' as const;
/** Postgres schema owned by this service's role. */
export const SCHEMA = 'shipment';

/** What the shipment service's tools read (migrate, provision). */
export const shipmentEnvSchema = natsEnvSchema.extend({
  NATS_STREAM_REPLICAS: envFields.NATS_STREAM_REPLICAS,
  SHIPMENT_DATABASE_URL: postgresUrlField.default('postgres://shipment_svc:shipment_dev_password@127.0.0.1:5432/freight'),
  LOG_LEVEL: envFields.LOG_LEVEL,
});

/** What the running service reads: the same plus its request key, without which it takes no request. */
export const shipmentServiceEnvSchema = shipmentEnvSchema.extend({
  GATEWAY_REQUEST_KEY: envFields.GATEWAY_REQUEST_KEY,
  /** How long a job creation waits for others to share its transaction (ADR 28). 0: no waiting. */
  JOB_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(100).default(2),
  /** The most job creations one transaction takes (ADR 28). */
  JOB_BATCH_MAX: z.coerce.number().int().min(1).max(1000).default(200),
});
export type ShipmentConfig = z.infer<typeof shipmentServiceEnvSchema>;

export function loadShipmentConfig(env: Record<string, string | undefined> = process.env): ShipmentConfig {
  return loadConfig(shipmentServiceEnvSchema, env);
}
