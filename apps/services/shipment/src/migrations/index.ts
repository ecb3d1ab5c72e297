import { ShipmentInit1796200000000 } from './1796200000000-shipment-init.js';
import { BookingMails1796290000000 } from './1796290000000-booking-mails.js';

/** Every migration, oldest first. */
export const migrations = [ShipmentInit1796200000000, BookingMails1796290000000];
