import 'reflect-metadata';
import { z } from 'zod';
import { PasswordMessages, loadPasswordEstimator, passwordField, passwordIsUsername, usernameField } from '@freight/contracts';
import { loadConfig, runMain } from '@freight/server';
import { createServiceDataSource } from '@freight/server-database';
import { directoryDataSourceOptions } from './app.module.js';
import { directoryEnvSchema } from './config.js';
import { seedHead } from './seed/head-seed.js';

const seedEnvSchema = directoryEnvSchema
  .extend({
    SEED_HEAD_USERNAME: z._default(usernameField, 'head'),
    SEED_HEAD_PASSWORD: z.optional(passwordField),
  })
  .refine((env) => !passwordIsUsername(env.SEED_HEAD_PASSWORD, env.SEED_HEAD_USERNAME), {
    error: PasswordMessages.sameAsUsername,
    path: ['SEED_HEAD_PASSWORD'],
  });

/**
 * `npm run seed`: runs migrations, then seeds a Head user where none exists, and prints
 * ONE JSON line: `{"created":true,"username":…,"password":…}` or `{"created":false}`.
 */
runMain(async () => {
  await loadPasswordEstimator(); // SEED_HEAD_PASSWORD follows the staff password rule
  const config = loadConfig(seedEnvSchema);
  const dataSource = await createServiceDataSource({ ...directoryDataSourceOptions(config.DIRECTORY_DATABASE_URL), poolSize: 1 });
  try {
    const result = await seedHead(dataSource, { username: config.SEED_HEAD_USERNAME, password: config.SEED_HEAD_PASSWORD });
    console.log(JSON.stringify(result));
  } finally {
    await dataSource.destroy();
  }
});
