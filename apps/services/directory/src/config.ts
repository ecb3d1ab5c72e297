import { envFields, loadConfig, natsEnvSchema, postgresUrlField } from '@freight/server';
import { z } from 'zod';

export const SERVICE = 'directory' as const;
/** Postgres schema owned by this service's role. */
export const SCHEMA = 'directory';

export const directoryEnvSchema = natsEnvSchema.extend({
  DIRECTORY_DATABASE_URL: postgresUrlField.default('postgres://directory_svc:directory_dev_password@127.0.0.1:5432/freight'),
  LOG_LEVEL: envFields.LOG_LEVEL,
});
export type DirectoryConfig = z.infer<typeof directoryEnvSchema>;

export function loadDirectoryConfig(env: Record<string, string | undefined> = process.env): DirectoryConfig {
  return loadConfig(directoryEnvSchema, env);
}
