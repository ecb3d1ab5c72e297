import { envFields, loadConfig, natsEnvSchema, postgresUrlField } from '@freight/server';
import { z } from 'zod';

export const SERVICE = 'accounts' as const;
/** Postgres schema owned by this service's role. */
export const SCHEMA = 'accounts';

/** What the accounts service's tools read (migrate, provision). */
export const accountsEnvSchema = natsEnvSchema.extend({
  NATS_STREAM_REPLICAS: envFields.NATS_STREAM_REPLICAS,
  ACCOUNTS_DATABASE_URL: postgresUrlField.default('postgres://accounts_svc:accounts_dev_password@127.0.0.1:5432/freight'),
  LOG_LEVEL: envFields.LOG_LEVEL,
});

/** What the running service reads: the same plus its request key, without which it takes no request. */
export const accountsServiceEnvSchema = accountsEnvSchema.extend({
  GATEWAY_REQUEST_KEY: envFields.GATEWAY_REQUEST_KEY,
  /** How long a new credit waits for others to share its transaction (ADR 28, 34). 0: no waiting. */
  CREDIT_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(100).default(2),
  /** The most new credits one transaction takes (ADR 28, 34). */
  CREDIT_BATCH_MAX: z.coerce.number().int().min(1).max(1000).default(200),
});
export type AccountsConfig = z.infer<typeof accountsServiceEnvSchema>;

export function loadAccountsConfig(env: Record<string, string | undefined> = process.env): AccountsConfig {
  return loadConfig(accountsServiceEnvSchema, env);
}
