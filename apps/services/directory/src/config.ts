import { envFields, loadConfig, natsEnvSchema, postgresUrlField } from '@freight/server';
import { z } from 'zod';

export const SERVICE = 'directory' as const;
/** Postgres schema owned by this service's role. */
export const SCHEMA = 'directory';

/** What the directory's tools read (migrate, seed, provision). */
export const directoryEnvSchema = natsEnvSchema.extend({
  NATS_STREAM_REPLICAS: envFields.NATS_STREAM_REPLICAS,
  DIRECTORY_DATABASE_URL: postgresUrlField.default('postgres://directory_svc:directory_dev_password@127.0.0.1:5432/freight'),
  LOG_LEVEL: envFields.LOG_LEVEL,
});

/** What the running service reads: the same plus its request key, without which it takes no request. */
export const directoryServiceEnvSchema = directoryEnvSchema.extend({ GATEWAY_REQUEST_KEY: envFields.GATEWAY_REQUEST_KEY });
export type DirectoryConfig = z.infer<typeof directoryServiceEnvSchema>;

export function loadDirectoryConfig(env: Record<string, string | undefined> = process.env): DirectoryConfig {
  return loadConfig(directoryServiceEnvSchema, env);
}
