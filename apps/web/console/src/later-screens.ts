/**
 * Routes of the specification (spec 01 §2, spec 02 §2, exact spelling) whose screens
 * later work builds. Until then each says "Not available yet", inside the shell for staff,
 * rather than "Page not found": links and bookmarks to them already work. Each list is
 * path → title. (The master-data remote lists its own: consignees, shippers, ...)
 */

/** Staff screens at the top level (the shell around them). */
export const LATER_STAFF_SCREENS: Record<string, string> = {
  manageimportadmin: 'Import Jobs',
  manageimportemployee: 'Import Jobs',
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
  managevessel: 'Manage Vessels',
  managevesselemployee: 'Manage Vessels',
  addvessel: 'Add Vessel',
  'editvessel/:origin': 'Edit Vessel',
  manageagent: 'Manage Agents',
  manageagentemployee: 'Manage Agents',
  addagent: 'Add Agent',
  'editagent/:origin': 'Edit Agent',
};

/** Under /admindashboard/administrativetools/ (screens of other remotes than master-data). */
export const LATER_TOOL_SCREENS: Record<string, string> = {
  manageshipmentcounter: 'Manage Shipment Counter',
  deleteshipment: 'Manage Shipment Deletion',
};

/** Under /admindashboard/accounts/ (Head only, like the hub). */
export const LATER_ACCOUNTS_SCREENS: Record<string, string> = {
  debitpayment: 'Debit Payment',
  viewdebit: 'Debits',
  creditpayment: 'Credit Payment',
  viewcredit: 'Credits',
  'editcredit/:id': 'Edit Credit',
  managevouchercounter: 'Manage Voucher Counter',
};

/** Public and client screens (no staff shell): the client portal and Track & Trace. */
export const LATER_PUBLIC_SCREENS: Record<string, string> = {
  clientlogin: 'Members Area',
  Searchbl: 'Track & Trace',
  consigneeshipmentview: 'Ocean Visibility',
  'viewbookingconsignee/:jobNo': 'View Booking',
  viewvesselconsignee: 'Vessels',
  viewagentconsignee: 'Agents',
  shippershipmentview: 'Shipper Bookings',
  'viewbookingshipper/:jobNo': 'View Booking',
};
