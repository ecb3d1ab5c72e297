/**
 * The screens of the jobs remote (requirements 02 §2, exact spelling), path from the site root →
 * title. The console mounts the remote at each of these paths (ADR 31); the remote renders
 * the screen of each, or says "Not available yet" for one it does not build yet.
 */
export const JOBS_SCREENS = {
  shipmentmanagement: 'Shipment Management',
  adminshipmentmanagement: 'Shipment Management',
  manageimportadmin: 'Import Management',
  manageimportemployee: 'Import Management',
  worklistadmin: 'Today Job Inquiry',
  'worklistemployee/:user_id': 'Today Job Inquiry',
  addjobadmin: 'Add Job',
  addjobhead: 'Add Job',
  'addjobemployee/:user_id': 'Add Job',
  'editjobadmin/:jobNo': 'Edit Job',
  'editjobemployee/:jobNo': 'Edit Job',
  'viewjobadmin/:jobNo': 'View Job Details',
  'viewjobemployee/:jobNo': 'View Job Details',
  importbooklist: 'Daily Booking Sheet',
  importbooklistemployee: 'Daily Booking Sheet',
  'editbooking/:jobNo': 'Edit Booking',
  'editbookingemployee/:jobNo': 'Edit Booking',
  'viewbooking/:jobNo': 'View Booking',
  'viewbookingemployee/:jobNo': 'View Booking',
  managevessel: 'Weekly Vessel Planning',
  managevesselemployee: 'Weekly Vessel Planning',
  addvessel: 'Add Vessel',
  'editvessel/:origin': 'Edit Vessel',
  manageagent: 'Overseas Offices Detail',
  manageagentemployee: 'Overseas Offices Detail',
  addagent: 'Add Agent',
  'editagent/:origin': 'Edit Agent',
  // The Head's shipment tools (Administrative Tools tiles of the remote's menu).
  'admindashboard/administrativetools/manageshipmentcounter': 'Manage Shipment Counter',
  'admindashboard/administrativetools/deleteshipment': 'Delete Shipment',
} as const satisfies Record<string, string>;

export type JobsScreenPath = keyof typeof JOBS_SCREENS;
