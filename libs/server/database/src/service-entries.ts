import { envFields, loadConfig, runMain } from '@freight/server';
import type { z } from 'zod';
import { migrateServiceSchema, parseServiceDatabaseUrl, provisionServiceDatabase, type ServiceDataSourceOptions } from './database.js';

/** What a service's `migrate` and `provision` entries need to know of it. */
export interface ServiceDatabaseEntry {
  /** The service, also the name of its schema. */
  service: string;
  /** The variable with the URL of the service's own role (DIRECTORY_DATABASE_URL). */
  urlVariable: string;
  /** The schema of the environment its tools read (that variable, NATS, LOG_LEVEL). */
  envSchema: z.ZodObject;
  /** Its data source: schema, entities, migrations. */
  dataSourceOptions(url: string): ServiceDataSourceOptions;
}

function serviceUrl(entry: ServiceDatabaseEntry, config: Record<string, unknown>): string {
  return String(config[entry.urlVariable]);
}

/** `npm run migrate` of a service: apply pending migrations as the service's role, print them, exit. */
export function runMigrateMain(entry: ServiceDatabaseEntry): void {
  runMain(async () => {
    const config = loadConfig(entry.envSchema) as Record<string, unknown>;
    const migrated = await migrateServiceSchema(entry.dataSourceOptions(serviceUrl(entry, config)));
    console.log(JSON.stringify({ migrated }));
  });
}

/**
 * `npm run db:provision` of a service: with the admin DATABASE_URL, create the database, the role
 * of the service's URL and its schema. Idempotent.
 */
export function runProvisionMain(entry: ServiceDatabaseEntry): void {
  runMain(async () => {
    const config = loadConfig(entry.envSchema.extend({ DATABASE_URL: envFields.DATABASE_URL })) as Record<string, unknown>;
    const target = parseServiceDatabaseUrl(serviceUrl(entry, config));
    await provisionServiceDatabase({ adminUrl: String(config.DATABASE_URL), service: entry.service, ...target });
    console.log(JSON.stringify({ provisioned: entry.service, database: target.database, role: target.roleName }));
  });
}
