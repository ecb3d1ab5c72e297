import 'reflect-metadata';
import { runMain } from '@freight/server';
import { migrateServiceSchema } from '@freight/server-database';
import { directoryDataSourceOptions } from './app.module.js';
import { loadDirectoryConfig } from './config.js';

/** `npm run migrate`: apply pending migrations as the service role, then exit. */
runMain(async () => {
  const config = loadDirectoryConfig();
  const migrated = await migrateServiceSchema(directoryDataSourceOptions(config.DIRECTORY_DATABASE_URL));
  console.log(JSON.stringify({ migrated }));
});
