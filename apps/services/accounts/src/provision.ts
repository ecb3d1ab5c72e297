import 'reflect-metadata';
import { runProvisionMain } from '@freight/server-database';
import { accountsDatabase } from './app.module.js';

/** `npm run db:provision`: with the admin DATABASE_URL, create the database, the role of ACCOUNTS_DATABASE_URL and its schema. */
runProvisionMain(accountsDatabase);
