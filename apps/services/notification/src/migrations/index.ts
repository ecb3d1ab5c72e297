import { NotificationInit1796100000000 } from './1796100000000-notification-init.js';
import { ContactMessages1796100100000 } from './1796100100000-contact-messages.js';
import { NewsAndAnnouncements1796100200000 } from './1796100200000-news-and-announcements.js';
import { ContactThrottleCalls1796100300000 } from './1796100300000-contact-throttle-calls.js';

/** Every migration, oldest first. */
export const migrations = [NotificationInit1796100000000, ContactMessages1796100100000, NewsAndAnnouncements1796100200000, ContactThrottleCalls1796100300000];
