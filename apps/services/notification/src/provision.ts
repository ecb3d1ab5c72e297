import 'reflect-metadata';
import { runProvisionMain } from '@freight/server-database';
import { notificationDatabase } from './app.module.js';

/** `npm run db:provision`: with the admin DATABASE_URL, create the database, the role of NOTIFICATION_DATABASE_URL and its schema. */
runProvisionMain(notificationDatabase);
