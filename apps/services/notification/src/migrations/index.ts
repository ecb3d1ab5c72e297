import { NotificationInit1796100000000 } from './1796100000000-notification-init.js';

/** Every migration, oldest first. */
export const migrations = [NotificationInit1796100000000];
