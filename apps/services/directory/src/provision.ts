import 'reflect-metadata';
import { runProvisionMain } from '@freight/server-database';
import { directoryDatabase } from './app.module.js';

/**
 * `npm run db:provision`: with the admin DATABASE_URL, create the database, the role of
 * DIRECTORY_DATABASE_URL and its schema. Idempotent.
 */
runProvisionMain(directoryDatabase);
