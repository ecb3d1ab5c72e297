import 'reflect-metadata';
import { runMigrateMain } from '@freight/server-database';
import { accountsDatabase } from './app.module.js';

/** `npm run migrate`: apply pending migrations as the service role, then exit. */
runMigrateMain(accountsDatabase);
