import 'reflect-metadata';
import { loadConfig, runMain } from '@freight/server';
import { migrateServiceSchema } from '@freight/server-database';
import { directoryDataSourceOptions } from './app.module.js';
import { directoryEnvSchema } from './config.js';

/** `npm run migrate`: apply pending migrations as the service role, then exit. */
runMain(async () => {
  const config = loadConfig(directoryEnvSchema);
  const migrated = await migrateServiceSchema(directoryDataSourceOptions(config.DIRECTORY_DATABASE_URL));
  console.log(JSON.stringify({ migrated }));
});
