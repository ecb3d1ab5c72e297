import { ShipmentInit1796200000000 } from './1796200000000-shipment-init.js';
import { Jobs1796200100000 } from './1796200100000-jobs.js';
import { Vessel1796200500000 } from './1796200500000-vessel.js';
import { Agent1796200600000 } from './1796200600000-agent.js';
import { DeletionsAndTracking1796200700000 } from './1796200700000-deletions-and-tracking.js';
import { BlNumberStatistics1796200800000 } from './1796200800000-bl-number-statistics.js';
import { BookingSheetByDate1796200900000 } from './1796200900000-booking-sheet-by-date.js';
import { BookingOnlySortIndexes1796201000000 } from './1796201000000-booking-only-sort-indexes.js';
import { BookingMails1796290000000 } from './1796290000000-booking-mails.js';
// new:resource imports

/** Every migration, oldest first. */
export const migrations = [
  ShipmentInit1796200000000,
  Jobs1796200100000,
  Vessel1796200500000,
  Agent1796200600000,
  DeletionsAndTracking1796200700000,
  BlNumberStatistics1796200800000,
  BookingSheetByDate1796200900000,
  BookingOnlySortIndexes1796201000000,
  BookingMails1796290000000,
  // new:resource migrations
];
