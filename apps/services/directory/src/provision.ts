import { envFields, loadConfig, runMain } from '@freight/server';
import { parseServiceDatabaseUrl, provisionServiceDatabase } from '@freight/server-database';
import { SERVICE, directoryEnvSchema } from './config.js';

/**
 * `npm run db:provision`: with the admin DATABASE_URL, create the database, the role of
 * DIRECTORY_DATABASE_URL and its schema. Idempotent.
 */
runMain(async () => {
  const config = loadConfig(directoryEnvSchema.extend({ DATABASE_URL: envFields.DATABASE_URL }));
  const target = parseServiceDatabaseUrl(config.DIRECTORY_DATABASE_URL);
  await provisionServiceDatabase({ adminUrl: config.DATABASE_URL, service: SERVICE, ...target });
  console.log(JSON.stringify({ provisioned: SERVICE, database: target.database, role: target.roleName }));
});
