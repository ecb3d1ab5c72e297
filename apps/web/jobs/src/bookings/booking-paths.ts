import type { Direction } from '../frame/direction.js';
import { withDirection } from '../frame/direction.js';

/** Which booking screens: Head and Admin's (every job) or an Employee's (their own), by the route (requirements 02 §2). */
export type BookingEntry = 'admin' | 'employee';

/** The booking screens of each entry (requirements 02 §2, exact spelling). */
const PATHS = {
  admin: { sheet: '/importbooklist', edit: '/editbooking', view: '/viewbooking' },
  employee: { sheet: '/importbooklistemployee', edit: '/editbookingemployee', view: '/viewbookingemployee' },
} as const;

/** The Daily Booking Sheet of the entry, for the direction's jobs. */
export const sheetPath = (entry: BookingEntry, direction: Direction = 'Import') => withDirection(PATHS[entry].sheet, direction);
export const editBookingPath = (entry: BookingEntry, jobNo: string) => `${PATHS[entry].edit}/${encodeURIComponent(jobNo)}`;
export const viewBookingPath = (entry: BookingEntry, jobNo: string) => `${PATHS[entry].view}/${encodeURIComponent(jobNo)}`;
