import 'reflect-metadata';
import { createServiceDataSource, runMain } from '@freight/server';
import { directoryDataSourceOptions } from './app.module.js';
import { loadDirectoryConfig } from './config.js';

/** `npm run migrate`: apply pending migrations as the service role, then exit. */
runMain(async () => {
  const config = loadDirectoryConfig();
  const dataSource = await createServiceDataSource(directoryDataSourceOptions(config.DIRECTORY_DATABASE_URL, false));
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.log(JSON.stringify({ migrated: applied.map((m) => m.name) }));
  } finally {
    await dataSource.destroy();
  }
});
